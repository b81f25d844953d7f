/**
 * Launching a server with the stray-stdout preloads (unless the editor's `mcpLens.preload.enabled` is
 * false): the preloads' variables go to the transport, which merges NODE_OPTIONS and
 * PYTHONPATH with the child's own; their side channel is tailed into the server's trace as
 * 'stray-source' events, and removed when the server is gone.
 */
import { createSideChannelPath, preloadEnv, readSideChannel, removeSideChannel, strayEvent, type SideChannelReader } from './index';
import { errorStack } from '../session/errors';
import type { Trace } from '../trace/trace';
import type { ServerSpec, TransportOptions } from '../transport/stdio';

export interface PreloadRun {
  /** What the transport needs (undefined: launch as configured). */
  readonly transport: TransportOptions | undefined;
  /** Which preloads were injected, for the log. */
  readonly runtimes: string;
  /** Starts tailing the side channel into `trace`. */
  attach(trace: Trace): void;
  /** After the server exited: delivers the last records, stops tailing, deletes the file. Idempotent. */
  finish(): Promise<void>;
}

const NONE: PreloadRun = { transport: undefined, runtimes: '', attach: () => undefined, finish: () => Promise.resolve() };

/**
 * Prepares the preloads for `spec`. A command that starts neither Node nor Python, or a
 * disabled setting, gets no preload; a missing preload file (an unbuilt checkout) is reported
 * through `warn` and the server starts without it.
 */
export function preparePreload(spec: ServerSpec, enabled: boolean, warn: (message: string) => void): PreloadRun {
  if (!enabled) return NONE;
  let file: string | undefined;
  try {
    file = createSideChannelPath();
    const env = preloadEnv(spec, { sideChannelPath: file });
    if (!env) {
      removeSideChannel(file);
      return NONE;
    }
    return new SideChannelRun(file, env, warn);
  } catch (error) {
    if (file) removeSideChannel(file);
    warn(`stray-stdout preload not used: ${error instanceof Error ? error.message : String(error)}`);
    return NONE;
  }
}

class SideChannelRun implements PreloadRun {
  readonly transport: TransportOptions;
  readonly runtimes: string;
  private reader: SideChannelReader | undefined;
  private finishing: Promise<void> | undefined;

  constructor(
    private readonly file: string,
    env: Record<string, string>,
    private readonly warn: (message: string) => void,
  ) {
    this.transport = { preload: { env } };
    this.runtimes = [env.NODE_OPTIONS && 'node', env.PYTHONPATH && 'python'].filter(Boolean).join(' + ');
  }

  attach(trace: Trace): void {
    if (this.reader || this.finishing) return;
    this.reader = readSideChannel(this.file, (record) => void trace.append(strayEvent(record)), {
      onListenerError: (error) => this.warn(`a stray-stdout record could not be added to the trace: ${errorStack(error)}`),
    });
  }

  finish(): Promise<void> {
    this.finishing ??= (async () => {
      try {
        await this.reader?.drain();
      } finally {
        this.reader?.dispose();
        removeSideChannel(this.file);
      }
    })();
    return this.finishing;
  }
}
