import type { Direction, MessageKind, NewTraceEvent } from '../trace/event';
import type { Frame } from './framer';
import { gluedEvents } from './gluedEvents';
import { jsonEvent, NOT_JSON, parseJson, tryParse, withFrameFlags } from './lineEvent';
import { depthOver, MAX_JSON_DEPTH } from './jsonDepth';
import { classify, messageKind, type JsonRpcMessage } from './message';

/** A pretty-printed value longer than this many lines is not reassembled; its lines are reported one by one. */
const MAX_MULTILINE_LINES = 10_000;

/**
 * Turns each frame of a protocol stream (a server's stdout, or a client's stdin in the
 * record proxy) into trace events. "The server MUST NOT write anything to its stdout that
 * is not a valid MCP message": whatever else appears is still an event, classified so a
 * diagnostic can name it — stray text, messages glued to each other or to text on one line
 * (each message recovered as its own event, the text kept), one JSON value pretty-printed
 * over several lines (reassembled), JSON that is not JSON-RPC, a partial last line, an
 * oversize line.
 */
export class StdoutClassifier {
  /** Lines of a JSON value that started on an earlier line and has not closed yet. */
  private held: Frame[] = [];
  private depth = new DepthScanner();

  constructor(private readonly dir: Direction = 's2c') {}

  push(frame: Frame): NewTraceEvent[] {
    if (frame.oversize !== undefined || frame.partial) {
      return [...this.releaseHeld(), this.special(frame)];
    }
    if (this.held.length > 0) return this.continueHeld(frame);
    return this.single(frame);
  }

  /**
   * push(), except that the common line (one JSON-RPC message alone on its line, nothing to
   * flag: no \r, valid UTF-8, whole, nothing held before it) goes to `message` as its parts
   * (and its frame), with no event object or array made for it (a flood's lines, one by one).
   * Any other frame's events are returned, as push() gives them.
   */
  pushOrMessage(frame: Frame, message: (kind: MessageKind, raw: string, msg: JsonRpcMessage, line: Frame) => void): NewTraceEvent[] {
    const text = frame.text;
    if (
      this.held.length > 0 ||
      frame.oversize !== undefined ||
      frame.partial ||
      frame.crlf ||
      frame.invalidUtf8 ||
      depthOver(text) !== undefined
    ) {
      return this.push(frame);
    }
    const value = valueOf(frame);
    const kind = value === NOT_JSON ? undefined : messageKind(value);
    if (kind === undefined) return this.read(frame, value);
    message(kind, text, value as JsonRpcMessage, frame);
    return NO_EVENTS;
  }

  /** Lines are held back (a multi-line value may be open): the next frame is read as its continuation, unless it is a message on its own line, which releases them. */
  get holding(): boolean {
    return this.held.length > 0;
  }

  /** End of stream: a value that never closed is reported line by line. */
  end(): NewTraceEvent[] {
    return this.releaseHeld();
  }

  private single(frame: Frame): NewTraceEvent[] {
    const text = frame.text;
    // Checked before any parse (glued recovery included): what reads a deep value recurses.
    const depth = depthOver(text);
    if (depth !== undefined) return [tooDeepEvent(this.dir, text, depth)];
    return this.read(frame, valueOf(frame));
  }

  /** The events of a line standing on its own, given what JSON.parse made of it. */
  private read(frame: Frame, value: unknown): NewTraceEvent[] {
    const text = frame.text;
    if (value !== NOT_JSON) return [withFrameFlags(jsonEvent(this.dir, text, value), frame)];
    const glued = gluedEvents(this.dir, frame);
    if (glued) return glued;
    if (startsJson(text)) {
      this.depth.reset();
      this.depth.feed(text);
      if (this.depth.open) {
        this.held.push(frame);
        return [];
      }
    }
    return [this.stray(frame)];
  }

