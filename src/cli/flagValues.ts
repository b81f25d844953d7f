import { isRecord } from '../core/schema/isRecord';
import { UsageError } from './usageError';

/**
 * The kinds of value a flag takes (a count, a number, NAME=VALUE pairs, a JSON object, a
 * file name), each checked the same way and said the same way whichever command takes it.
 */

/** A positive whole number option (`--runs 200`), or its default when absent. */
export function count(command: string, option: string, value: string | undefined, fallback?: number): number | undefined {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n <= 0)
    throw new UsageError(`${command}: ${option} takes a positive whole number, got ${JSON.stringify(value)}`);
  return n;
}

/** A positive number option (`--rate 2.5`, `--fail-over-p99 150`). */
export function positive(command: string, option: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0)
    throw new UsageError(`${command}: ${option} takes a positive number, got ${JSON.stringify(value)}`);
  return n;
}

/** Repeated `--var k=v` / `--arg k=v` / `--context k=v` flags as an object (the last of a name wins). */
export function pairs(command: string, option: string, given: string[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of given ?? []) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`${command}: ${option} takes NAME=VALUE, got ${JSON.stringify(pair)}`);
    out[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return out;
}

/** `--args JSON`: a tool's or a prompt's arguments, `{}` when absent. */
export function toolArguments(value: string | undefined, command = 'call'): Record<string, unknown> {
  if (value === undefined) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch (error) {
    throw new UsageError(`${command}: --args is not valid JSON: ${(error as Error).message}`);
  }
  // tools/call and prompts/get "arguments" are objects (schema: { [key: string]: … }).
  if (!isRecord(parsed)) {
    throw new UsageError(`${command}: --args must be a JSON object, e.g. --args '{"city":"Paris"}'`);
  }
  return parsed;
}

/** A file or folder name option (`--junit FILE`): given, it must not be empty. */
export function nonEmpty(command: string, option: string, value: string): string {
  if (value === '') throw new UsageError(`${command}: ${option} needs a FILE`);
  return value;
}
