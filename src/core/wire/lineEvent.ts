import type { Direction, NewTraceEvent } from '../trace/event';
import { messageKind, type JsonRpcMessage } from './message';
import type { Frame } from './framer';

/** The framing facts of a frame, copied onto its event. */
export function frameFlags(frame: Frame): Partial<NewTraceEvent> {
  const flags: Partial<NewTraceEvent> = {};
  if (frame.crlf) flags.crlf = true;
  if (frame.invalidUtf8) {
    flags.invalidUtf8 = true;
    flags.bytes = frame.bytes;
  }
  return flags;
}

/** `e` with the frame's facts added in place (the same keys, in the same order, as spreading frameFlags). */
export function withFrameFlags(e: NewTraceEvent, frame: Frame): NewTraceEvent {
  // No copy: this runs once per line of a flood, and a well-formed line has no flags.
  if (frame.crlf) e.crlf = true;
  if (frame.invalidUtf8) {
    e.invalidUtf8 = true;
    e.bytes = frame.bytes;
  }
  return e;
}

export function tryParse(text: string): { ok: true; value: unknown } | { ok: false } {
  const value = parseJson(text);
  return value === NOT_JSON ? { ok: false } : { ok: true, value };
}

/** What parseJson gives for text that is not JSON (no JSON text parses to a symbol). */
export const NOT_JSON: unique symbol = Symbol('not JSON');

/** JSON.parse, with NOT_JSON for text that is not JSON: tryParse without an object per line. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}

/**
 * The event for one complete JSON text on a protocol stream: a message (kind
 * request/response/notification, `msg` set) or 'not-jsonrpc' (`json` set).
 */
export function jsonEvent(dir: Direction, raw: string, value: unknown): NewTraceEvent {
  const kind = messageKind(value);
  if (kind === undefined) return { dir, raw, kind: 'not-jsonrpc', json: value };
  return { dir, raw, kind, msg: value as JsonRpcMessage };
}

/** Classifies one protocol line on its own: message, not-jsonrpc or stray. No glue or multiline recovery. */
export function lineEvent(dir: Direction, raw: string): NewTraceEvent {
  const parsed = tryParse(raw);
  if (!parsed.ok) return { dir, raw, kind: 'stray' };
  return jsonEvent(dir, raw, parsed.value);
}

/** stderr is the server's log: every line is kept as it is (stdio transport: "MAY write UTF-8 strings to stderr"). */
export function stderrEvent(frame: Frame): NewTraceEvent {
  const e: NewTraceEvent = { dir: 'stderr', kind: 'log', raw: frame.text, ...frameFlags(frame) };
  if (frame.oversize !== undefined) e.info = { oversize: true, bytes: frame.oversize };
  if (frame.partial) e.info = { ...e.info, partial: true };
  return e;
}
