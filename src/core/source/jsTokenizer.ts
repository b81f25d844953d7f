/**
 * A small TypeScript/JavaScript tokenizer: enough to find tool registrations without being
 * fooled by comments, strings, template literals (with nested `${…}`) or regex literals.
 */
import { identChars, isDigit, pushWord, type Token, unescapeString } from './tokens';

const IDENT = identChars(true);

/** After these words a `/` starts a regex, not a division. */
const REGEX_AFTER_WORD = new Set([
  'return',
  'typeof',
  'instanceof',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'case',
  'do',
  'else',
  'yield',
  'await',
]);

export function tokenizeJs(text: string): Token[] {
  const tokens: Token[] = [];
  lex(text, text.startsWith('#!') ? lineEnd(text, 0) : 0, tokens, false);
  return tokens;
}

/**
 * Tokenizes from `from`. In a `${…}` substitution (`substitution` true) it stops after the
 * `}` that closes it and returns that offset; otherwise it runs to the end of the text.
 */
function lex(text: string, from: number, tokens: Token[], substitution: boolean): number {
  const n = text.length;
  let depth = 0;
  let i = from;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === 0xfeff || c === 0xa0) {
      i++;
      continue;
    }
    const ch = text[i];
    if (ch === '/' && text[i + 1] === '/') {
      i = lineEnd(text, i);
      continue;
    }
    if (ch === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      i = close < 0 ? n : close + 2;
      continue;
    }
    if (ch === '"' || ch === "'") {
      const end = quotedEnd(text, i, ch);
      tokens.push({ type: 'string', value: unescapeString(text.slice(i + 1, end - 1)), start: i, end });
      i = end;
      continue;
    }
    if (ch === '`') {
      const { end, plain } = templateEnd(text, i);
      // A template without `${}` is as good a name as a quoted string.
      tokens.push({ type: plain ? 'string' : 'template', value: plain ? unescapeString(text.slice(i + 1, end - 1)) : '', start: i, end });
      i = end;
      continue;
    }
    if (IDENT.start(c)) {
      i = pushWord(tokens, text, i, 'ident', IDENT.part);
      continue;
    }
    if (isDigit(c)) {
      i = pushWord(tokens, text, i, 'number', IDENT.part);
      continue;
    }
    if (ch === '/' && regexAllowed(tokens[tokens.length - 1])) {
      const end = regexEnd(text, i);
      if (end > 0) {
        tokens.push({ type: 'regex', value: '', start: i, end });
        i = end;
        continue;
      }
    }
    if (substitution) {
      if (ch === '{') depth++;
      else if (ch === '}' && depth-- === 0) return i + 1;
    }
    tokens.push({ type: 'punct', value: ch, start: i, end: i + 1 });
    i++;
  }
  return n;
}

function lineEnd(text: string, from: number): number {
  const nl = text.indexOf('\n', from);
  return nl < 0 ? text.length : nl;
}

/** End offset (after the closing quote) of a '…' or "…" string; an unclosed one ends at the line. */
function quotedEnd(text: string, start: number, quote: string): number {
  for (let j = start + 1; j < text.length; j++) {
    const ch = text[j];
    if (ch === '\\') j++;
    else if (ch === quote) return j + 1;
    else if (ch === '\n') return j;
  }
  return text.length;
}

/** End offset of a template literal, skipping `${ … }` code (which may hold strings, templates, braces). */
function templateEnd(text: string, start: number): { end: number; plain: boolean } {
  let plain = true;
  let j = start + 1;
  while (j < text.length) {
    const ch = text[j];
    if (ch === '\\') j += 2;
    else if (ch === '`') return { end: j + 1, plain };
    else if (ch === '$' && text[j + 1] === '{') {
      plain = false;
      // The substitution is code (strings, regexes, nested templates): lex it, keep none of it.
      j = lex(text, j + 2, [], true);
    } else j++;
  }
  return { end: text.length, plain };
}

function regexAllowed(prev: Token | undefined): boolean {
  if (!prev) return true;
  if (prev.type === 'ident') return REGEX_AFTER_WORD.has(prev.value);
  if (prev.type === 'punct') return prev.value !== ')' && prev.value !== ']' && prev.value !== '}';
  return false;
}

/** End offset of a regex literal starting at `start`, or -1 if the line ends first (then it was a division). */
function regexEnd(text: string, start: number): number {
  let inClass = false;
  for (let j = start + 1; j < text.length; j++) {
    const ch = text[j];
    if (ch === '\n') return -1;
    if (ch === '\\') j++;
    else if (ch === '[') inClass = true;
    else if (ch === ']') inClass = false;
    else if (ch === '/' && !inClass) {
      let k = j + 1;
      while (k < text.length && /[a-z]/i.test(text[k])) k++;
      return k;
    }
  }
  return -1;
}
