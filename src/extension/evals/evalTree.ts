/**
 * The Test Explorer's eval rows from the workspace's `*.mcpeval.json` files: one row per file
 * (labelled with its server), one per case below it, placed at the case's `name` so the
 * editor's gutter shows its run button and its outcome there.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { EVAL_FILE_SUFFIX, parseEvalFile, type EvalCase, type EvalFile } from '../../core/eval/evalFile';
import { say, setTestDescription, setTestError, testItem } from '../shown';
import { FileRows } from '../testing/fileRows';
import { caseLocations, type CaseLocations } from './caseLocations';

export type EvalRow =
  | { kind: 'file'; file: EvalFile; uri: vscode.Uri }
  | { kind: 'case'; file: EvalFile; uri: vscode.Uri; case: EvalCase; where: CaseLocations | undefined };

export class EvalTree extends FileRows<EvalRow> {
  /** Each case's newest pass count ("2/2 · 100%"), kept when its file is read again. */
  private readonly results = new Map<string, string>();

  constructor(controller: vscode.TestController) {
    super(controller, EVAL_FILE_SUFFIX, 'case');
  }

  /** On the case's row as it is now: the file may have been read again since the run began. */
  showResult(item: vscode.TestItem, result: string): void {
    this.results.set(item.id, result);
    for (const row of [item, ...this.allTests().filter((c) => c.id === item.id)]) setTestDescription(row, say`${result}`);
  }

  protected show(uri: vscode.Uri, text: string): void {
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
      const result = this.results.get(item.id);
      setTestDescription(item, result === undefined ? undefined : say`${result}`);
      this.rows.set(item, { kind: 'case', file, uri, case: c, where });
      return item;
    });
    fileItem.children.replace(items);
    this.controller.items.add(fileItem);
  }
}
