/**
 * One run of one server as the UI sees it: its Trace, the DiagnosticsEngine fed live from
 * it, the Messages model and the stderr panel's lines. No `vscode` here: the benchmark
 * drives a session at 100 000 events.
 */
import type { Diagnostic } from '../../core/diagnose/diagnostic';
import { DiagnosticsEngine } from '../../core/diagnose/engine';
import { isProbeRefusal } from '../../core/probe/refusals';
import type { TraceEvent } from '../../core/trace/event';
import { Trace } from '../../core/trace/trace';
import { Emitter, type Disposable } from '../../core/util/disposable';
import { MessageModel } from '../messages/model';
import type { MessageNode } from '../messages/nodes';
import { OutputBuffer } from '../stderr/outputBuffer';

/** Events pinned at the start of a run (its handshake) and, at most, for diagnostics' evidence. */
const PIN_HEAD = 64;
const PIN_CITED = 2000;

/** The event `seq` among those a Messages row holds. */
function eventOfRow(node: MessageNode | undefined, seq: number): TraceEvent | undefined {
  if (!node) return undefined;
  if (node.type !== 'exchange') return node.event.seq === seq ? node.event : node.source?.seq === seq ? node.source : undefined;
  for (const e of [node.request, node.response, node.timedOut, node.cancelled]) if (e?.seq === seq) return e;
  return undefined;
}

export interface SessionSecrets {
  /** Values to mask in anything exported: password inputs, and env values whose names look secret. */
  values: string[];
}

export class LiveSession {
  readonly trace: Trace;
  readonly engine = new DiagnosticsEngine();
  readonly messages: MessageModel;
  readonly output: OutputBuffer;
  readonly started = Date.now();
  private isEnded = false;
  /** The run's first events, and the events diagnostics cite (see `pin`). */
  private readonly head = new Map<number, TraceEvent>();
  private readonly cited = new Map<number, TraceEvent>();
  private readonly listening: Disposable;
  private probing = false;
  /** The seqs of the requests the probes of Start sent (bounded: a probe run sends a few dozen). */
  private readonly probeRequests = new Set<number>();
  /** The previous run's findings, kept when this run continues its story (options.carry). */
  private readonly carried: readonly Diagnostic[];

  private readonly diagnosed = new Emitter<readonly Diagnostic[]>();
  /** Fires with the diagnostics an event (or the end of the stream) newly proved. */
  readonly onDidDiagnose = this.diagnosed.event;
  private readonly appended = new Emitter<TraceEvent>();
  /** Fires per trace event, after the models took it; listeners batch their own refreshes. */
  readonly onDidAppend = this.appended.event;
  private readonly endedEmitter = new Emitter<void>();
  readonly onDidEnd = this.endedEmitter.event;

  constructor(
    readonly serverKey: string,
    readonly serverName: string,
    readonly secrets: SessionSecrets = { values: [] },
    options: { trace?: Trace; window?: number; outputCapacity?: number; carry?: LiveSession } = {},
  ) {
    this.trace = options.trace ?? new Trace();
    this.messages = new MessageModel(options.window);
    this.output = new OutputBuffer(options.outputCapacity);
    // A continued trace (a restart) shows its earlier runs too; only this run is diagnosed.
    for (const e of this.trace.events) {
      this.messages.add(e);
      this.output.add(e);
    }
    this.carried = options.carry?.diagnostics ?? [];
    // Their evidence stays readable here, as this run's own does (see `pin`).
    for (const d of this.carried)
      for (const seq of d.evidence) {
        const cited = options.carry!.event(seq);
        if (cited) this.cited.set(seq, cited);
      }
    this.listening = this.trace.onEvent((e) => this.take(e));
  }

  get diagnostics(): readonly Diagnostic[] {
    const all = this.engine.all;
    const own = this.probeRequests.size === 0 ? all : all.filter((d) => !isProbeRefusal(d, this.probeRequests));
    return this.carried.length === 0 ? own : [...this.carried, ...own];
  }

