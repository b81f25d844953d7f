import type { JsonRpcMessage } from '../wire/message';
import type { Direction, TraceEvent } from './event';

/** Lines up to this long are stored compactly; a longer one keeps its parsed message (parsing it again would stall). */
export const COMPACT_LINE_CHARS = 64 * 1024;
/**
 * Parsed messages (and texts) of the newest compact events kept at hand (the live consumers:
 * client, diagnostics, views, read these), in a ring indexed by seq: no hashing, no per-event cost.
 * Events of two traces may take each other's place; the loser's message is parsed again.
 * Small on purpose: the live consumers read an event's message while it is appended, and a
 * message the ring holds outlives the young generation's collections and is copied into the
 * old one; with 4096 a flood's garbage collection cost ~2k more instructions per event.
 */
const RECENT = 256;
const ringEvents: Array<TraceEvent | undefined> = new Array(RECENT);
const ringMessages: Array<JsonRpcMessage | undefined> = new Array(RECENT);
const ringRaws: Array<string | undefined> = new Array(RECENT);

/**
 * A message event stored as its line. A flood's parsed messages were more than half the memory
 * of a trace, and each one is the JSON.parse of `raw` (jsonEvent): `msg` is the very object the
 * trace was given while the event is among the newest; an older event's `msg` is parsed from
 * `raw` again when asked (an equal object, not the same one).
 *
 * An ASCII line read from a chunk may be kept as its bytes (in the chunk it came in, or the
 * framer's copy of that chunk's lines: shared by them) rather than its text: `raw` is then the very text given while the
 * event is among the newest, and decoded again from the bytes after. Text kept in the heap was
 * copied by each young-generation collection the event survived (a slice of the chunk's
 * decoding, and the decoding itself); bytes outside it are not.
 *
 * `msg` and `raw` are getters of the class, not own properties: defining an own accessor on
 * every event was a tenth of a flood's CPU. So the event serialises (toJSON, serializeEvent) as
 * the plain event it stands for, but spreading it or structuredClone would leave them out: copy
 * one with `plainEvent`.
 */
export class StoredMessage implements TraceEvent {
  constructor(
    public seq: number,
    public t: number,
    public dir: Direction,
    public kind: TraceEvent['kind'],
    /** The line's text, or a buffer holding its ASCII bytes from `at` to the next newline. */
    private line: string | Buffer,
    private at: number,
  ) {}

  get raw(): string {
    const line = this.line;
    if (typeof line === 'string') return line;
    const slot = this.seq & (RECENT - 1);
    if (ringEvents[slot] === this) return ringRaws[slot]!;
    // ASCII is its own Latin-1 decoding, one character a byte.
    return line.toString('latin1', this.at, line.indexOf(10, this.at));
  }

  // Whoever sets `raw` gets that text back, as on any event.
  set raw(value: string) {
    this.line = value;
  }

  get msg(): JsonRpcMessage {
    const slot = this.seq & (RECENT - 1);
    if (ringEvents[slot] === this) return ringMessages[slot]!;
    const raw = this.raw;
    const msg = JSON.parse(raw) as JsonRpcMessage;
    remember(this, msg, raw);
    return msg;
  }

  // Whoever sets `msg` gets a plain data property, as on any event.
  set msg(value: JsonRpcMessage) {
    forget(this);
    Object.defineProperty(this, 'msg', { value, writable: true, enumerable: true, configurable: true });
  }

  /** The plain event, fields in the order every trace line has (JSON.stringify, a webview's postMessage). */
  toJSON(): TraceEvent {
    return plainEvent(this);
  }
}

/** The event as a plain object, `raw` and `msg` own properties (the event itself when it is one): what to spread, clone or compare. */
export function plainEvent(e: TraceEvent): TraceEvent {
  if (!(e instanceof StoredMessage)) return e;
  return { seq: e.seq, t: e.t, dir: e.dir, kind: e.kind, raw: e.raw, msg: e.msg };
}

/** A message event stored as its line (see StoredMessage): its text, or `bytes` from `at` when given. */
export function storedMessage(
  seq: number,
  t: number,
  dir: Direction,
  kind: TraceEvent['kind'],
  raw: string,
  msg?: JsonRpcMessage,
  bytes?: Buffer,
  at = 0,
): TraceEvent {
  const e = new StoredMessage(seq, t, dir, kind, bytes ?? raw, at);
  // Without `msg` (a line this program wrote itself) the message is parsed on first read.
  if (msg !== undefined) remember(e, msg, raw);
  return e;
}

function remember(e: TraceEvent, msg: JsonRpcMessage, raw: string): void {
  const slot = e.seq & (RECENT - 1);
  ringEvents[slot] = e;
  ringMessages[slot] = msg;
  ringRaws[slot] = raw;
}

function forget(e: TraceEvent): void {
  const slot = e.seq & (RECENT - 1);
  if (ringEvents[slot] !== e) return;
  ringEvents[slot] = undefined;
  ringMessages[slot] = undefined;
  ringRaws[slot] = undefined;
}
