import * as vscode from 'vscode';
import { WORKSPACE_CONFIGS, displayName } from '../core/config/locations';
import type { Log } from './log';
import type { ServerRegistry } from './serverRegistry';
import { pickFolder, pickOne, say, showInfo } from './shown';

/**
 * Open Server Config: the file and position given (a diagnostic's link), else the config file
 * found (one picked when there are several), else a new .vscode/mcp.json with an example entry.
 */
export async function openConfig(registry: ServerRegistry, log: Log, file?: string, line?: number, column?: number): Promise<void> {
  if (typeof file === 'string') {
    const position = new vscode.Position(Math.max(0, (line ?? 1) - 1), Math.max(0, (column ?? 1) - 1));
    await vscode.window.showTextDocument(vscode.Uri.file(file), { selection: new vscode.Range(position, position) });
    return;
  }
  const found = registry.config?.found ?? [];
  if (found.length > 0) {
    const choice =
      found.length === 1
        ? found[0]
        : await pickOne(
            found.map((f) => ({ label: say`${displayName(f)}`, description: say`${f.path}`, value: f })),
            { placeHolder: say`Open which MCP config file?` },
          );
    if (choice) await vscode.window.showTextDocument(vscode.Uri.file(choice.path));
    return;
  }
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (folders.length === 0) {
    void showInfo(say`MCP Lens: open a folder first; its .vscode/mcp.json lists the servers to run.`);
    return;
  }
  const folder = folders.length === 1 ? folders[0] : await pickFolder(say`Create .vscode/mcp.json in which folder?`);
  if (!folder) return;
  const uri = vscode.Uri.joinPath(folder.uri, ...WORKSPACE_CONFIGS[0].relativePath.split('/'));
  const skeleton =
    '{\n\t// Each entry is a server MCP Lens can start, e.g.\n\t// "my-server": { "type": "stdio", "command": "node", "args": ["${workspaceFolder}/server.js"] }\n\t"servers": {\n\t}\n}\n';
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(skeleton));
  log.info(`Created ${uri.fsPath}`);
  await vscode.window.showTextDocument(uri);
}
