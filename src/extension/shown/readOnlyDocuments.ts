import * as vscode from 'vscode';

/** The texts kept; past this many the oldest is dropped (its tab keeps its text). */
const KEPT = 50;

/**
 * Read-only documents of one scheme, their text held in memory: a report or a result to read,
 * never an untitled draft that asks to be saved when its tab closes.
 */
export class ReadOnlyDocuments implements vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private next = 1;
  private readonly provider: vscode.Disposable;

  constructor(private readonly scheme: string) {
    this.provider = vscode.workspace.registerTextDocumentContentProvider(scheme, {
      provideTextDocumentContent: (uri) => this.texts.get(uri.toString()) ?? '',
    });
  }

  /** A new document named `name` (its tab's title, already safe to show) holding `text` in `languageId`. */
  async open(name: string, text: string, languageId: string): Promise<vscode.TextDocument> {
    const uri = vscode.Uri.from({ scheme: this.scheme, path: `/${name}`, query: String(this.next++) });
    this.texts.set(uri.toString(), text);
    if (this.texts.size > KEPT) this.texts.delete(this.texts.keys().next().value as string);
    const document = await vscode.workspace.openTextDocument(uri);
    if (document.languageId === languageId) return document;
    return vscode.languages.setTextDocumentLanguage(document, languageId).then(
      (d) => d,
      () => document,
    );
  }

  dispose(): void {
    this.provider.dispose();
    this.texts.clear();
  }
}
