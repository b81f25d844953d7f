/**
 * Tree item ids that stay put: derived from what a row shows (its name, URI or message), never
 * from its position, so one tool added re-keys no other row and expansion and selection stay.
 * VS Code refuses two rows with one id, so a name listed twice gets its occurrence number.
 */

/** One id per name, in order: `${prefix}"name"`, then `${prefix}"name"#2` for its second occurrence. */
export function stableIds(prefix: string, names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const nth = (seen.get(name) ?? 0) + 1;
    seen.set(name, nth);
    // Quoted, so a name that itself ends in "#2" cannot pass for the second occurrence of another.
    return `${prefix}${JSON.stringify(name)}${nth > 1 ? `#${nth}` : ''}`;
  });
}
