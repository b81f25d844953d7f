/**
 * "Save as test" (from the tool panel or a call in the Messages view): the call goes into the
 * test file that already names the server, else `.mcp-lens/tests/<server>.mcptest.json` of the
 * server's workspace folder, its result as the snapshot; the same call saved again updates that test.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { saveCall, type CallToSave } from '../../core/testing/saveCall';
import type { ServerRegistry } from '../serverRegistry';
import { say, showError, showInfo, showWarning } from '../shown';
import { readTextIfAny } from '../workspaceText';

export interface SavedTest {
  file: string;
  name: string;
  updated: boolean;
  line: number;
}

export async function saveAsTest(registry: ServerRegistry, call: CallToSave, existingFile?: vscode.Uri): Promise<SavedTest | undefined> {
  const entry = registry.get(call.server);
  const folder = entry?.config.file.workspaceFolder ?? vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  if (!existingFile && !folder) {
    void showWarning(say`MCP Lens: open a folder to save tests in.`);
    return undefined;
  }
  const uri =
    existingFile ?? vscode.Uri.file(path.join(folder!, '.mcp-lens', 'tests', `${call.server.replace(/[^\w.-]+/g, '_')}.mcptest.json`));
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  let existing: string | undefined;
  try {
    existing = open ? open.getText() : await readTextIfAny(uri);
  } catch (error) {
    void showError(
      say`MCP Lens: could not read ${vscode.workspace.asRelativePath(uri)} to add the test: ${error instanceof Error ? error.message : String(error)}`,
    );
    return undefined;
  }
  const saved = saveCall(existing, uri.fsPath, { ...call, server: entry?.name ?? call.server });
  if (open) {
    const edit = new vscode.WorkspaceEdit();
    edit.replace(uri, new vscode.Range(open.positionAt(0), open.positionAt(open.getText().length)), saved.text);
    if (!(await vscode.workspace.applyEdit(edit)) || !(await open.save())) return undefined;
  } else {
    await vscode.workspace.fs.createDirectory(vscode.Uri.file(path.dirname(uri.fsPath)));
    await vscode.workspace.fs.writeFile(uri, Buffer.from(saved.text, 'utf8'));
  }
  const show = 'Open Test File';
  void showInfo(
    say`MCP Lens: ${saved.updated ? 'updated' : 'saved'} the test "${saved.name}" in ${vscode.workspace.asRelativePath(uri)}.`,
    show,
  ).then(async (choice) => {
    if (choice !== show) return;
    const at = new vscode.Position(saved.line - 1, 0);
    await vscode.window.showTextDocument(uri, { selection: new vscode.Range(at, at) });
  });
  return { file: uri.fsPath, name: saved.name, updated: saved.updated, line: saved.line };
}
