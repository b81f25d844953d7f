// The bounds of a schema field in the words a person reads beside its label: "1–7",
// "at least 1 char", "at most 5 items". A lone bound as "1–∞ chars" reads as a glitch.

/** Words for a count range (minLength/maxLength, minItems/maxItems): `unit` is singular. */
export function countBounds(min: number | undefined, max: number | undefined, unit: string): string {
  const units = (n: number) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (min !== undefined && max !== undefined) return min === max ? `exactly ${units(min)}` : `${min}–${units(max)}`;
  if (min !== undefined) return `at least ${units(min)}`;
  if (max !== undefined) return `at most ${units(max)}`;
  return '';
}

/**
 * A bound worth saying: zod's `.int()` writes the safe-integer limits (±9007199254740991) as
 * minimum and maximum, which tell a person nothing an integer field does not.
 */
export function saidBound<T extends number | string | undefined>(bound: T): T | undefined {
  return typeof bound === 'number' && Math.abs(bound) >= Number.MAX_SAFE_INTEGER ? undefined : bound;
}

/** Words for a numeric range; `low`/`high` are inclusive numbers or exclusive ">x"/"<x" texts. */
export function numberBounds(lowest: number | string | undefined, highest: number | string | undefined): string {
  const low = saidBound(lowest);
  const high = saidBound(highest);
  if (low !== undefined && high !== undefined) return `${low} – ${high}`;
  if (low !== undefined) return typeof low === 'number' ? `≥ ${low}` : low.replace(/^>/, '> ');
  if (high !== undefined) return typeof high === 'number' ? `≤ ${high}` : high.replace(/^</, '< ');
  return '';
}
