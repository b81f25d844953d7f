/**
 * The Wilson score interval for a pass rate (Wilson 1927): unlike the normal approximation
 * it stays inside [0, 1] and says something at 0 or n passes, which is where evals with few
 * repetitions live.
 */
export const Z95 = 1.959964;

export interface Interval {
  low: number;
  high: number;
}

export function wilson(passes: number, n: number, z = Z95): Interval {
  if (n <= 0) return { low: 0, high: 1 };
  const p = passes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}
