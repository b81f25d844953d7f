import type { JsonRpcMessage } from '../wire/message';
import type { Direction, TraceEvent } from './event';

/** Lines up to this long are stored compactly; a longer one keeps its parsed message (parsing it again would stall). */
export const COMPACT_LINE_CHARS = 64 * 1024;
/**
 * Parsed messages of the newest compact events kept at hand (the live consumers: client,
 * diagnostics, views, read these), in a ring indexed by seq: no hashing, no per-event cost.
 * Events of two traces may take each other's place; the loser's message is parsed again.
 * Small on purpose: the live consumers read an event's message while it is appended, and a
 * message the ring holds outlives the young generation's collections and is copied into the
 * old one; with 4096 a flood's garbage collection cost ~2k more instructions per event.
 */
const RECENT = 256;
const ringEvents: Array<TraceEvent | undefined> = new Array(RECENT);
const ringMessages: Array<JsonRpcMessage | undefined> = new Array(RECENT);

/**
 * A message event stored as its line. A flood's parsed messages were more than half the memory
 * of a trace, and each one is the JSON.parse of `raw` (jsonEvent): `msg` is the very object the
 * trace was given while the event is among the newest; an older event's `msg` is parsed from
 * `raw` again when asked (an equal object, not the same one).
 *
 * `msg` is a getter of the class, not an own property: defining an own accessor on every event
 * was a tenth of a flood's CPU. So the event serialises (toJSON, serializeEvent) as the plain
 * event it stands for, but spreading it or structuredClone would leave `msg` out: copy one with
 * `plainEvent`.
 */
export class StoredMessage implements TraceEvent {
  constructor(
    public seq: number,
    public t: number,
    public dir: Direction,
    public kind: TraceEvent['kind'],
    public raw: string,
  ) {}

  get msg(): JsonRpcMessage {
    const slot = this.seq & (RECENT - 1);
    if (ringEvents[slot] === this) return ringMessages[slot]!;
    const msg = JSON.parse(this.raw) as JsonRpcMessage;
    remember(this, msg);
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

/** The event as a plain object, `msg` an own property (the event itself when it is one): what to spread, clone or compare. */
export function plainEvent(e: TraceEvent): TraceEvent {
  if (!(e instanceof StoredMessage)) return e;
  return { seq: e.seq, t: e.t, dir: e.dir, kind: e.kind, raw: e.raw, msg: e.msg };
}

/** A message event stored as its line (see StoredMessage). */
export function storedMessage(
  seq: number,
  t: number,
  dir: Direction,
  kind: TraceEvent['kind'],
  raw: string,
  msg?: JsonRpcMessage,
): TraceEvent {
  const e = new StoredMessage(seq, t, dir, kind, raw);
  // Without `msg` (a line this program wrote itself) the message is parsed on first read.
  if (msg !== undefined) remember(e, msg);
  return e;
}

function remember(e: TraceEvent, msg: JsonRpcMessage): void {
  const slot = e.seq & (RECENT - 1);
  ringEvents[slot] = e;
  ringMessages[slot] = msg;
}

function forget(e: TraceEvent): void {
  const slot = e.seq & (RECENT - 1);
  if (ringEvents[slot] !== e) return;
  ringEvents[slot] = undefined;
  ringMessages[slot] = undefined;
}
