/**
 * What a coding agent receives is text for a model: long enough to act on, never so long
 * that one flooding server fills its context. Every agent-facing answer passes through here.
 */

/** The most characters one answer carries. */
export const MAX_ANSWER_CHARS = 16_000;
/** The most characters one wire line, stderr line or content part shows before it is cut. */
export const MAX_LINE_CHARS = 600;
/** Default and ceiling of "the last N" requests (messages, stderr lines). */
export const DEFAULT_LAST = 30;
export const MAX_LAST = 200;

/** Cuts `text` at a code point boundary and says how much was left out. */
export function bounded(text: string, max = MAX_ANSWER_CHARS): string {
  if (text.length <= max) return text;
  let end = max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end)}\n… [clipped: ${(text.length - end).toLocaleString('en-US')} more characters left out]`;
}

/** One line of server text: line breaks shown as ⏎, cut at `max`. */
export function line(text: string, max = MAX_LINE_CHARS): string {
  const flat = text.replace(/\r?\n/g, ' ⏎ ');
  if (flat.length <= max) return flat;
  return `${flat.slice(0, max)}… (${(flat.length - max).toLocaleString('en-US')} more characters)`;
}

/** A "last N" argument, checked: a number from 1 to MAX_LAST, or the default. */
export function lastCount(value: unknown, what: string): number {
  if (value === undefined || value === null) return DEFAULT_LAST;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new AgentInputError(`"${what}" must be a whole number from 1 to ${MAX_LAST}, got ${JSON.stringify(value)}.`);
  }
  if (value > MAX_LAST)
    throw new AgentInputError(`"${what}" is at most ${MAX_LAST} (asked for ${value}); ask for fewer, or read the trace file.`);
  return value;
}

/** A mistake in what the agent asked: answered with this message and nothing else. */
export class AgentInputError extends Error {
  override readonly name = 'AgentInputError';
}
