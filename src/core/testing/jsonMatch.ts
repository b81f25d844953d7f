/**
 * Comparing JSON results: every difference as a JSON Pointer with both sides, so a failure
 * names the exact place ("/content/0/text") rather than "results differ".
 */
import { childPointer, unescapeSegment } from '../schema/jsonPointer';
import { isRecord } from '../schema/isRecord';

export interface Mismatch {
  path: string;
  expected: unknown;
  actual: unknown;
}

/** Where `actual` is not `expected`. `subset`: keys only in `actual` are fine (arrays still match in length). */
export function compareJson(expected: unknown, actual: unknown, mode: 'subset' | 'equal', path = ''): Mismatch[] {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return [{ path, expected, actual }];
    return expected.flatMap((item, i) => compareJson(item, actual[i], mode, childPointer(path, i)));
  }
  if (isRecord(expected)) {
    if (!isRecord(actual)) return [{ path, expected, actual }];
    const keys = mode === 'equal' ? new Set([...Object.keys(expected), ...Object.keys(actual)]) : Object.keys(expected);
    return [...keys].sort().flatMap((key) => compareJson(expected[key], actual[key], mode, childPointer(path, key)));
  }
  return Object.is(expected, actual) || expected === actual ? [] : [{ path, expected, actual }];
}

/** A copy without the values at `pointers` (a pointer that names nothing is ignored). */
export function withoutPaths(value: unknown, pointers: readonly string[]): unknown {
  const copy = structuredClone(value);
  for (const pointer of pointers) {
    if (pointer === '') return undefined;
    const segments = pointer.slice(1).split('/').map(unescapeSegment);
    const last = segments.pop()!;
    let node: unknown = copy;
    for (const s of segments) node = Array.isArray(node) ? node[Number(s)] : isRecord(node) ? node[s] : undefined;
    if (Array.isArray(node) && /^\d+$/.test(last)) node[Number(last)] = undefined;
    else if (isRecord(node)) delete node[last];
  }
  return copy;
}

/** Removes every `_meta` key at any depth: per-message metadata is not part of a result's meaning. */
export function withoutMeta(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutMeta);
  if (isRecord(value))
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => k !== '_meta')
        .map(([k, v]) => [k, withoutMeta(v)]),
    );
  return value;
}

/** Pretty JSON with sorted keys: two values line up line by line in a diff. */
export function stableJson(value: unknown): string {
  return JSON.stringify(sortKeys(value), null, 2) ?? 'undefined';
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (isRecord(value))
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys(value[k])]),
    );
  return value;
}
