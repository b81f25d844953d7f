/**
 * Server text made inert for the syntaxes VS Code interprets in places that look like
 * plain text. Each function removes one syntax; surfaces.ts combines them per surface.
 */

/**
 * Notifications and quick-input messages turn `[label](https:…|command:…|file:…)` into
 * links; a space between `]` and `(` leaves the text readable and no longer a link
 * (neither for that parser nor for Markdown).
 */
export function breakLinkSyntax(text: string): string {
  return text.replace(/\](\s*)\(/g, '] (');
}

/** `$(name)` is drawn as a codicon where VS Code supports icons; `\$(name)` is its escape, drawn as the text. */
export function escapeCodicons(text: string): string {
  return text.replace(/(\\)?\$\(([a-z0-9-]+?(?:~[a-z0-9-]*?)?)\)/gi, (match, escaped: string | undefined) =>
    escaped ? match : `\\${match}`,
  );
}

const WORD_JOINER = '\u2060';

/**
 * GitHub-flavoured Markdown links bare `https://…`, `www.…` and `name@host` on its own.
 * A word joiner inside the trigger (`https:/⁠/`) changes nothing visible in plain text and
 * stops the autolink where the same text is rendered as Markdown (quick pick hovers).
 * It runs after invisibles were written out, so it never hides a server's character.
 */
export function breakAutolinks(text: string): string {
  return text
    .replace(/([a-z][a-z0-9+.-]*):\/\//gi, `$1:/${WORD_JOINER}/`)
    .replace(/\bwww\./gi, `www${WORD_JOINER}.`)
    .replace(/([A-Za-z0-9._+-])@(?=[A-Za-z0-9-])/g, `$1${WORD_JOINER}@`);
}

/**
 * Markdown made inert with as few backslashes as will do: the characters that open
 * emphasis, code, links, images, HTML, entities, tables and strikethrough are escaped,
 * and the triggers of bare-URL and e-mail autolinks (`https://`, `www.`, `@`) are broken
 * with an escape too, so `https\://…` renders as text, not as a link. (`#` is left: a
 * heading is only larger text.)
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_[\]<>&!|~]/g, '\\$&')
    .replace(/:(?=\/\/)/g, '\\:')
    .replace(/@/g, '\\@')
    .replace(/\b(www)\./gi, '$1\\.');
}

/** A fenced code block whose fence is longer than any backtick run inside, so the text cannot close it. */
export function markdownCodeBlock(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}text\n${text}\n${fence}`;
}
