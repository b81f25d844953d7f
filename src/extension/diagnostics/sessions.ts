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
import { preparePreload } from '../../core/preload/run';
import type { ServerEntry } from '../serverEntry';
import { traceRedactor } from '../messages/exportTrace';
import { collectSecrets, LiveSession } from './liveSession';
import type { SpillFile } from '../../core/trace/spill';
import { createSessionTrace, pruneTraceFiles } from './traceStore';

export interface SessionHandle {
  readonly trace: Trace;
  readonly transport: TransportOptions | undefined;
  /** Ends the session when the client's process exits. */
  attach(client: McpClient): void;
  /** A credential learned while running (an OAuth token): masked from now on in the file and exports. */
  addSecret(value: string): void;
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

  /** The spill file of each trace this window created (their runs' full traces). */
  private readonly files = new Map<Trace, SpillFile>();

  /**
   * `traceDir`: where each run's full trace is written (`<server>-<time>.mcptrace.jsonl`) while
   * only the newest events stay in memory; without it a session keeps every event in memory.
   */
  constructor(
    private readonly log: Log,
    private readonly preloadEnabled: () => boolean,
    private readonly traceDir?: string,
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

  /**
   * `continued`: a restart's run writes on in the previous run's trace (the dev loop keeps one
   * story). `carry`: the previous run's findings stay too (a restart after a probe killed it).
   */
  begin(
    entry: ServerEntry,
    spec: ServerSpec,
    resolved: ResolvedForSession,
    continued?: Trace,
    options: { carry?: boolean } = {},
  ): SessionHandle {
    const previous = this.byKey.get(entry.key);
    const carry = options.carry && previous && previous.trace === continued ? previous : undefined;
    previous?.dispose();
    // A new story (not a restart's continuation): the previous run's file is complete.
    if (previous && previous.trace !== continued) this.release(previous.trace);
    const session = new LiveSession(entry.key, entry.name, collectSecrets(resolved.secrets, resolved.env), {
      trace: continued ?? this.newTrace(entry.name),
      ...(carry ? { carry } : {}),
    });
    // Before the first event is written: the file on disk never holds the secrets.
    const file = this.files.get(session.trace);
    if (file) file.mask = traceRedactor(session);
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
      addSecret: (value) => {
        if (session.secrets.values.includes(value)) return;
        session.secrets.values.push(value);
        const spill = this.files.get(session.trace);
        if (spill) spill.mask = traceRedactor(session);
      },
    };
  }

  /** The file a session's full trace is written to (undefined: it is all in memory). */
  fileOf(session: LiveSession): string | undefined {
    return this.files.get(session.trace)?.path;
  }

  /** A windowed trace spilling to disk, or (no storage, or it cannot be written) one that keeps everything in memory. */
  private newTrace(serverName: string): Trace | undefined {
    if (!this.traceDir) return undefined;
    try {
      const { trace, spill } = createSessionTrace(this.traceDir, serverName);
      this.files.set(trace, spill);
      const removed = pruneTraceFiles(this.traceDir, serverName, new Set([...this.files.values()].map((f) => f.path)));
      if (removed.length) this.log.info(`[${serverName}] removed ${removed.length} old trace file(s) from ${this.traceDir}`);
      return trace;
    } catch (error) {
      this.log.warn(
        `[${serverName}] cannot write the trace to ${this.traceDir} (${error instanceof Error ? error.message : String(error)}): keeping every event in memory`,
      );
      return undefined;
    }
  }

  /**
   * Flushes and closes a trace's file; it stays readable (export) and becomes prunable. The
   * trace itself stays usable: a late event of the old process reopens the file to append.
   */
  private release(trace: Trace): void {
    this.files.get(trace)?.close();
    this.files.delete(trace);
  }

  override dispose(): void {
    for (const session of this.byKey.values()) {
      session.dispose();
      this.release(session.trace);
    }
    this.byKey.clear();
    super.dispose();
  }
}
