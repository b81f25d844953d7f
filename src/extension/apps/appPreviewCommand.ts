import * as vscode from 'vscode';
import { sampleInput } from '../../core/apps/sampleInput';
import { chooseServer, givenServer } from '../chooseServer';
import type { ServerEntry } from '../serverEntry';
import type { ServerRegistry } from '../serverRegistry';
import { pickOne, say, showInfo } from '../shown';
import { isRow, type ItemRow } from '../tools/itemCommands';
import type { AppPreview } from '../tools/protocol';
import { AppPreviewPanel, type AppPreviewDeps } from './appPreviewPanel';
import { uiResourceOf } from './appResource';

export const OPEN_APP_PREVIEW = 'mcpLens.openAppPreview';

/** `{server, uri}` from a test or a keybinding; a Servers view resource row; nothing (palette). */
type PreviewArg = { server?: string; uri?: string } | ItemRow | undefined;

/** What the command did, for tests: the app previewed and the input it was given. */
export type PreviewOpened = AppPreview & { server: string; uri: string };

/** MCP Apps resources are `ui://` URIs (the scheme the Apps specification gives them). */
export function isAppUri(uri: unknown): uri is string {
  return typeof uri === 'string' && uri.startsWith('ui://');
}

/** Open App Preview: palette, Servers view (a `ui://` resource row) and `{server, uri}`. */
export function registerAppPreview(deps: AppPreviewDeps & { registry: ServerRegistry }): vscode.Disposable[] {
  const panels = new Map<string, AppPreviewPanel>();

  async function target(arg: PreviewArg): Promise<{ entry: ServerEntry; uri: string } | undefined> {
    const server = isRow(arg) ? arg.key : arg?.server;
    const wantedUri = isRow(arg) ? arg.item.uri : arg?.uri;
    const entry =
      server !== undefined
        ? givenServer(deps.registry, server)
        : await chooseServer(
            deps.registry.servers,
            say`Preview an app of which MCP server?`,
            say`MCP Lens: no MCP servers are configured in .vscode/mcp.json, .mcp.json, .cursor/mcp.json or the Claude Desktop config.`,
          );
    if (!entry) return undefined;
    const started = await deps.runner.ensureRunning(entry);
    if (!started.ok) return undefined;
    if (isAppUri(wantedUri)) return { entry, uri: wantedUri };
    const apps = listed(entry, 'resources').filter((r) => isAppUri(r.uri));
    if (apps.length === 0) {
      void showInfo(say`MCP Lens: "${entry.name}" lists no ui:// resources (MCP Apps).`);
      return undefined;
    }
    const uri = await pickOne(
      apps.map((r) => ({
        label: say`${String(r.uri)}`,
        description: say`${typeof r.name === 'string' ? r.name : ''}`,
        value: String(r.uri),
      })),
      { placeHolder: say`Preview which app of "${entry.name}"?`, matchOnDescription: true },
    );
    return uri === undefined ? undefined : { entry, uri };
  }

  async function open(arg: PreviewArg): Promise<PreviewOpened | undefined> {
    const wanted = await target(arg);
    if (!wanted) return undefined;
    const { entry, uri } = wanted;
    // The tool whose _meta.ui.resourceUri names this app gives the sample input its shape.
    const tool = listed(entry, 'tools').find((t) => {
      const link = uiResourceOf(t);
      return link !== undefined && 'uri' in link && link.uri === uri;
    });
    const preview: AppPreview = { ...(tool ? { tool: String(tool.name) } : {}), input: tool ? sampleInput(tool.inputSchema) : {} };
    const key = `${entry.key}\u0000${uri}`;
    let panel = panels.get(key);
    if (!panel) {
      const created = new AppPreviewPanel(deps, entry, uri);
      panels.set(key, created);
      created.onDidClose(() => panels.delete(key));
      panel = created;
    }
    await panel.show(preview);
    return { server: entry.name, uri, ...preview };
  }

  return [
    vscode.commands.registerCommand(OPEN_APP_PREVIEW, open),
    { dispose: () => [...panels.values()].forEach((p) => p.panel.dispose()) },
  ];
}

function listed(entry: ServerEntry, kind: 'tools' | 'resources'): Record<string, unknown>[] {
  const list = entry.lists[kind];
  return list && 'items' in list ? list.items : [];
}
