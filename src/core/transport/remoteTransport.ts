/**
 * What the transports to a `url` server (Streamable HTTP, the HTTP+SSE transport of 2024-11-05,
 * and the one that falls back from the first to the second) have in common: no process, the
 * messages they read handed to `onMessage`, and `exited` settled when the connection is over.
 */
import type { TraceEvent } from '../trace/event';
import type { Trace } from '../trace/trace';
import { Emitter, type Disposable } from '../util/disposable';
import type { JsonRpcMessage } from '../wire/message';
import type { HttpServerSpec } from './http';
import { redactUrl } from './httpRedact';
import type { ExitInfo, Transport } from './transport';

export abstract class RemoteTransport implements Transport {
  protected readonly messageEmitter = new Emitter<TraceEvent>();
  private resolveExited!: (info: ExitInfo) => void;
  /** Values (resolved password inputs) hidden wherever they would appear in the trace. */
  protected readonly secrets: readonly string[];
  /** The configured URL as the trace shows it: no credentials in it. */
  protected readonly shownUrl: string;

  readonly exited: Promise<ExitInfo>;
  readonly pid = undefined;
  readonly onMessage = (listener: (e: TraceEvent) => void): Disposable => this.messageEmitter.event(listener);

  constructor(
    readonly spec: HttpServerSpec,
    readonly trace: Trace,
  ) {
    this.exited = new Promise((resolve) => (this.resolveExited = resolve));
    this.secrets = spec.secrets ?? [];
    this.shownUrl = redactUrl(spec.url, this.secrets);
  }

  abstract start(): Promise<void>;
  abstract send(line: string, message?: JsonRpcMessage): Promise<void>;
  abstract close(): Promise<void>;

  /** The connection is over: an HTTP connection has no exit status, unless `info` passes one on. */
  protected settleExited(info: ExitInfo = { code: null, signal: null }): void {
    this.resolveExited(info);
  }
}

/** Why a configured URL cannot serve an HTTP transport (`transportName`: the one that needs it), or undefined. */
export function httpUrlProblem(url: string, shown: string, transportName: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `"${shown}" is not a valid URL`;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return `"${shown}" is not an http(s) URL (${transportName} needs http:// or https://)`;
  return undefined;
}
