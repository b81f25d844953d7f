/**
 * The token shape the finders share, and offset → line/column conversion. Tokenizers keep
 * only what the finders need: identifiers, string literals (with their text), numbers and
 * single punctuation characters. Comments and whitespace never become tokens.
 */

export type TokenType = 'ident' | 'string' | 'number' | 'punct' | 'template' | 'regex';

export interface Token {
  type: TokenType;
  /** Identifier or punctuation text; for a string, its content (simple escapes decoded). */
  value: string;
  /** Offsets into the source: [start, end). */
  start: number;
  end: number;
}

export { LineIndex } from '../util/lineIndex';

/** Decodes the escapes a tool name could plausibly contain. */
export function unescapeString(raw: string): string {
  if (!raw.includes('\\')) return raw;
  return raw.replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|.)/g, (_, esc: string) => {
    if (esc.startsWith('u{')) return String.fromCodePoint(parseInt(esc.slice(2, -1), 16));
    if (esc.startsWith('u') && esc.length === 5) return String.fromCharCode(parseInt(esc.slice(1), 16));
    if (esc.startsWith('x') && esc.length === 3) return String.fromCharCode(parseInt(esc.slice(1), 16));
    return ({ n: '\n', t: '\t', r: '\r' } as Record<string, string>)[esc] ?? esc;
  });
}

/** For each opening bracket token, the index of its closing partner (or the last token when unclosed). */
export function matchBrackets(tokens: readonly Token[]): Int32Array {
  const match = new Int32Array(tokens.length).fill(-1);
  const stack: number[] = [];
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.type !== 'punct') continue;
    if (t.value === '(' || t.value === '[' || t.value === '{') stack.push(i);
    else if (pairs[t.value]) {
      // Unbalanced code: unwind to the matching opener so one stray bracket stays local.
      let k = stack.length - 1;
      while (k >= 0 && tokens[stack[k]].value !== pairs[t.value]) k--;
      if (k < 0) continue;
      while (stack.length > k + 1) match[stack.pop()!] = i;
      match[stack.pop()!] = i;
    }
  }
  for (const open of stack) match[open] = tokens.length - 1;
  return match;
}

/** Identifier characters: ASCII letters, `_`, digits after the first, and any non-ASCII code unit; JS adds `$`. */
export function identChars(dollar: boolean): { start(c: number): boolean; part(c: number): boolean } {
  const start = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c > 0x7f || (dollar && c === 36);
  return { start, part: (c: number) => start(c) || isDigit(c) };
}

export function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** Offset after the run from `from` of `part` characters (and `.` when `dots`, so numbers like 1.5e3 stay one token). */
export function wordEnd(text: string, from: number, part: (c: number) => boolean, dots = false): number {
  let j = from;
  while (j < text.length && (part(text.charCodeAt(j)) || (dots && text[j] === '.'))) j++;
  return j;
}

/** Pushes the identifier or number that starts at `start` and returns its end. */
export function pushWord(tokens: Token[], text: string, start: number, type: 'ident' | 'number', part: (c: number) => boolean): number {
  const end = wordEnd(text, start + 1, part, type === 'number');
  tokens.push({ type, value: text.slice(start, end), start, end });
  return end;
}

export function isPunct(token: Token | undefined, value: string): boolean {
  return token !== undefined && token.type === 'punct' && token.value === value;
}
