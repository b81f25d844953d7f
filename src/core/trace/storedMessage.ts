import type { JsonRpcMessage } from '../wire/message';
import type { Direction, TraceEvent } from './event';

/** Lines up to this long are stored compactly; a longer one keeps its parsed message (parsing it again would stall). */
export const COMPACT_LINE_CHARS = 64 * 1024;
/**
 * Parsed messages of the newest compact events kept at hand (the live consumers: client,
 * diagnostics, views, read these), in a ring indexed by seq: no hashing, no per-event cost.
 * Events of two traces may take each other's place; the loser's message is parsed again.
 */
const RECENT = 4096;
const ringEvents: Array<TraceEvent | undefined> = new Array(RECENT);
const ringMessages: Array<JsonRpcMessage | undefined> = new Array(RECENT);

/**
 * `msg` of a compact event: an own, enumerable accessor (so spreading, JSON.stringify, deep
 * equality and structured clone see the message as before), shared by every such event (so it
 * costs no memory per event).
 */
const MSG: PropertyDescriptor = {
  get(this: TraceEvent): JsonRpcMessage {
    const slot = this.seq & (RECENT - 1);
    if (ringEvents[slot] === this) return ringMessages[slot]!;
    const msg = JSON.parse(this.raw) as JsonRpcMessage;
    remember(this, msg);
    return msg;
  },
  // Whoever sets `msg` gets a plain data property, as on any event.
  set(this: TraceEvent, value: JsonRpcMessage) {
    forget(this);
    Object.defineProperty(this, 'msg', { value, writable: true, enumerable: true, configurable: true });
  },
  enumerable: true,
  configurable: true,
};

/**
 * A message event stored as its line. A flood's parsed messages were more than half the memory
 * of a trace, and each one is the JSON.parse of `raw` (jsonEvent): `msg` is the very object the
 * trace was given while the event is among the newest; an older event's `msg` is parsed from
 * `raw` again when asked (an equal object, not the same one).
 */
export function storedMessage(seq: number, t: number, dir: Direction, kind: TraceEvent['kind'], raw: string, msg?: JsonRpcMessage): TraceEvent {
  const e = { seq, t, dir, kind, raw } as TraceEvent;
  Object.defineProperty(e, 'msg', MSG);
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
