/**
 * What a change of a tool list costs or saves a model's context: per tool added, removed or
 * changed, its tokens before and after, and the list's total on each side.
 */
import { itemKey, type Item } from '../devloop/listDiff';

export interface ToolTokenChange {
  tool: string;
  /** Absent for a tool added. */
  before?: number;
  /** Absent for a tool removed. */
  after?: number;
}

export interface TokenDiff {
  before: number;
  after: number;
  changes: ToolTokenChange[];
}

export function tokenDiff(before: readonly Item[], after: readonly Item[], count: (tool: Item) => number): TokenDiff {
  const old = new Map(before.map((t) => [itemKey(t), count(t)]));
  const now = new Map(after.map((t) => [itemKey(t), count(t)]));
  const changes: ToolTokenChange[] = [];
  for (const [tool, tokens] of now) {
    const was = old.get(tool);
    if (was === undefined) changes.push({ tool, after: tokens });
    else if (was !== tokens) changes.push({ tool, before: was, after: tokens });
  }
  for (const [tool, tokens] of old) if (!now.has(tool)) changes.push({ tool, before: tokens });
  const sum = (m: Map<string, number>) => [...m.values()].reduce((n, t) => n + t, 0);
  return { before: sum(old), after: sum(now), changes };
}

/** `+13` / `−8` / `±0`: a signed count as a reader scans it. */
export function signed(delta: number): string {
  return delta > 0 ? `+${delta}` : delta < 0 ? `−${-delta}` : '±0';
}

/** One line per tool whose cost changed: "tokens: get_alerts +28 (added)", "tokens: echo 32 → 45 (+13)". */
export function describeTokenChange(c: ToolTokenChange): string {
  if (c.before === undefined) return `tokens: ${c.tool} +${c.after} (added)`;
  if (c.after === undefined) return `tokens: ${c.tool} −${c.before} (removed)`;
  return `tokens: ${c.tool} ${c.before} → ${c.after} (${signed(c.after - c.before)})`;
}

/** The list's total: "tokens (o200k_base): 120 → 180 (+60)". */
export function describeTokenTotal(d: TokenDiff, encoding: string): string {
  return `tokens (${encoding}): ${d.before} → ${d.after} (${signed(d.after - d.before)})`;
}
