import { givenServer, isGivenServer } from '../chooseServer';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { displayName } from '../../core/config/locations';
import type { StdioServerConfig } from '../../core/config/types';
import { defaultTraceName, TIMESTAMP } from '../../core/record/recordCommand';
import { serverWatchGlobs } from '../devloop/serverGlobs';
import type { ServerEntry } from '../serverEntry';
import type { ServerRegistry } from '../serverRegistry';
import type { TreeNode } from '../serversView';
import { askText, pickOne, say, showInfo } from '../shown';

/** The server named or whose row it was run on; else the only stdio server, or one picked among them. */
export async function pickRecordedServer(registry: ServerRegistry, arg: TreeNode | string | undefined): Promise<ServerEntry | undefined> {
  if (isGivenServer(arg)) return givenServer(registry, arg);
  const stdio = registry.servers.filter((s) => s.config.type === 'stdio');
  if (stdio.length === 0) {
    void showInfo(say`MCP Lens: no stdio server is configured; \`mcp-lens record\` sits between a host and a server it launches.`);
    return undefined;
  }
  if (stdio.length === 1) return stdio[0];
  return pickOne(
    stdio.map((entry) => ({
      label: say`${entry.name}`,
      description: say`${displayName(entry.config.file)}`,
      detail: say`${entry.commandLine()}`,
      value: entry,
    })),
    { placeHolder: say`Record which MCP server when another host runs it?`, matchOnDescription: true },
  );
}

/** Traces go beside the server's workspace; a Claude Desktop server outside any folder uses the extension's storage. */
export function traceFolder(config: StdioServerConfig, globalStorage: vscode.Uri): string {
  const folder = config.file.workspaceFolder ?? vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  return folder ? path.join(folder, '.mcp-lens', 'traces') : path.join(globalStorage.fsPath, 'traces');
}

/** A new file at each launch (`{timestamp}` in its name), or a fixed name the person types. */
export async function pickTraceName(entry: ServerEntry, folder: string): Promise<string | undefined> {
  const perLaunch = defaultTraceName(entry.name);
  const fixed = `${perLaunch.replace(`-${TIMESTAMP}`, '')}`;
  const choice = await pickOne(
    [
      {
        label: say`${perLaunch}`,
        description: say`a new file at each launch`,
        detail: say`${folder}`,
        value: { name: perLaunch as string | undefined },
      },
      { label: say`A fixed file name…`, description: say`each launch overwrites it`, detail: say`${folder}`, value: { name: undefined } },
    ],
    { placeHolder: say`Where should the host write the trace?` },
  );
  if (!choice) return undefined;
  if (choice.name) return choice.name;
  const typed = await askText({
    prompt: say`Trace file name in ${folder}`,
    value: fixed,
    valueSelection: [0, fixed.length - '.mcptrace.jsonl'.length],
    validate: (v) => (v.trim() === '' || /[\\/]/.test(v) ? say`A file name without folders` : undefined),
  });
  if (!typed) return undefined;
  return typed.endsWith('.mcptrace.jsonl') ? typed : `${typed}.mcptrace.jsonl`;
}

/**
 * The absolute globs for `record --watch` (the other host's working directory is unknown),
 * [] for a plain recording, undefined when the user dismissed the question.
 */
export async function hotReloadGlobs(entry: ServerEntry, wanted: boolean | undefined): Promise<string[] | undefined> {
  const target = serverWatchGlobs(entry);
  if (!target) {
    if (wanted)
      void showInfo(
        say`MCP Lens: "${entry.name}" has no dev.watch globs (.vscode/mcp.json or the mcpLens.dev.watch setting): copied without hot reload.`,
      );
    return [];
  }
  const absolute = target.globs.map((glob) => (path.isAbsolute(glob) ? glob : path.join(target.base, glob)).split(path.sep).join('/'));
  if (wanted !== undefined) return wanted ? absolute : [];
  const choice = await pickOne(
    [
      { label: say`Record`, detail: say`The host's session, as a trace file.`, value: 'plain' },
      {
        label: say`Record with hot reload`,
        detail: say`Also restart the server when ${target.globs.join(', ')} change, keeping the host's session.`,
        value: 'hot',
      },
    ],
    { placeHolder: say`Restart "${entry.name}" in the other host when its files change?` },
  );
  return choice === undefined ? undefined : choice === 'hot' ? absolute : [];
}
