import { clipText, MAX_SURFACE_CHARS } from './clip';
import { codePointLabel, showInvisibles, visibleName } from './invisibles';
import { breakAutolinks, breakLinkSyntax, escapeCodicons, escapeMarkdown, markdownCodeBlock } from './neutralise';

/**
 * What each kind of surface needs, as pure functions: the extension host, the language
 * server and the CLI all render server text through these. Every surface gets a bounded,
 * single-purpose form; none of them can turn text into a link, an icon or an image.
 */

/** One line: line breaks shown as ⏎, invisibles written out, clipped. */
export function oneLine(text: string, max = MAX_SURFACE_CHARS): string {
  return clipText(showInvisibles(text.replace(/\r?\n/g, ' ⏎ ')), max);
}

/** Notifications: no icons there, but `[x](command:…)` becomes a link. */
export function notificationText(text: string, max?: number): string {
  return breakLinkSyntax(oneLine(text, max));
}

/** Input box prompt, placeholder and validation message; tree labels drawn with icons: links and codicons. */
export function iconLineText(text: string, max?: number): string {
  return escapeCodicons(breakLinkSyntax(oneLine(text, max)));
}

/**
 * Quick pick label, description and detail: drawn with icons in the row and shown again
 * as an untrusted Markdown hover (HTML escaped, Markdown not), so links, images and bare
 * URLs are broken too.
 */
export function pickText(text: string, max?: number): string {
  return breakAutolinks(iconLineText(text, max));
}

/** What a label shows for a name that is the empty string. */
export const EMPTY_NAME = '(empty name)';
/** What a label shows for text with nothing in it but spaces. */
export const BLANK_TEXT = '(blank)';

/**
 * A server-chosen name on any one-line surface: every hidden character written out, and
 * the spaces that would vanish or merge (leading, trailing, doubled) too, so `run ` and
 * `run`, or a name of spaces alone, never look alike or blank. Never empty.
 */
export function nameText(name: string, max = 200): string {
  if (name === '') return EMPTY_NAME;
  const spaces = name.replace(/^ +| +$| {2,}/g, (run) => codePointLabel(' ').repeat(run.length));
  return clipText(visibleName(spaces.replace(/\r?\n/g, ' ⏎ ')), max);
}

/** Spaces and line breaks, but not the zero-width ones (U+200B, U+FEFF): those are written out. */
const WHITESPACE = /[\t\n\v\f\r \u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+/g;

/**
 * Server text (a title, a method, a line) in a tree row's label or description: whitespace
 * collapsed to one space, control, bidi and other hidden characters written out, clipped
 * with an ellipsis.
 */
export function labelText(text: string, max = MAX_SURFACE_CHARS): string {
  // Not String.trim: it also drops U+FEFF, which is written out like every zero-width character.
  return clipText(showInvisibles(text.replace(WHITESPACE, ' ').replace(/^ | $/g, '')), max);
}

/** A whole label as drawn: one that would show nothing says so instead, so a row always reads as something. */
export function nonBlank(label: string): string {
  return label.trim() === '' ? BLANK_TEXT : label;
}

/** Prose for a Markdown surface: shown as the characters it is, paragraphs kept. */
export function markdownText(text: string, max = MAX_SURFACE_CHARS * 4): string {
  return clipText(showInvisibles(text, { keepLines: true }), max)
    .split(/\r?\n/)
    .map((line) => escapeMarkdown(line))
    .join('\n\n');
}

/** A name in Markdown: written out, escaped, bold. */
export function markdownName(name: string): string {
  return `**${escapeMarkdown(nameText(name))}**`;
}

/** Wire lines, JSON, stderr in Markdown: a code block it cannot leave, each line clipped. */
export function markdownCode(text: string, maxLine = 2000, maxLines = 40): string {
  const lines = text.split(/\r?\n/);
  const kept = lines.slice(0, maxLines).map((l) => clipText(showInvisibles(l, { keepLines: true }), maxLine));
  if (lines.length > maxLines) kept.push(`… (${lines.length - maxLines} more lines)`);
  return markdownCodeBlock(kept.join('\n'));
}

/**
 * Server text for a terminal (the CLI): escape sequences can set the title, write the
 * clipboard (OSC 52) or draw a link (OSC 8), so every control character is written out
 * like the invisibles; line breaks and tabs stay when asked.
 */
export function terminalText(text: string, options: { keepLines?: boolean } = {}): string {
  return showInvisibles(text, options);
}
