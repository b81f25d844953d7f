import { classify, type JsonRpcMessage } from '../wire/message';
import { lineEvent } from '../wire/lineEvent';
import type { Direction, EventKind, TraceEvent } from './event';

/** One trace event as one JSON line (no newline), fields in a stable, readable order. */
export function serializeEvent(e: TraceEvent): string {
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
  const directions = new DirectionGuesser();
  let lastSeq = 0;
  const push = (e: Omit<TraceEvent, 'seq'> & { seq?: number }) => {
    const seq = e.seq ?? lastSeq + 1;
    lastSeq = Math.max(lastSeq, seq);
    events.push({ ...e, seq } as TraceEvent);
    eventLines.push(lineNo);
  };
  let lineNo = 0;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.endsWith('\r') ? lines[i]!.slice(0, -1) : lines[i]!;
    if (line.trim() === '') continue;
    lineNo = i + 1;
    // Output-channel lines never start with '{'; JSON lines are tried as JSON first, so a
    // message whose text quotes "[editor -> server]" is not mistaken for one.
    const vscode = line.trimStart().startsWith('{') ? undefined : parseOutputChannelLine(line);
    if (vscode) {
      if (vscode.dir === 'meta') {
        push({ t: vscode.t, dir: 'meta', kind: 'note', raw: vscode.text });
        continue;
      }
      const e = lineEvent(vscode.dir, vscode.text);
      if (e.msg) directions.note(e.msg, vscode.dir);
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
      if (own.msg) directions.note(own.msg, own.dir);
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
  const e = { ...v, t: typeof v.t === 'number' ? v.t : 0 } as unknown as TraceEvent;
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

/** Raw JSON-RPC has no direction: requests by method, responses opposite to their request. */
class DirectionGuesser {
  private requestDir = new Map<string, Direction>();

  note(msg: JsonRpcMessage, dir: Direction): void {
    if ('method' in msg && 'id' in msg) this.requestDir.set(String(msg.id), dir);
  }

  infer(msg: JsonRpcMessage): Direction {
    if ('method' in msg) {
      const dir: Direction = SERVER_METHODS.has(msg.method) ? 's2c' : 'c2s';
      this.note(msg, dir);
      return dir;
    }
    const requestDir = msg.id === null ? undefined : this.requestDir.get(String(msg.id));
    return requestDir === 'c2s' || requestDir === undefined ? 's2c' : 'c2s';
  }
}
