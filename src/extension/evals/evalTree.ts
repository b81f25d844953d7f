/**
 * The Test Explorer's eval rows from the workspace's `*.mcpeval.json` files: one row per file
 * (labelled with its server), one per case below it, placed at the case's `name` so the
 * editor's gutter shows its run button and its outcome there.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { EVAL_FILE_SUFFIX, parseEvalFile, type EvalCase, type EvalFile } from '../../core/eval/evalFile';
import { Disposable } from '../lifecycle';
import { say, setTestError, testItem } from '../shown';
import { caseLocations, type CaseLocations } from './caseLocations';

export const EVAL_GLOB = `**/*${EVAL_FILE_SUFFIX}`;

export type EvalRow = { kind: 'file'; file: EvalFile; uri: vscode.Uri } | { kind: 'case'; file: EvalFile; uri: vscode.Uri; case: EvalCase; where: CaseLocations | undefined };

export class EvalTree extends Disposable {
  private readonly rows = new WeakMap<vscode.TestItem, EvalRow>();
  /** Each case's newest pass count ("2/2 · 100%"), kept when its file is read again. */
  private readonly results = new Map<string, string>();

  constructor(private readonly controller: vscode.TestController) {
    super();
    const watcher = this.register(vscode.workspace.createFileSystemWatcher(EVAL_GLOB));
    this.register(watcher.onDidCreate((uri) => void this.load(uri)));
    this.register(watcher.onDidChange((uri) => void this.load(uri)));
    this.register(watcher.onDidDelete((uri) => controller.items.delete(uri.toString())));
    // Unsaved edits move lines: the gutter and the failures follow the case where it now is.
    this.register(vscode.workspace.onDidChangeTextDocument((e) => e.document.uri.path.endsWith(EVAL_FILE_SUFFIX) && this.show(e.document.uri, e.document.getText())));
  }

  async discover(): Promise<void> {
    const uris = await vscode.workspace.findFiles(EVAL_GLOB, '**/node_modules/**');
    await Promise.all(uris.map((uri) => this.load(uri)));
  }

  rowOf(item: vscode.TestItem): EvalRow | undefined {
    return this.rows.get(item);
  }

  /** The case rows under `item` (itself when it is one). */
  casesUnder(item: vscode.TestItem): vscode.TestItem[] {
    if (this.rows.get(item)?.kind === 'case') return [item];
    const out: vscode.TestItem[] = [];
    item.children.forEach((child) => out.push(...this.casesUnder(child)));
    return out;
  }

  /** On the case's row as it is now: the file may have been read again since the run began. */
  showResult(item: vscode.TestItem, result: string): void {
    this.results.set(item.id, result);
    for (const row of [item, ...this.allCases().filter((c) => c.id === item.id)]) row.description = result;
  }

  allCases(): vscode.TestItem[] {
    const out: vscode.TestItem[] = [];
    this.controller.items.forEach((item) => out.push(...this.casesUnder(item)));
    return out;
  }

  async load(uri: vscode.Uri): Promise<void> {
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    const text = open ? open.getText() : await vscode.workspace.fs.readFile(uri).then((b) => Buffer.from(b).toString('utf8'), () => undefined);
    if (text === undefined) this.controller.items.delete(uri.toString());
    else this.show(uri, text);
  }

  private show(uri: vscode.Uri, text: string): void {
    const file = parseEvalFile(uri.fsPath, text);
    const places = caseLocations(text);
    const server = file.server && 'name' in file.server ? file.server.name : path.basename(uri.fsPath, EVAL_FILE_SUFFIX);
    const fileItem = testItem(this.controller, uri.toString(), say`${server}`, uri, say`${vscode.workspace.asRelativePath(uri)}`);
    this.rows.set(fileItem, { kind: 'file', file, uri });
    setTestError(fileItem, file.problems.length ? say`${file.problems.map((p) => `line ${p.line}: ${p.message}`).join('\n')}` : undefined);
    const items = file.cases.map((c) => {
      const where = places.get(c.name);
      const item = testItem(this.controller, `${uri}#${c.name}`, say`${c.name}`, uri);
      const at = where?.name ?? { line: c.line - 1, character: 0 };
      item.range = new vscode.Range(at.line, at.character, at.line, at.character);
      item.description = this.results.get(item.id);
      this.rows.set(item, { kind: 'case', file, uri, case: c, where });
      return item;
    });
    fileItem.children.replace(items);
    this.controller.items.add(fileItem);
  }
}
