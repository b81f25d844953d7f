/**
 * The deepest nesting MCP Lens reads. JSON.parse copes with far more, but everything after it
 * that walks a value (JSON.stringify, structuredClone, the schema validators) recurses and
 * overflows the stack somewhere past 3,000 levels; no real message comes near 1,000.
 */
export const MAX_JSON_DEPTH = 1000;

/**
 * The nesting depth of a JSON text when it goes over `max`, else undefined. A loop over the
 * characters, never recursion, so a hostile text cannot overflow the stack here either; strings
 * are skipped with their escapes, so brackets inside them do not count. A string is crossed with
 * `indexOf` to its closing quote rather than character by character: a 50 MB tool result is
 * nearly all one string, and the character loop kept the extension host's thread for 133 ms on
 * it (the 2-core bench machine).
 */
export function depthOver(text: string, max = MAX_JSON_DEPTH): number | undefined {
  // Going past `max` takes more than `max` opening brackets.
  if (text.length <= max) return undefined;
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      i = closingQuote(text, i);
      if (i === -1) break;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > deepest) deepest = depth;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest > max ? deepest : undefined;
}

/** The index of the quote that closes the string opened at `open` (one not escaped by an odd run of backslashes), or -1. */
function closingQuote(text: string, open: number): number {
  for (let at = text.indexOf('"', open + 1); at !== -1; at = text.indexOf('"', at + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
  return -1;
}
