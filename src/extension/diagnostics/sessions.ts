/**
 * Gives each server start its LiveSession (trace, live diagnostics, UI models) and its
 * preload, and ends the session when the process is gone. The registry calls begin() just
 * before it creates the McpClient; the views listen here.
 */
import * as vscode from 'vscode';
import type { McpClient } from '../../core/session/client';
import type { Trace } from '../../core/trace/trace';
import type { ServerSpec, TransportOptions } from '../../core/transport/stdio';
import { Disposable } from '../lifecycle';
import type { Log } from '../log';
import { preparePreload } from '../preload';
import type { ServerEntry } from '../serverEntry';
import { collectSecrets, LiveSession } from './liveSession';

export interface SessionHandle {
  readonly trace: Trace;
  readonly transport: TransportOptions | undefined;
  /** Ends the session when the client's process exits. */
  attach(client: McpClient): void;
}

export interface ResolvedForSession {
  env: Record<string, string | null>;
  secrets: string[];
}

export class Sessions extends Disposable {
  private readonly byKey = new Map<string, LiveSession>();
  private readonly started = this.register(new vscode.EventEmitter<LiveSession>());
  /** A server started: its new session replaces the previous run's. */
  readonly onDidStart = this.started.event;
  private readonly diagnosed = this.register(new vscode.EventEmitter<LiveSession>());
  /** A session's diagnostics changed (new ones, or the end-of-stream ones). */
  readonly onDidChangeDiagnostics = this.diagnosed.event;

  constructor(
    private readonly log: Log,
    private readonly preloadEnabled: () => boolean,
  ) {
    super();
  }

  /** The latest run of a server (kept after it stopped, so its story can still be read). */
  get(key: string): LiveSession | undefined {
    return this.byKey.get(key);
  }

  get all(): LiveSession[] {
    return [...this.byKey.values()];
  }

  /** `continued`: a restart's run writes on in the previous run's trace (the dev loop keeps one story). */
  begin(entry: ServerEntry, spec: ServerSpec, resolved: ResolvedForSession, continued?: Trace): SessionHandle {
    this.byKey.get(entry.key)?.dispose();
    const session = new LiveSession(entry.key, entry.name, collectSecrets(resolved.secrets, resolved.env), { trace: continued });
    this.byKey.set(entry.key, session);
    entry.session = session;
    session.onDidDiagnose(() => this.diagnosed.fire(session));
    session.onDidEnd(() => this.diagnosed.fire(session));
    // A stray line finds its source after its diagnostic fired: the Problems squiggle moves then.
    session.onDidAppend((e) => e.kind === 'stray-source' && this.diagnosed.fire(session));

    const preload = preparePreload(spec, this.preloadEnabled(), (message) => this.log.warn(`[${entry.name}] ${message}`));
    if (preload.runtimes) this.log.info(`[${entry.name}] stray-stdout preload: ${preload.runtimes}`);
    preload.attach(session.trace);
    this.started.fire(session);
    this.diagnosed.fire(session);
    return {
      trace: session.trace,
      transport: preload.transport,
      attach: (client) => {
        // The preloads' last records arrive after the exit; the end-only rules wait for them.
        void client.exited
          .then(() => preload.finish())
          .catch((error) => this.log.error(`[${entry.name}] reading the preload side channel failed`, error))
          .finally(() => session.end());
      },
    };
  }

  override dispose(): void {
    for (const session of this.byKey.values()) session.dispose();
    this.byKey.clear();
    super.dispose();
  }
}
