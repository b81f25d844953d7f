import { clipText } from './clip';
import { showInvisibles } from './invisibles';
import { escapeMarkdown, markdownCodeBlock } from './neutralise';

/**
 * Markdown assembled for a hover (the trace language server's). The literal parts of an
 * `md` template are our Markdown; every interpolated value is text from a trace file,
 * escaped so it renders as the characters it is: a `method` of `![x](https://…)` is
 * shown, not loaded. Only `Md` values pass unescaped, and only this module makes them.
 */
export class Md {
  private constructor(readonly value: string) {}

  /** @internal */
  static make(value: string): Md {
    return new Md(value);
  }
}

const MAX_VALUE = 500;

export function md(strings: TemplateStringsArray, ...values: unknown[]): Md {
  let out = '';
  strings.forEach((literal, i) => {
    out += literal;
    if (i < values.length)
      out += values[i] instanceof Md ? (values[i] as Md).value : escapeMarkdown(clipText(showInvisibles(String(values[i])), MAX_VALUE));
  });
  return Md.make(out);
}

/** Text from the trace as inline code: a span whose backtick fence outruns any inside. */
export function mdCode(value: unknown): Md {
  const text = clipText(showInvisibles(String(value)), MAX_VALUE);
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  // CommonMark strips one space on each side: padding keeps a leading or trailing backtick inside.
  const pad = /^[`\s]|[`\s]$/.test(text) ? ' ' : '';
  return Md.make(`${fence}${pad}${text}${pad}${fence}`);
}

/** A fenced block of trace text. */
export function mdBlock(value: string): Md {
  return Md.make(markdownCodeBlock(clipText(value, MAX_VALUE * 8)));
}

/** Markdown written in this repository (the error-code and method tables): a constant, never a template. */
export function ourMarkdown(constant: string): Md {
  return Md.make(constant);
}

/** Parts joined by a separator of ours. */
export function mdJoin(parts: readonly Md[], separator: string): Md {
  return Md.make(parts.map((p) => p.value).join(separator));
}

/** The hover contents: parts joined as paragraphs. */
export function toMarkup(parts: readonly Md[]): { kind: 'markdown'; value: string } {
  return {
    kind: 'markdown',
    value: parts
      .map((p) => p.value)
      .filter(Boolean)
      .join('\n\n'),
  };
}
