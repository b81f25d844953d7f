import { clipText, MAX_SURFACE_CHARS } from './clip';
import { showInvisibles, visibleName } from './invisibles';
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

/** A server-chosen name on any one-line surface: every hidden character written out. */
export function nameText(name: string, max = 200): string {
  return clipText(visibleName(name.replace(/\r?\n/g, ' ⏎ ')), max);
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
