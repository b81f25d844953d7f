/**
 * The second half of shrinking. fast-check shrinks what it generated, but a near miss is a
 * constant ("longer than maxLength 5000" is 5,001 characters, "a string of 100000
 * characters" is exactly that), so a fault that needs only "more than 200" would be
 * reported with the constant. This bisects the length of every string and array in the
 * input while the fault reproduces: for a handler that hangs on text over 200 characters it
 * ends at 201, in about log2(length) calls per value.
 */

type Path = (string | number)[];

export interface SizeShrink {
  args: Record<string, unknown>;
  /** Calls spent: each is a real call on the server, bounded by the caller's deadline. */
  calls: number;
}

/**
 * `reproduces` calls the server with a candidate and says whether the same fault came back;
 * `budget` bounds the calls. Assumes the fault is monotone in each length (what holds for
 * limits and buffers); where it is not, the result still reproduces, it is only less small.
 */
export async function shrinkSizes(
  args: Record<string, unknown>,
  reproduces: (candidate: Record<string, unknown>) => Promise<boolean>,
  budget: number,
): Promise<SizeShrink> {
  let current = args;
  let calls = 0;
  for (const path of sizedPaths(args)) {
    const value = get(current, path);
    // An earlier cut (a shorter array) can have removed this value.
    if (!(typeof value === 'string' || Array.isArray(value)) || value.length === 0) continue;
    // hi: a length known to reproduce; lo: one known not to (or -1, none tried yet).
    let lo = -1;
    let hi = value.length;
    while (hi - lo > 1 && calls < budget) {
      const mid = Math.floor((lo + hi) / 2);
      const candidate = set(current, path, value.slice(0, mid));
      calls++;
      if (await reproduces(candidate)) {
        hi = mid;
        current = candidate;
      } else {
        lo = mid;
      }
    }
    if (calls >= budget) break;
  }
  return { args: current, calls };
}

/** Every string and array in the input, outermost first, longest first among siblings. */
function sizedPaths(root: unknown): Path[] {
  const out: Path[] = [];
  const walk = (value: unknown, path: Path, depth: number) => {
    // Deeply nested near misses (200 levels) are shrunk by their outer array's length.
    if (depth > 32) return;
    if (typeof value === 'string') {
      if (path.length) out.push(path);
      return;
    }
    if (Array.isArray(value)) {
      if (path.length) out.push(path);
      value.forEach((v, i) => walk(v, [...path, i], depth + 1));
      return;
    }
    if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value as Record<string, unknown>).sort(([, a], [, b]) => sizeOf(b) - sizeOf(a));
      for (const [k, v] of entries) walk(v, [...path, k], depth + 1);
    }
  };
  walk(root, [], 0);
  return out;
}

function sizeOf(value: unknown): number {
  return typeof value === 'string' || Array.isArray(value) ? value.length : 0;
}

function get(root: unknown, path: Path): unknown {
  let value = root;
  for (const step of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[step];
  }
  return value;
}

/** A copy of `root` with the value at `path` replaced; the input itself is never changed. */
function set<T>(root: T, path: Path, replacement: unknown): T {
  if (path.length === 0) return replacement as T;
  const [head, ...rest] = path;
  if (Array.isArray(root)) {
    const copy = [...root];
    copy[head as number] = set(copy[head as number], rest, replacement);
    return copy as T;
  }
  const record = root as Record<string, unknown>;
  return { ...record, [head]: set(record[head as string], rest, replacement) } as T;
}
