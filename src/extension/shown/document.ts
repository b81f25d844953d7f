import * as vscode from 'vscode';
import { render, type Text } from './text';

/**
 * A read-only report as an untitled plain-text document: drawn as text, never as Markdown or
 * HTML, so server text (URLs, error descriptions) is shown as it is, hidden characters written out.
 */
export async function showPlainDocument(content: Text): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument({ content: render(content, 'document'), language: 'plaintext' });
  return vscode.window.showTextDocument(document, { preview: true });
}
