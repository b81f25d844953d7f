import { Emitter, type Disposable } from '../util/disposable';
import { now, type Direction, type MessageKind, type NewTraceEvent, type TraceEvent } from './event';
import type { JsonRpcMessage } from '../wire/message';
import { serializeEvent } from './jsonl';
import { serializeEventPieces } from './jsonPieces';
import { ASYNC_LINE_CHARS, type TraceSpill } from './spill';
import { COMPACT_LINE_CHARS, plainEvent, storedMessage } from './storedMessage';
import { lineEvent } from '../wire/lineEvent';

export interface TraceOptions {
  /**
   * Keep only about the newest `keepLast` events in memory (`events` becomes a window); needs
   * `spill`, which receives every event, so that the whole trace can still be read back.
   */
  keepLast?: number;
  /** Every appended event is written here, serialized, as it is appended. */
  spill?: TraceSpill;
}

/**
 * The ordered record of everything seen on one connection (DESIGN.md §3).
 *
 * By default it keeps every event in memory (the CLI and the language server read it whole).
 * With `keepLast`, `events` is a window: the newest events, at least `keepLast` of them (and
 * fewer than 1.25 × keepLast: old events leave in blocks, so eviction costs O(1) per event);
 * `seq` stays global, `evicted` counts the events that left, and `lines()` reads the full
 * trace back from the spill.
 */
export class Trace {
  private readonly list: TraceEvent[] = [];
  private readonly emitter = new Emitter<TraceEvent>();
  private nextSeq = 1;
  private readonly spill: TraceSpill | undefined;
  /** Length at which the oldest `block` events are dropped (Infinity: keep all). */
  private readonly limit: number;
  private readonly block: number;
  private dropped = 0;

  constructor(options: TraceOptions = {}) {
    this.spill = options.spill;
    const keep = options.keepLast;
    if (keep === undefined) {
      this.limit = Infinity;
      this.block = 0;
      return;
    }
    if (!Number.isInteger(keep) || keep < 1) throw new RangeError(`keepLast must be a positive integer, got ${keep}`);
    if (!this.spill) throw new Error('keepLast needs a spill: evicted events must stay readable');
    this.block = Math.ceil(keep / 4);
    this.limit = keep + this.block;
  }

  /** The events in memory, oldest first: all of them, or the newest ones when `keepLast` is set. */
  get events(): readonly TraceEvent[] {
    return this.list;
  }

  /** How many events have been appended, in memory or not. */
  get count(): number {
    return this.nextSeq - 1;
  }

  /** How many of the oldest events are no longer in `events` (seq 1 … evicted). */
  get evicted(): number {
    return this.dropped;
  }

  /** Event `seq` if it is still in memory (seqs are dense from 1, so this is an index). */
  event(seq: number): TraceEvent | undefined {
    const e = this.list[seq - 1 - this.dropped];
    return e?.seq === seq ? e : undefined;
  }

  /**
   * Numbers the event (seq from 1), stamps it unless it carries its own `t` (with `stamp` when
   * the caller took the time already, e.g. a chunk's arrival), stores and announces it.
   */
  append(e: NewTraceEvent, stamp?: number): TraceEvent {
    const t = e.t ?? stamp ?? now();
    // The common case: its line, with the message parsed again when asked (see StoredMessage).
    if (plainMessage(e)) return this.appendMessage(e.dir, e.kind as MessageKind, e.raw, e.msg!, t);
    // Object.assign rather than rest/spread (once per line of a flood); it keeps the event's
    // own key order, in which serializeEvent writes the fields after the first five.
    // plainEvent: a stored event of another trace copies with its message.
    const event = Object.assign({ seq: this.nextSeq++, t: 0 }, plainEvent(e as TraceEvent)) as TraceEvent;
    event.t = t;
    return this.store(event);
  }

  /**
   * append() of a message event given by its parts (dir, kind, raw, msg and its stamp): what a
   * flood's lines are, with no event object to build and check for other keys first. `bytes`
   * from `at` (up to a newline) are raw's bytes when it is ASCII: they are kept instead of raw.
   */
  appendMessage(dir: Direction, kind: MessageKind, raw: string, msg: JsonRpcMessage, t: number, bytes?: Buffer, at?: number): TraceEvent {
    const seq = this.nextSeq++;
    if (raw.length >= COMPACT_LINE_CHARS) return this.store({ seq, t, dir, kind, raw, msg });
    return this.store(storedMessage(seq, t, dir, kind, raw, msg, bytes, at));
  }

  /**
   * A message this program serialised itself (`raw` is its JSON text), of the kind read from
   * the value (ownMessageKind): stored as its line without parsing it again; its `msg` is
   * parsed from `raw` when first read, as an older compact event's is.
   */
  appendOwnMessage(dir: 'c2s' | 's2c', kind: 'request' | 'notification' | 'response', raw: string): TraceEvent {
    if (raw.length >= COMPACT_LINE_CHARS) return this.append(lineEvent(dir, raw));
    return this.store(storedMessage(this.nextSeq++, now(), dir, kind, raw));
  }

  private store(event: TraceEvent): TraceEvent {
    this.list.push(event);
    if (this.spill) {
      // A huge event is serialised piece by piece as the spill writes it, off this call.
      this.spill.write(event.raw.length >= ASYNC_LINE_CHARS ? serializeEventPieces(event) : serializeEvent(event));
      if (this.list.length >= this.limit) this.evict();
    }
    this.emitter.fire(event);
    return event;
  }

  /** The whole trace, serialized one event per line, oldest first: from the spill when there is one. */
  async *lines(): AsyncIterable<string> {
    if (this.spill) {
      yield* this.spill.lines();
      return;
    }
    // A snapshot: events appended while the caller awaits belong to a later read.
    const n = this.list.length;
    for (let i = 0; i < n; i++) yield serializeEvent(this.list[i]!);
  }

  /**
   * The whole trace as *.mcptrace.jsonl text (every line ends in \n), in chunks of any size:
   * what an export copies without holding a huge line whole (from the spill when there is one).
   */
  async *text(): AsyncIterable<string> {
    if (this.spill) {
      yield* this.spill.text();
      return;
    }
    const n = this.list.length;
    for (let i = 0; i < n; i++) {
      const e = this.list[i]!;
      if (e.raw.length < ASYNC_LINE_CHARS) {
        yield `${serializeEvent(e)}\n`;
        continue;
      }
      for (const piece of serializeEventPieces(e)) {
        yield piece;
        // One piece per turn of the event loop, as the spill writes them.
        await new Promise((resolve) => setImmediate(resolve));
      }
      yield '\n';
    }
  }

  readonly onEvent = (listener: (e: TraceEvent) => void): Disposable => this.emitter.event(listener);

  private evict(): void {
    // In place: no new array, the survivors move down once per `block` appends.
    this.list.copyWithin(0, this.block);
    this.list.length -= this.block;
    this.dropped += this.block;
  }

  /** Stops announcing events and closes the spill (its file stays readable through `lines()`). */
  dispose(): void {
    this.emitter.dispose();
    this.spill?.close();
  }
}

/** A message event with nothing but dir, raw, kind, msg (and t): its serialisation does not depend on key order. */
function plainMessage(e: NewTraceEvent): boolean {
  if (e.msg === undefined) return false;
  for (const key in e) if (key !== 'dir' && key !== 'raw' && key !== 'kind' && key !== 'msg' && key !== 't') return false;
  return true;
}
