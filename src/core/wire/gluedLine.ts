import { classify } from './message';
import { tryParse } from './lineEvent';

/** How many `{` positions that lead nowhere a line is tried at before the rest is called text. */
const MAX_FAILED_STARTS = 16;

/** A JSON-RPC message cut out of a line, with the text that came before it on that line. */
export interface GluedMessage {
  /** The text between the previous message (or the line's start) and this one; '' when none. */
  before: string;
  /** The message's exact text on the line. */
  json: string;
  value: unknown;
}

/** A line that held messages glued to each other or to text: `before + json` of each, then `after`, is the line. */
export interface GluedLine {
  messages: GluedMessage[];
  /** Text after the last message ('' when none). */
  after: string;
}

/**
 * Finds every JSON-RPC message on a line that is not one message as a whole: `ready {…}`,
 * `{…}{…}`, `{…} trailing text`, `prefix {…} middle {…} tail`. Each `{` outside a recovered
 * message is tried as the start of one: a string-aware scan finds where that object closes,
 * and the slice counts only if it parses to a JSON-RPC message. Undefined when the line holds
 * none. Each start that leads nowhere may cost a scan to the end of the line, so only
 * MAX_FAILED_STARTS of them are tried.
 */
export function splitGluedLine(text: string): GluedLine | undefined {
  const messages: GluedMessage[] = [];
  let textFrom = 0;
  let failed = 0;
  let from = text.indexOf('{');
  while (from !== -1 && failed < MAX_FAILED_STARTS) {
    const end = objectEnd(text, from);
    if (end === -1) {
      // Never closes: perhaps a `{` in stray text (`ready { {"jsonrpc"…}`); try the next one.
      failed++;
      from = text.indexOf('{', from + 1);
      continue;
    }
    const json = text.slice(from, end);
    const parsed = tryParse(json);
    if (parsed.ok && classify(parsed.value).kind !== 'not-jsonrpc') {
      messages.push({ before: text.slice(textFrom, from), json, value: parsed.value });
      textFrom = end;
      from = text.indexOf('{', end);
    } else {
      failed++;
      from = text.indexOf('{', from + 1);
    }
  }
  if (messages.length === 0) return undefined;
  return { messages, after: text.slice(textFrom) };
}

/** The index just past the `}` that closes the object opening at `start`, or -1. Aware of strings and escapes. */
function objectEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) depth++;
    else if (c === 125 /* } */ || c === 93 /* ] */) {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}