  private continueHeld(frame: Frame): NewTraceEvent[] {
    // A complete message on its own line means the held lines were never one value.
    const alone = parseOf(frame);
    if (alone.ok && classify(alone.value).kind !== 'not-jsonrpc') {
      return [...this.releaseHeld(), ...this.single(frame)];
    }
    this.held.push(frame);
    this.depth.feed('\n' + frame.text);
    if (this.depth.open && !this.depth.broken && this.held.length < MAX_MULTILINE_LINES) return [];
    const raw = this.held.map((f) => f.text).join('\n');
    const parsed = depthOver(raw) === undefined ? tryParse(raw) : { ok: false as const };
    if (!parsed.ok) return this.releaseHeld();
    const lines = this.held;
    this.held = [];
    const e: NewTraceEvent = { ...jsonEvent(this.dir, raw, parsed.value), multiline: true };
    if (lines.some((f) => f.crlf)) e.crlf = true;
    if (lines.some((f) => f.invalidUtf8)) e.invalidUtf8 = true;
    return [e];
  }

  /** Held lines that did not form a value: each becomes its own event. */
  private releaseHeld(): NewTraceEvent[] {
    const lines = this.held;
    this.held = [];
    return lines.map((f) => this.stray(f));
  }

  private stray(frame: Frame): NewTraceEvent {
    const parsed = parseOf(frame);
    if (parsed.ok) return withFrameFlags(jsonEvent(this.dir, frame.text, parsed.value), frame);
    return withFrameFlags({ dir: this.dir, raw: frame.text, kind: 'stray' }, frame);
  }

  private special(frame: Frame): NewTraceEvent {
    if (frame.oversize !== undefined) {
      const info: Record<string, unknown> = { bytes: frame.oversize };
      if (frame.id !== undefined) info.id = frame.id;
      if (frame.partial) info.partial = true;
      return { dir: this.dir, raw: frame.text, kind: 'oversize', info };
    }
    return withFrameFlags({ dir: this.dir, raw: frame.text, kind: 'partial' }, frame);
  }
}

/** A line nested past MAX_JSON_DEPTH: not parsed; its head is kept and its size counted, as for an oversize line. */
export function tooDeepEvent(dir: Direction, text: string, depth: number): NewTraceEvent {
  return {
    dir,
    raw: text.slice(0, TOO_DEEP_HEAD),
    kind: 'stray',
    info: { tooDeep: { depth, max: MAX_JSON_DEPTH }, bytes: Buffer.byteLength(text) },
  };
}

/** How much of a too-deep line is kept (its brackets say all there is to say). */
const TOO_DEEP_HEAD = 2000;

/** What pushOrMessage returns for a line it gave to its callback (never changed: nobody may push to it). */
const NO_EVENTS: NewTraceEvent[] = Object.freeze([]) as unknown as NewTraceEvent[];

/** What JSON.parse makes of the frame's text (NOT_JSON when it is not JSON): parsed already when decoded off the thread. */
function valueOf(frame: Frame): unknown {
  if (frame.parsed) return frame.parsed.ok ? frame.parsed.value : NOT_JSON;
  return parseJson(frame.text);
}

/** The frame's JSON value: parsed already when the frame was decoded off the thread. */
function parseOf(frame: Frame): ReturnType<typeof tryParse> {
  return frame.parsed ?? tryParse(frame.text);
}

function startsJson(text: string): boolean {
  const c = text.trimStart()[0];
  return c === '{' || c === '[';
}

/** Tracks bracket depth across lines, aware of strings, to tell when a pretty-printed value closes. */
class DepthScanner {
  private level = 0;
  private inString = false;
  private escaped = false;
  broken = false;

  get open(): boolean {
    return this.level > 0;
  }

  reset(): void {
    this.level = 0;
    this.inString = false;
    this.escaped = false;
    this.broken = false;
  }

  feed(text: string): void {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === 92 /* \ */) this.escaped = true;
        else if (c === 34 /* " */) this.inString = false;
        continue;
      }
      if (c === 34) this.inString = true;
      else if (c === 123 || c === 91) this.level++;
      else if (c === 125 || c === 93) {
        this.level--;
        // Closing below zero, or text after the value closed: not one JSON value.
        if (this.level < 0) this.broken = true;
      } else if (this.level === 0 && c > 32 && !this.broken) {
        this.broken = true;
      }
    }
  }
}
