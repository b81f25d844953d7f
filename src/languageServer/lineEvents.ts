import type { Direction, TraceEvent } from '../core/trace/event';
import { classify, isRequest, isResponse } from '../core/wire/message';
import type { LineProblem, Located } from './located';

/**
 * Reads a trace document line by line into events that know their lines. One line is one
 * event in all three formats: our *.mcptrace.jsonl events, raw newline-delimited JSON-RPC
 * (direction inferred) and VS Code's MCP output-channel lines.
 */
export function readTraceLines(lines: readonly string[]): { located: Located[]; problems: LineProblem[] } {
  const located: Located[] = [];
  const problems: LineProblem[] = [];
  const requestDirs = new Map<string, Direction>();
  let seq = 0;
  for (let line = 0; line < lines.length; line++) {
    const text = lines[line].trim();
    if (text === '') continue;
    const event = readLine(text, ++seq, requestDirs);
    if (event === undefined) {
      seq--;
      problems.push({ line, message: 'Not a trace event, a JSON-RPC message or an MCP output-channel line.' });
      continue;
    }
    located.push({ event, start: line, end: line });
  }
  return { located, problems };
}

const OUTPUT_CHANNEL = /\[(?:(editor|client) -> server|server -> (?:editor|client))\]\s*(\{.*)$/;

function readLine(text: string, seq: number, requestDirs: Map<string, Direction>): TraceEvent | undefined {
  const channel = OUTPUT_CHANNEL.exec(text);
  if (channel) return message(channel[2], seq, channel[1] ? 'c2s' : 's2c');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (isEventRecord(value)) {
    const event = { ...value } as TraceEvent;
    if (event.msg === undefined && (event.dir === 'c2s' || event.dir === 's2c')) {
      const parsed = message(event.raw, event.seq, event.dir);
      if (parsed?.msg) {
        event.msg = parsed.msg;
        event.kind ??= parsed.kind;
      }
    }
    return event;
  }
  const c = classify(value);
  if (c.kind === 'not-jsonrpc') return { seq, t: 0, dir: 's2c', raw: text, kind: 'not-jsonrpc', json: value };
  let dir: Direction = 'c2s';
  if (isRequest(c.msg)) {
    dir = SERVER_REQUESTS.test(c.msg.method) ? 's2c' : 'c2s';
    requestDirs.set(String(c.msg.id), dir);
  } else if (isResponse(c.msg)) {
    dir = requestDirs.get(String(c.msg.id)) === 's2c' ? 'c2s' : 's2c';
  } else {
    dir = CLIENT_NOTIFICATIONS.test(c.msg.method) ? 'c2s' : 's2c';
  }
  return { seq, t: 0, dir, raw: text, kind: c.kind, msg: c.msg };
}

const SERVER_REQUESTS = /^(sampling\/|elicitation\/|roots\/list$)/;
const CLIENT_NOTIFICATIONS = /^notifications\/(initialized|cancelled|roots\/list_changed)$/;

function message(text: string, seq: number, dir: Direction): TraceEvent | undefined {
  try {
    const c = classify(JSON.parse(text));
    if (c.kind === 'not-jsonrpc') return { seq, t: 0, dir, raw: text, kind: 'not-jsonrpc' };
    return { seq, t: 0, dir, raw: text, kind: c.kind, msg: c.msg };
  } catch {
    return { seq, t: 0, dir, raw: text, kind: 'stray' };
  }
}

function isEventRecord(value: unknown): value is TraceEvent {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.seq === 'number' && typeof v.dir === 'string' && typeof v.raw === 'string';
}
