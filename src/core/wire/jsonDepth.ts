/**
 * The deepest nesting MCP Lens reads. JSON.parse copes with far more, but everything after it
 * that walks a value (JSON.stringify, structuredClone, the schema validators) recurses and
 * overflows the stack somewhere past 3,000 levels; no real message comes near 1,000.
 */
export const MAX_JSON_DEPTH = 1000;

/**
 * The nesting depth of a JSON text when it goes over `max`, else undefined. A loop over the
 * characters, never recursion, so a hostile text cannot overflow the stack here either; strings
 * are skipped with their escapes, so brackets inside them do not count.
 */
export function depthOver(text: string, max = MAX_JSON_DEPTH): number | undefined {
  // Going past `max` takes more than `max` opening brackets.
  if (text.length <= max) return undefined;
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > deepest) deepest = depth;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest > max ? deepest : undefined;
}
