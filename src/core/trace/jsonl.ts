import { classify, type JsonRpcMessage } from '../wire/message';
import { lineEvent } from '../wire/lineEvent';
import type { Direction, EventKind, TraceEvent } from './event';
import { StoredMessage } from './storedMessage';

/** One trace event as one JSON line (no newline), fields in a stable, readable order. */
export function serializeEvent(e: TraceEvent): string {
  // Its toJSON is the plain event, in this very order.
  if (e instanceof StoredMessage) return JSON.stringify(e);
  const { seq, t, dir, kind, raw, ...rest } = e;
  return JSON.stringify({ seq, t, dir, kind, raw, ...rest });
}

export interface TraceProblem {
  line: number;
  message: string;
}

const DIRECTIONS = new Set<Direction>(['c2s', 's2c', 'stderr', 'meta']);

/**
 * Reads a trace from text in any of the three shapes people have at hand:
 * our `*.mcptrace.jsonl` events (their own seq kept, so evidence cites the file's numbers),
 * raw newline-delimited JSON-RPC (direction inferred from the method and from ids), and
 * VS Code's MCP output channel (`[editor -> server] {…}` / `[server -> editor] {…}`).
 * Lines that fit none are reported as problems with their 1-based line number.
 * `lines[i]` is the 1-based line events[i] was read from (the language server places diagnostics there).
 */
export function parseTraceText(text: string): { events: TraceEvent[]; problems: TraceProblem[]; lines: number[] } {
  const events: TraceEvent[] = [];
  const problems: TraceProblem[] = [];
  const eventLines: number[] = [];
  const directions = new DirectionGuesser(events);
  let lastSeq = 0;
  // Events are numbered in place: each object was made here (JSON.parse or a literal), and
  // copying 200 000 of them was a large part of reading a big trace.
  const push = (e: Omit<TraceEvent, 'seq'> & { seq?: number }) => {
    const seq = e.seq ?? lastSeq + 1;
    if (seq > lastSeq) lastSeq = seq;
    e.seq = seq;
    events.push(e as TraceEvent);
    eventLines.push(lineNo);
  };
  let lineNo = 0;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!;
    if (line.charCodeAt(line.length - 1) === 13) line = line.slice(0, -1);
    // Most lines start with '{': only the others need trimming to tell blank or JSON.
    const start = line.charCodeAt(0) === 123 ? line : line.trimStart();
    if (start === '') continue;
    lineNo = i + 1;
    // Output-channel lines never start with '{'; JSON lines are tried as JSON first, so a
    // message whose text quotes "[editor -> server]" is not mistaken for one.
    const vscode = start.charCodeAt(0) === 123 ? undefined : parseOutputChannelLine(line);
    if (vscode) {
      if (vscode.dir === 'meta') {
        push({ t: vscode.t, dir: 'meta', kind: 'note', raw: vscode.text });
        continue;
      }
      const e = lineEvent(vscode.dir, vscode.text);
      push({ ...e, t: vscode.t, ...(vscode.dir === 'stderr' ? { kind: 'log' as const } : {}) });
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      problems.push({ line: lineNo, message: `not JSON: ${(err as Error).message}` });
      continue;
    }
    const own = asOwnEvent(value);
    if (own) {
      push(own);
      continue;
    }
    const c = classify(value);
    if (c.kind === 'not-jsonrpc') {
      problems.push({ line: lineNo, message: 'JSON that is neither a trace event nor a JSON-RPC message' });
      continue;
    }
    const dir = directions.infer(c.msg);
    push({ t: 0, dir, raw: line, kind: c.kind, msg: c.msg });
  }
  return { events, problems, lines: eventLines };
}

/** A line of our own format: {seq, t, dir, raw, …}. */
function asOwnEvent(value: unknown): TraceEvent | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.seq !== 'number' || typeof v.raw !== 'string' || !DIRECTIONS.has(v.dir as Direction)) return undefined;
  // The object is JSON.parse's own: completed in place rather than copied.
  if (typeof v.t !== 'number') v.t = 0;
  const e = v as unknown as TraceEvent;
  // A hand-edited file may carry raw without msg: parse it the way the live client would.
  if (e.msg === undefined && (e.dir === 'c2s' || e.dir === 's2c') && e.kind === undefined) {
    const parsed = lineEvent(e.dir, e.raw);
    if (parsed.msg) {
      e.msg = parsed.msg;
      e.kind = parsed.kind as EventKind;
    }
  }
  return e;
}

// VS Code's MCP output channel: `2025-06-10 10:00:00.123 [debug] [editor -> server] {…}`;
// pasted excerpts often carry only a time (`06:48:27  [editor -> server] {…}`) or nothing.
const OUTPUT_LINE = /^(\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:\.\d+)?)\s+\[(\w+)\]\s+(.*)$/;
const ARROW = /\[(?:editor|client|host) -> server\] ?(.*)$|\[server -> (?:editor|client|host)\] ?(.*)$/;
const STDERR = /\[server stderr\] ?(.*)$/;

function parseOutputChannelLine(line: string): { t: number; dir: Direction; text: string } | undefined {
  const m = OUTPUT_LINE.exec(line);
  const t = m ? Date.parse(m[1]!.replace(' ', 'T')) || 0 : 0;
  const body = m ? m[3]! : line;
  const arrow = ARROW.exec(body);
  if (arrow) return arrow[1] !== undefined ? { t, dir: 'c2s', text: arrow[1] } : { t, dir: 's2c', text: arrow[2]! };
  const err = STDERR.exec(body);
  if (err) return { t, dir: 'stderr', text: err[1]! };
  // Any other line of the channel (starting, state changes) is kept as a note.
  return m ? { t, dir: 'meta', text: body } : undefined;
}

// Methods only a server sends; everything else that has a method is taken as the client's.
const SERVER_METHODS = new Set([
  'sampling/createMessage',
  'roots/list',
  'elicitation/create',
  'notifications/progress',
  'notifications/message',
  'notifications/resources/updated',
  'notifications/resources/list_changed',
  'notifications/tools/list_changed',
  'notifications/prompts/list_changed',
  'notifications/elicitation/complete',
  'notifications/subscriptions/acknowledged',
  'notifications/tasks/status',
]);

/**
 * Raw JSON-RPC has no direction: requests by method, responses opposite to their request.
 * The requests already read are noted only when a line needs a guess (a file in our own
 * format never does, and noting each of its requests was measurable on large traces).
 */
class DirectionGuesser {
  private requestDir = new Map<string, Direction>();
  private noted = 0;

  constructor(private readonly events: readonly TraceEvent[]) {}

  private note(msg: JsonRpcMessage, dir: Direction): void {
    if ('method' in msg && 'id' in msg) this.requestDir.set(String(msg.id), dir);
  }

  infer(msg: JsonRpcMessage): Direction {
    for (; this.noted < this.events.length; this.noted++) {
      const e = this.events[this.noted]!;
      if (e.msg) this.note(e.msg, e.dir);
    }
    if ('method' in msg) {
      const dir: Direction = SERVER_METHODS.has(msg.method) ? 's2c' : 'c2s';
      this.note(msg, dir);
      return dir;
    }
    const requestDir = msg.id === null ? undefined : this.requestDir.get(String(msg.id));
    return requestDir === 'c2s' || requestDir === undefined ? 's2c' : 'c2s';
  }
}
