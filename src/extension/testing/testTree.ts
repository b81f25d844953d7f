/**
 * The Test Explorer's rows from the workspace's `*.mcptest.json` files: one row per file
 * (labelled with its server), one per tool below it, one per saved call at its line.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { parseTestFile, type SavedCall, type TestFile } from '../../core/testing/testFile';
import { say, setTestError, testItem } from '../shown';
import { FileRows } from './fileRows';

export type Row =
  | { kind: 'file'; file: TestFile; uri: vscode.Uri }
  | { kind: 'tool'; file: TestFile; uri: vscode.Uri; tool: string }
  | { kind: 'test'; file: TestFile; uri: vscode.Uri; call: SavedCall };

export class TestTree extends FileRows<Row> {
  constructor(controller: vscode.TestController) {
    super(controller, '.mcptest.json', 'test');
  }

  itemById(id: string): vscode.TestItem | undefined {
    const find = (items: vscode.TestItemCollection): vscode.TestItem | undefined => {
      let found: vscode.TestItem | undefined;
      items.forEach((item) => {
        found ??= item.id === id ? item : id.startsWith(`${item.id}#`) ? find(item.children) : undefined;
      });
      return found;
    };
    return find(this.controller.items);
  }

  /** Every file row whose file names this server. */
  filesOf(server: string): vscode.TestItem[] {
    const out: vscode.TestItem[] = [];
    this.controller.items.forEach((item) => {
      const row = this.rows.get(item);
      if (row?.file.server && 'name' in row.file.server && row.file.server.name === server) out.push(item);
    });
    return out;
  }

  protected show(uri: vscode.Uri, text: string): void {
    const file = parseTestFile(uri.fsPath, text);
    const server = file.server && 'name' in file.server ? file.server.name : path.basename(uri.fsPath, '.mcptest.json');
    const fileItem = testItem(this.controller, uri.toString(), say`${server}`, uri, say`${vscode.workspace.asRelativePath(uri)}`);
    this.rows.set(fileItem, { kind: 'file', file, uri });
    setTestError(fileItem, file.problems.length ? say`${file.problems.map((p) => `line ${p.line}: ${p.message}`).join('\n')}` : undefined);
    const tools = new Map<string, vscode.TestItem>();
    for (const call of file.tests) {
      let toolItem = tools.get(call.tool);
      if (!toolItem) {
        toolItem = testItem(this.controller, `${uri}#${call.tool}`, say`${call.tool}`, uri);
        this.rows.set(toolItem, { kind: 'tool', file, uri, tool: call.tool });
        tools.set(call.tool, toolItem);
      }
      const item = testItem(this.controller, `${uri}#${call.tool}#${call.name}`, say`${call.name}`, uri);
      item.range = new vscode.Range(call.line - 1, 0, call.line - 1, 0);
      this.rows.set(item, { kind: 'test', file, uri, call });
      toolItem.children.add(item);
    }
    fileItem.children.replace([...tools.values()]);
    this.controller.items.add(fileItem);
  }
}
