/**
 * MCP Lens: Add Server… — asks how the server is run (a command, an npm package, a Python
 * package or module, an HTTP URL), then a name, and adds the entry to the folder's
 * `.mcp.json` (created if missing, comments kept). The config watcher reloads it.
 *
 * Why `.mcp.json` even where a `.vscode/mcp.json` exists: VS Code's MCP configuration
 * reference now names the workspace-root `.mcp.json` (`mcpServers`) the portable format that
 * the Copilot harness, the Copilot CLI and Claude Code all read directly, and `.vscode/mcp.json`
 * the editor's own older format, which the agent never reads (VS Code forwards its servers,
 * except those needing `${input:…}`). A server written to `.mcp.json` reaches every host;
 * the servers already in `.vscode/mcp.json` stay there and are still read.
 */
import * as vscode from 'vscode';
import { ADD_SERVER_CONFIG } from '../core/config/locations';
import { serverJson, suggestedName, withServer, type NewServerKind } from '../core/config/newServer';
import type { Log } from './log';
import { askText, pickFolder, pickOne, say, showError, showInfo, type Text } from './shown';
import { readTextIfAny } from './workspaceText';

export const ADD_SERVER_COMMAND = 'mcpLens.addServer';

const KINDS: { kind: NewServerKind; label: Text; detail: Text; prompt: Text; placeHolder: Text }[] = [
  {
    kind: 'command',
    label: say`$(terminal) Command (stdio)`,
    detail: say`A program MCP Lens starts and talks to over stdin/stdout`,
    prompt: say`The command line, e.g. node \${workspaceFolder}/build/index.js`,
    placeHolder: say`node server.js`,
  },
  {
    kind: 'npm',
    label: say`$(package) npm package`,
    detail: say`Run with npx -y`,
    prompt: say`The npm package name`,
    placeHolder: say`@modelcontextprotocol/server-memory`,
  },
  {
    kind: 'pip',
    label: say`$(package) Python package`,
    detail: say`Run with uvx`,
    prompt: say`The Python package name`,
    placeHolder: say`mcp-server-time`,
  },
  {
    kind: 'python',
    label: say`$(symbol-namespace) Python module`,
    detail: say`Run with python -m`,
    prompt: say`The module name`,
    placeHolder: say`my_server.main`,
  },
  {
    kind: 'http',
    label: say`$(globe) HTTP URL`,
    detail: say`A Streamable HTTP server that is already running`,
    prompt: say`The server's URL`,
    placeHolder: say`http://localhost:3000/mcp`,
  },
];

export function registerAddServer(log: Log): vscode.Disposable {
  return vscode.commands.registerCommand(ADD_SERVER_COMMAND, async (): Promise<string | undefined> => {
    const folders = vscode.workspace.workspaceFolders ?? [];
    if (folders.length === 0) {
      void showInfo(say`MCP Lens: open a folder first; its .mcp.json lists the servers to run.`);
      return undefined;
    }
    const folder = folders.length === 1 ? folders[0] : await pickFolder(say`Add the server to which folder's .mcp.json?`);
    if (!folder) return undefined;
    const kind = await pickOne(
      KINDS.map((k) => ({ label: k.label, detail: k.detail, value: k })),
      { placeHolder: say`How is the server run?` },
    );
    if (!kind) return undefined;
    const value = await askText({
      title: say`Add Server`,
      prompt: kind.prompt,
      placeHolder: kind.placeHolder,
      ignoreFocusOut: true,
      validate: (v) => validate(kind.kind, v),
    });
    if (value === undefined) return undefined;
    const name = await askText({
      title: say`Add Server`,
      prompt: say`A name for the server`,
      value: suggestedName(kind.kind, value),
      ignoreFocusOut: true,
      validate: (v) => (v.trim() ? undefined : say`Enter a name`),
    });
    if (name === undefined) return undefined;
    const uri = vscode.Uri.joinPath(folder.uri, ...ADD_SERVER_CONFIG.relativePath.split('/'));
    try {
      const text = await readTextIfAny(uri);
      await vscode.workspace.fs.writeFile(
        uri,
        new TextEncoder().encode(withServer(text, name.trim(), serverJson(kind.kind, value), 'mcpServers')),
      );
    } catch (error) {
      void showError(say`MCP Lens: could not add the server: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
    log.info(`Added server "${name.trim()}" to ${uri.fsPath}`);
    await vscode.window.showTextDocument(uri);
    return name.trim();
  });
}

function validate(kind: NewServerKind, value: string): Text | undefined {
  if (!value.trim()) return say`Enter a value`;
  if (kind === 'http' && !/^https?:\/\/\S+$/.test(value.trim())) return say`Enter an http:// or https:// URL`;
  return undefined;
}
