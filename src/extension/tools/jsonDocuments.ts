import * as vscode from 'vscode';
import { nameText } from '../../core/text';
import { Disposable } from '../lifecycle';
import { ReadOnlyDocuments } from '../shown/readOnlyDocuments';

/** Read-only JSON documents for results (resources/read, prompts/get, a raw reply). */
export class JsonDocuments extends Disposable {
  private readonly documents = this.register(new ReadOnlyDocuments('mcp-lens-result'));

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
    const document = await this.documents.open(`${safe}${languageId === 'json' ? '.json' : ''}`, text, languageId);
    await vscode.window.showTextDocument(document, { preview: true, viewColumn: vscode.ViewColumn.Beside });
    return document;
  }
}
