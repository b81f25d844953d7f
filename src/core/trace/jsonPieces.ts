import type { TraceEvent } from './event';
import { plainEvent } from './storedMessage';

/** Text handed out per piece: enough to make each write worth it, little enough to never stall. */
export const PIECE_CHARS = 256 * 1024;

/**
 * JSON.stringify(value) as a sequence of small strings whose concatenation is exactly the same
 * text: long strings are escaped slice by slice, objects and arrays walked. A caller pulls a
 * piece, writes it and lets the event loop turn, so a 50 MB message never blocks the thread
 * for the whole serialisation. Anything but plain data (toJSON, boxed values, class instances)
 * is stringified whole, as JSON.stringify would.
 */
export function* jsonPieces(value: unknown): Generator<string> {
  if (typeof value === 'string') {
    if (value.length <= PIECE_CHARS) return yield JSON.stringify(value);
    yield '"';
    for (let start = 0; start < value.length;) {
      let end = Math.min(value.length, start + PIECE_CHARS);
      // Never between the halves of a surrogate pair: alone, each half would be escaped as \udXXX.
      const last = value.charCodeAt(end - 1);
      if (end < value.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
      yield JSON.stringify(value.slice(start, end)).slice(1, -1);
      start = end;
    }
    return yield '"';
  }
  if (typeof value !== 'object' || value === null || !isPlain(value)) {
    const text = JSON.stringify(value);
    // undefined, functions and symbols have no JSON text; callers leave them out (or write null in arrays).
    if (text !== undefined) yield text;
    return;
  }
  if (Array.isArray(value)) {
    yield '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) yield ',';
      yield* hasText(value[i]) ? jsonPieces(value[i]) : ['null'];
    }
    return yield ']';
  }
  yield '{';
  let first = true;
  for (const key of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[key];
    if (!hasText(v)) continue;
    yield `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    yield* jsonPieces(v);
  }
  yield '}';
}

/** Whether JSON.stringify writes a value for it (it skips undefined, functions and symbols). */
function hasText(v: unknown): boolean {
  return v !== undefined && typeof v !== 'function' && typeof v !== 'symbol';
}

function isPlain(value: object): boolean {
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === Array.prototype || proto === null;
}

/** Joins small pieces into strings of about PIECE_CHARS, so each write is worth its cost. */
export function* batched(pieces: Iterable<string>): Generator<string> {
  let parts: string[] = [];
  let chars = 0;
  for (const piece of pieces) {
    parts.push(piece);
    chars += piece.length;
    if (chars >= PIECE_CHARS) {
      yield parts.join('');
      parts = [];
      chars = 0;
    }
  }
  if (parts.length > 0) yield parts.join('');
}

/** serializeEvent(e) in pieces (see jsonPieces): the same keys, in the same order, the same text. */
export function serializeEventPieces(e: TraceEvent): Generator<string> {
  const { seq, t, dir, kind, raw, ...rest } = plainEvent(e);
  return batched(jsonPieces({ seq, t, dir, kind, raw, ...rest }));
}
