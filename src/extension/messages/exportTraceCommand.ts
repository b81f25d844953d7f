import * as path from 'node:path';
import * as vscode from 'vscode';
import { say, showError, showInfo } from '../shown';
import { exportTrace } from './exportTrace';
import type { MessageCommandDeps } from './rowTarget';

/**
 * Export Trace…: the selected server's whole run as *.mcptrace.jsonl, secrets masked, where the
 * person chooses. Given (server, file) (keybindings, tests) it writes there without asking.
 * Resolves with the file written.
 */
export async function exportTraceCommand(deps: MessageCommandDeps, server?: unknown, file?: unknown): Promise<string | undefined> {
  const { registry, selection, view, log } = deps;
  if (typeof server === 'string') selection.select(registry.get(server)?.key);
  const session = typeof server === 'string' ? registry.get(server)?.session : view.session;
  const entry = selection.entry;
  if (!session || !entry) {
    void showInfo(say`MCP Lens: select a server that has run to export its trace.`);
    return undefined;
  }
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const stamp = new Date(session.started).toISOString().replace(/[:.]/g, '-').slice(0, 19);
  const name = `${entry.name.replace(/[^\w.-]+/g, '_')}-${stamp}.mcptrace.jsonl`;
  const target =
    typeof file === 'string'
      ? vscode.Uri.file(file)
      : await vscode.window.showSaveDialog({
          defaultUri: folder ? vscode.Uri.joinPath(folder, name) : undefined,
          filters: { 'MCP trace': ['mcptrace.jsonl', 'jsonl'] },
          saveLabel: 'Export Trace',
          title: `Export the trace of "${entry.name}" (secrets masked)`,
        });
  if (!target) return undefined;
  let count: number;
  try {
    count = await exportTrace(session, target.fsPath);
  } catch (error) {
    // A disk that is full or a folder not writable: said where the person looks, with its stack in the log.
    log.error(`[${entry.name}] exporting the trace to ${target.fsPath} failed`, error);
    void showError(
      say`MCP Lens: the trace could not be exported to ${path.basename(target.fsPath)}: ${error instanceof Error ? error.message : String(error)}`,
    );
    return undefined;
  }
  log.info(`[${entry.name}] exported ${count} events to ${target.fsPath}`);
  const open = 'Open';
  void showInfo(say`MCP Lens: exported ${count} events to ${path.basename(target.fsPath)}.`, open).then((choice) => {
    if (choice === open) void vscode.window.showTextDocument(target);
  });
  return target.fsPath;
}
