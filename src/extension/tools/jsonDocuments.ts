import * as vscode from 'vscode';
import { nameText } from '../../core/text';
import { Disposable } from '../lifecycle';

const SCHEME = 'mcp-lens-result';

/** Read-only JSON documents for results (resources/read, prompts/get, a raw reply). */
export class JsonDocuments extends Disposable implements vscode.TextDocumentContentProvider {
  private readonly contents = new Map<string, string>();
  private next = 1;

  constructor() {
    super();
    this.register(vscode.workspace.registerTextDocumentContentProvider(SCHEME, this));
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '';
  }

  show(title: string, value: unknown): Promise<vscode.TextDocument> {
    return this.showText(title, `${JSON.stringify(value, null, 2)}\n`, 'json');
  }

  /** Read-only text in the language VS Code highlights it with (a resource's mime type decides). */
  async showText(title: string, text: string, languageId: string): Promise<vscode.TextDocument> {
    // The tab shows this name: a tool's or prompt's hidden characters are written out there too.
    const safe =
      nameText(title)
        .replace(/[\\/:*?"<>|#%]+/g, '-')
        .slice(0, 80) || 'result';
    const uri = vscode.Uri.from({ scheme: SCHEME, path: `/${safe}${languageId === 'json' ? '.json' : ''}`, query: String(this.next++) });
    this.contents.set(uri.toString(), text);
    // Old results are dropped from memory once the next few are shown; their tabs keep their text.
    if (this.contents.size > 50) this.contents.delete(this.contents.keys().next().value as string);
    let document = await vscode.workspace.openTextDocument(uri);
    if (document.languageId !== languageId)
      document = await vscode.languages.setTextDocumentLanguage(document, languageId).then(
        (d) => d,
        () => document,
      );
    await vscode.window.showTextDocument(document, { preview: true, viewColumn: vscode.ViewColumn.Beside });
    return document;
  }
}
