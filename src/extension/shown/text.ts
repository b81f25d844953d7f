import {
  breakAutolinks,
  breakLinkSyntax,
  clipText,
  escapeCodicons,
  iconLineText,
  labelText,
  nameText,
  notificationText,
  pickText,
  showInvisibles,
} from '../../core/text';

/**
 * Text for a native VS Code surface. The literal parts of a `say` template are ours and
 * pass as written (codicons included); every interpolated value is treated as server
 * text and rendered for the surface it lands on. The surfaces in this folder accept only
 * `Text`, so server text cannot reach one without passing through here.
 */
export class Text {
  constructor(
    /** @internal literal parts at even indexes, values at odd ones */
    readonly parts: readonly (string | Part)[],
  ) {}
}

export type Surface = 'notification' | 'iconLine' | 'pick' | 'plainLine' | 'problem' | 'dialog' | 'document';

interface Part {
  kind: 'text' | 'name';
  value: string;
}

/** `say\`MCP Lens: "${entry.name}" crashed (${reason}).\`` — every `${…}` is rendered as untrusted text. */
export function say(strings: TemplateStringsArray, ...values: unknown[]): Text {
  const parts: (string | Part)[] = [];
  strings.forEach((literal, i) => {
    parts.push(literal);
    if (i >= values.length) return;
    const value = values[i];
    if (value instanceof Text) parts.push(...value.parts);
    else parts.push(asPart(value));
  });
  return new Text(parts);
}

/** A name or identifier (tool, prompt, resource, method): hidden characters written out. */
export function name(value: unknown): Part {
  return { kind: 'name', value: String(value) };
}

/** Untrusted text as the whole message (an error's message, a server's description). */
export function untrusted(value: unknown): Text {
  return new Text([asPart(value)]);
}

function asPart(value: unknown): Part {
  if (typeof value === 'object' && value !== null && 'kind' in value && 'value' in value) return value as Part;
  return { kind: 'text', value: value instanceof Error ? value.message : String(value) };
}

const RENDER: Record<Surface, { text: (s: string) => string; name: (s: string) => string }> = {
  notification: { text: notificationText, name: (s) => breakLinkSyntax(nameText(s)) },
  iconLine: { text: iconLineText, name: (s) => escapeCodicons(breakLinkSyntax(nameText(s))) },
  pick: { text: pickText, name: (s) => breakAutolinks(escapeCodicons(breakLinkSyntax(nameText(s)))) },
  // Tree labels and descriptions, tab titles: drawn as text, so only what hides, overflows or would leave them blank.
  plainLine: { text: labelText, name: nameText },
  // Problems panel and editor hovers draw a diagnostic's message as text; it may be long.
  problem: { text: (s) => notificationText(s, 4000), name: nameText },
  // A modal's detail is drawn as text, links included: a URL is shown exactly, hidden characters written out.
  dialog: { text: (s) => clipText(showInvisibles(s), 4000), name: nameText },
  // A plain-text document of many lines: line breaks kept, other hidden characters written out.
  document: { text: (s) => showInvisibles(s, { keepLines: true }), name: nameText },
};

/** The string one surface receives. */
export function render(text: Text, surface: Surface): string {
  const r = RENDER[surface];
  return text.parts.map((p) => (typeof p === 'string' ? p : p.kind === 'name' ? r.name(p.value) : r.text(p.value))).join('');
}

/** For a `Text` that may be absent. */
export function renderOptional(text: Text | undefined, surface: Surface): string | undefined {
  return text === undefined ? undefined : render(text, surface);
}
