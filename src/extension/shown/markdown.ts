import * as vscode from 'vscode';
import { markdownCode, markdownName, markdownText } from '../../core/text';
import { Text } from './text';

/**
 * Hovers and tooltips. The Markdown is built only from escaped text and fenced code the
 * text cannot leave; the MarkdownString trusts no command, renders no HTML and draws no
 * icon, so a server's link or image is shown as the characters it is.
 */
export class SafeMarkdown {
  private readonly blocks: string[] = [];

  /** Our own line with server values in it (`say`): values escaped, names written out. */
  line(text: Text): this {
    this.blocks.push(render(text));
    return this;
  }

  /**
   * A table under our own column headings; each cell is one line (a server's line breaks
   * become spaces, so a cell cannot end its row), and escaping covers the cell's `|`.
   */
  table(headings: readonly string[], rows: readonly (readonly Text[])[]): this {
    const cell = (text: Text) =>
      render(new Text(text.parts.map((p) => (typeof p === 'string' ? p : { ...p, value: p.value.replace(/\s*[\r\n]+\s*/g, ' ') }))));
    this.blocks.push(
      [
        `| ${headings.join(' | ')} |`,
        `|${headings.map(() => '---').join('|')}|`,
        ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
      ].join('\n'),
    );
    return this;
  }

  /** Untrusted prose, paragraphs kept. */
  prose(text: string): this {
    this.blocks.push(markdownText(text));
    return this;
  }

  /** Wire lines, JSON, stderr, command lines. */
  code(text: string): this {
    this.blocks.push(markdownCode(text));
    return this;
  }

  build(): vscode.MarkdownString {
    const md = new vscode.MarkdownString(this.blocks.join('\n\n'), false);
    md.isTrusted = false;
    md.supportHtml = false;
    return md;
  }
}

function render(text: Text): string {
  return text.parts.map((p) => (typeof p === 'string' ? p : p.kind === 'name' ? markdownName(p.value) : markdownText(p.value))).join('');
}