  /**
   * The probes of Start (probeOnStart.ts) run from here to endProbes: the requests sent meanwhile
   * are theirs, and a refusal of one (an unknown URI answered with an error, as the spec asks)
   * is the probe's to judge, never a diagnostic of its own (`check` filters the same way).
   */
  beginProbes(): void {
    this.probing = true;
  }

  endProbes(): void {
    this.probing = false;
  }

  get ended(): boolean {
    return this.isEnded;
  }

  private take(e: TraceEvent): void {
    this.messages.add(e);
    this.output.add(e);
    if (this.probing && e.dir === 'c2s' && e.kind === 'request') this.probeRequests.add(e.seq);
    const fed = this.engine.feed(e);
    const found = this.probeRequests.size === 0 ? fed : fed.filter((d) => !isProbeRefusal(d, this.probeRequests));
    this.pin(e, found);
    this.appended.fire(e);
    if (found.length > 0) this.diagnosed.fire(found);
  }

  /** End of stream (the server exited and the side channel is drained): the end-only rules run. */
  end(): void {
    if (this.isEnded) return;
    this.isEnded = true;
    const found = this.engine.end();
    if (found.length > 0) this.diagnosed.fire(found);
    this.endedEmitter.fire();
  }

  /**
   * Event `seq` if the editor still holds it: the trace's in-memory window, the events pinned
   * for diagnostics, or the Messages rows. Undefined for an older one (see `missingText`).
   */
  event(seq: number): TraceEvent | undefined {
    return this.trace.event(seq) ?? this.head.get(seq) ?? this.cited.get(seq) ?? eventOfRow(this.messages.nodeOf(seq), seq);
  }

  /** Why event `seq` cannot be shown, when `event(seq)` has nothing: the text a user reads. */
  missingText(seq: number): string {
    if (seq >= 1 && seq <= this.trace.evicted)
      return `event #${seq} is older than the in-memory window (the newest ${this.trace.events.length} of ${this.trace.count} events); export the trace to see it`;
    return `event #${seq} is not in this run's trace`;
  }

  /**
   * The run's first events (spawn, handshake, lists) and every diagnostic's evidence stay
   * readable after the trace's window has moved on: a card or a reveal cites them long after.
   */
  private pin(e: TraceEvent, found: readonly Diagnostic[]): void {
    if (this.head.size < PIN_HEAD) this.head.set(e.seq, e);
    for (const d of found) {
      for (const seq of d.evidence) {
        if (this.head.has(seq) || this.cited.has(seq)) continue;
        const cited = this.event(seq);
        if (!cited) continue;
        this.cited.set(seq, cited);
        // Bounded: the oldest citation goes first (a Map iterates in insertion order).
        if (this.cited.size > PIN_CITED) this.cited.delete(this.cited.keys().next().value!);
      }
    }
  }

  dispose(): void {
    // The next run may write on in this trace: stop taking its events.
    this.listening.dispose();
    this.diagnosed.dispose();
    this.appended.dispose();
    this.endedEmitter.dispose();
  }
}

const SECRET_NAME =
  /(token|secret|passw(or)?d|passwd|pwd|api[-_]?key|access[-_]?key|private[-_]?key|^key$|_key$|auth|credential|bearer|cookie|session)/i;

/** Whether a variable or header name looks like it holds a secret. */
export function looksSecret(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** The values an exported trace must not show: password inputs and secret-looking env values. */
export function collectSecrets(
  passwords: readonly string[],
  env: Record<string, string | null | undefined>,
  headers: Record<string, string> = {},
): SessionSecrets {
  const values = new Set(passwords.filter((p) => p.length > 0));
  for (const [name, value] of [...Object.entries(env), ...Object.entries(headers)]) {
    // Short values ("1", "true") would mask unrelated text everywhere.
    if (!value || value.length < 4 || !looksSecret(name)) continue;
    values.add(value);
    // "Authorization: Bearer sk-…": a server that echoes the token shows it without the scheme.
    const token = /^(?:bearer|basic|token)\s+(\S{4,})$/i.exec(value)?.[1];
    if (token) values.add(token);
  }
  return { values: [...values] };
}
