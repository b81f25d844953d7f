/**
 * A small Python tokenizer: identifiers, string literals (prefixes r/b/u/f and triple
 * quotes), numbers and punctuation. `#` comments and string contents never become code.
 */
import { identChars, isDigit, pushWord, type Token, unescapeString, wordEnd } from './tokens';

const IDENT = identChars(false);

const PREFIX = /^(?:[rRbBuUfFtT]|[rR][bBfFtT]|[bBfFtT][rR])$/;

export function tokenizePy(text: string): Token[] {
  const tokens: Token[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 0xfeff) {
      i++;
      continue;
    }
    const ch = text[i];
    if (ch === '#') {
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? n : nl;
      continue;
    }
    if (ch === '\\' && (text[i + 1] === '\n' || text[i + 1] === '\r')) {
      i += 2;
      continue;
    }
    if (ch === '"' || ch === "'") {
      i = pushString(text, i, i, false, tokens);
      continue;
    }
    if (IDENT.start(c)) {
      const j = wordEnd(text, i + 1, IDENT.part);
      const word = text.slice(i, j);
      if ((text[j] === '"' || text[j] === "'") && PREFIX.test(word)) {
        i = pushString(text, i, j, /r/i.test(word), tokens);
        continue;
      }
      tokens.push({ type: 'ident', value: word, start: i, end: j });
      i = j;
      continue;
    }
    if (isDigit(c)) {
      i = pushWord(tokens, text, i, 'number', IDENT.part);
      continue;
    }
    tokens.push({ type: 'punct', value: ch, start: i, end: i + 1 });
    i++;
  }
  return tokens;
}

/** Pushes the string starting at `start` (prefix included) whose quote is at `quoteAt`; returns its end. */
function pushString(text: string, start: number, quoteAt: number, raw: boolean, tokens: Token[]): number {
  const quote = text[quoteAt];
  const triple = text.startsWith(quote.repeat(3), quoteAt);
  const open = quoteAt + (triple ? 3 : 1);
  let j = open;
  let close = -1;
  while (j < text.length) {
    const ch = text[j];
    // Even in a raw string a backslash keeps the next quote from closing it.
    if (ch === '\\') j += 2;
    else if (triple ? text.startsWith(quote.repeat(3), j) : ch === quote) {
      close = j;
      break;
    } else if (!triple && ch === '\n')
      break; // unterminated: stop at the line
    else j++;
  }
  const contentEnd = close < 0 ? Math.min(j, text.length) : close;
  const end = close < 0 ? contentEnd : close + (triple ? 3 : 1);
  const content = text.slice(open, contentEnd);
  tokens.push({ type: 'string', value: raw ? content : unescapeString(content), start, end });
  return end;
}
