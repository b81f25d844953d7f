/** The longest text any native surface receives; the rest is one click away in an editor. */
export const MAX_SURFACE_CHARS = 500;

/** Cuts at a code point boundary and says how much was left out. */
export function clipText(text: string, max = MAX_SURFACE_CHARS): string {
  if (text.length <= max) return text;
  let end = max;
  const code = text.charCodeAt(end - 1);
  // Never split a surrogate pair: half a character renders as a replacement box.
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end)}… (${(text.length - end).toLocaleString('en-US')} more characters)`;
}
