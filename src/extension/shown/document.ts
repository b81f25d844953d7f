import * as vscode from 'vscode';
import { ReadOnlyDocuments } from './readOnlyDocuments';
import { render, type Text } from './text';
import { tabTitle } from './tree';

let reports: ReadOnlyDocuments | undefined;

/**
 * A read-only report as a plain-text document: drawn as text, never as Markdown or HTML, so
 * server text (URLs, error descriptions) is shown as it is, hidden characters written out.
 */
export async function showPlainDocument(title: Text, content: Text): Promise<vscode.TextEditor> {
  reports ??= new ReadOnlyDocuments('mcp-lens-report');
  const document = await reports.open(tabTitle(title).replace(/[\\/]+/g, '-'), render(content, 'document'), 'plaintext');
  return vscode.window.showTextDocument(document, { preview: true });
}
