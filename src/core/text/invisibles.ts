/**
 * Characters that draw nothing, or draw like another character, are written out as
 * `⟨U+XXXX⟩` so that two names a server sends can never look the same and differ.
 */

/**
 * Default-ignorable code points (Unicode DerivedCoreProperties), bidi controls, other
 * format (Cf) and control (Cc) characters, line/paragraph separators, and every space
 * that is not U+0020 (a no-break space looks like a space).
 */
const INVISIBLE =
  // Variation selectors and fillers are listed one by one on purpose: each is invisible alone.
  // eslint-disable-next-line no-misleading-character-class
  /[\p{Cf}\p{Cc}\p{Zl}\p{Zp}\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000\u034F\u115F\u1160\u17B4\u17B5\u180B-\u180F\u3164\uFE00-\uFE0F\uFFA0\u{E0000}-\u{E0FFF}\u2800]/gu;

/** Forms that copy ASCII letters and digits: fullwidth, mathematical alphanumerics. */
const ASCII_COPIES = /[\uFF01-\uFF5E\u{1D400}-\u{1D7FF}]/gu;

export function codePointLabel(ch: string): string {
  return `⟨U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`;
}

export interface VisibleOptions {
  /** Keep line breaks and tabs as they are (multi-line text such as a description). */
  keepLines?: boolean;
}

/** Every invisible or ignorable character written out as `⟨U+XXXX⟩`. */
export function showInvisibles(text: string, options: VisibleOptions = {}): string {
  return text.replace(INVISIBLE, (ch) => (options.keepLines && (ch === '\n' || ch === '\t' || ch === '\r') ? ch : codePointLabel(ch)));
}

const SCRIPTS = [
  'Latin',
  'Cyrillic',
  'Greek',
  'Armenian',
  'Cherokee',
  'Coptic',
  'Georgian',
  'Hebrew',
  'Arabic',
  'Lisu',
  'Tifinagh',
  'Vai',
  'Canadian_Aboriginal',
] as const;
const SCRIPT_TESTS = SCRIPTS.map((name) => ({ name, test: new RegExp(`^\\p{Script=${name}}$`, 'u') }));

function scriptOf(ch: string): string {
  if (!/^\p{L}$/u.test(ch)) return '';
  return SCRIPT_TESTS.find((s) => s.test.test(ch))?.name ?? 'other';
}

/**
 * The letters of a name that come from a second script (a Cyrillic і in `read_fіle`):
 * in a name that mixes scripts, every letter outside the main one (Latin when there is
 * any Latin) is a look-alike candidate. A name in one script alone is left as it is.
 */
export function mixedScriptLetters(name: string): Set<string> {
  const counts = new Map<string, number>();
  for (const ch of name) {
    const script = scriptOf(ch);
    if (script) counts.set(script, (counts.get(script) ?? 0) + 1);
  }
  if (counts.size < 2) return new Set();
  const main = counts.has('Latin') ? 'Latin' : [...counts].sort((a, b) => b[1] - a[1])[0][0];
  const odd = new Set<string>();
  for (const ch of name) if (scriptOf(ch) && scriptOf(ch) !== main) odd.add(ch);
  return odd;
}

/**
 * A name or identifier as it must be shown: invisibles, ASCII copies and mixed-script
 * letters written out, so `delete_all` and `delete_all⟨U+200B⟩` never look alike.
 */
export function visibleName(name: string): string {
  const odd = mixedScriptLetters(name);
  let out = '';
  for (const ch of name) out += odd.has(ch) ? codePointLabel(ch) : ch;
  return showInvisibles(out).replace(ASCII_COPIES, codePointLabel);
}

/**
 * Prose (a result, a description in a webview) keeps its characters, except those that
 * reorder or hide text: bidi controls (a right-to-left override turns `txt.exe` around)
 * and zero-width spaces are written out.
 */
const REORDERING = /[\u061C\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;

export function showReordering(text: string): string {
  return text.replace(REORDERING, codePointLabel);
}

/** Whether a name would be shown differently from how it is spelled. */
export function hasHiddenCharacters(name: string): boolean {
  return visibleName(name) !== name;
}

/**
 * The name with every look-alike stripped or folded, so `read_fіle` (Cyrillic і) and
 * `read_file` share a skeleton: names that differ only by hidden characters are a pair.
 */
export function nameSkeleton(name: string): string {
  // Printable ASCII is its own skeleton (NFKC keeps it, nothing in it is invisible or a
  // look-alike), and the first NFKC normalisation of a process loads Unicode's tables.
  if (PRINTABLE_ASCII.test(name)) return name;
  const folded = name.normalize('NFKC').replace(INVISIBLE, '');
  let out = '';
  for (const ch of folded) out += CONFUSABLE_LATIN[ch] ?? ch;
  return out;
}

const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;

/** The Cyrillic and Greek letters drawn like a Latin letter (the common subset of Unicode's confusables). */
const CONFUSABLE_LATIN: Record<string, string> = {
  а: 'a',
  в: 'B',
  е: 'e',
  ѕ: 's',
  і: 'i',
  ј: 'j',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  һ: 'h',
  ӏ: 'l',
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Х: 'X',
  Ѕ: 'S',
  І: 'I',
  Ј: 'J',
  Ү: 'Y',
  α: 'a',
  ο: 'o',
  ν: 'v',
  ι: 'i',
  κ: 'k',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
};
