/**
 * The interval for a change in pass rate between two versions: Newcombe's hybrid score
 * interval for a difference of independent proportions (Newcombe 1998, method 10), built
 * from each side's Wilson interval. Like Wilson's, it stays inside [-1, 1] and still says
 * something at 0 of n or n of n, where evals with few repetitions live.
 */
import { wilson, Z95 } from './wilson';

export interface Difference {
  /** after − before, as a share (−1 to 1). */
  estimate: number;
  low: number;
  high: number;
}

/** The change from `before` (passes of runs) to `after`: its estimate and 95% interval. */
export function newcombe(before: { passes: number; runs: number }, after: { passes: number; runs: number }, z = Z95): Difference {
  const p1 = before.runs ? before.passes / before.runs : 0;
  const p2 = after.runs ? after.passes / after.runs : 0;
  const w1 = wilson(before.passes, before.runs, z);
  const w2 = wilson(after.passes, after.runs, z);
  const estimate = p2 - p1;
  // Each bound adds the two sides' distances to the Wilson limits that push the difference that way.
  const low = estimate - Math.sqrt((p2 - w2.low) ** 2 + (w1.high - p1) ** 2);
  const high = estimate + Math.sqrt((w2.high - p2) ** 2 + (p1 - w1.low) ** 2);
  return { estimate, low: Math.max(-1, low), high: Math.min(1, high) };
}

/** A difference interval that holds 0 cannot be told from noise at these repetitions. */
export function beyondNoise(d: Difference): boolean {
  return d.low > 0 || d.high < 0;
}
