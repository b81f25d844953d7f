import * as vscode from 'vscode';
import { render, type Text } from './text';
import { tabTitle } from './tree';

const SCHEME = 'mcp-lens-report';
/** The reports shown, by URI; the oldest dropped past this many (their tabs keep their text). */
const KEPT = 50;
const reports = new Map<string, string>();
let provider: vscode.Disposable | undefined;
let next = 1;

/**
 * A read-only report as a plain-text document: drawn as text, never as Markdown or HTML, so
 * server text (URLs, error descriptions) is shown as it is, hidden characters written out. Its
 * own scheme makes it read-only: an untitled document would be a draft that asks to be saved
 * when its tab closes.
 */
export async function showPlainDocument(title: Text, content: Text): Promise<vscode.TextEditor> {
  provider ??= vscode.workspace.registerTextDocumentContentProvider(SCHEME, {
    provideTextDocumentContent: (uri) => reports.get(uri.toString()) ?? '',
  });
  const name = tabTitle(title).replace(/[\\/]+/g, '-');
  const uri = vscode.Uri.from({ scheme: SCHEME, path: `/${name}`, query: String(next++) });
  reports.set(uri.toString(), render(content, 'document'));
  if (reports.size > KEPT) reports.delete(reports.keys().next().value as string);
  const document = await vscode.languages.setTextDocumentLanguage(await vscode.workspace.openTextDocument(uri), 'plaintext');
  return vscode.window.showTextDocument(document, { preview: true });
}
