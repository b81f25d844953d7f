/** What in an error text belongs to the server's machine rather than to the caller. */
export interface Internals {
  kind: 'stack trace' | 'file path';
  excerpt: string;
}

// Frames as V8 (`    at fn (/srv/app.js:3:9)`), Python (`File "/srv/app.py", line 3`) and the JVM print them.
const STACK_FRAME = /^\s*at .+[:(].*\d+:\d+\)?\s*$|^\s*File ".+", line \d+|^\s*at [\w$.]+\([\w.]+\.java:\d+\)/m;
// An absolute path with at least two segments that ends in a source file, or a home/system folder.
const FILE_PATH =
  /(?:^|[\s"'(=])((?:\/(?:home|Users|usr|var|opt|srv|app|root|tmp)\/[^\s"'():]+)|(?:[A-Za-z]:\\[^\s"'():]+\\[^\s"'():]+)|(?:\/[^\s"'():]+\/[^\s"'():]+\.(?:js|mjs|cjs|ts|py|rb|go|java|rs)\b))/;

export function internalsIn(text: string): Internals | undefined {
  const frame = STACK_FRAME.exec(text);
  if (frame) return { kind: 'stack trace', excerpt: frame[0].trim() };
  const path = FILE_PATH.exec(text);
  if (path) return { kind: 'file path', excerpt: path[1]! };
  return undefined;
}
