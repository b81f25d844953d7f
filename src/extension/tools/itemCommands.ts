import { chooseServer, givenServer } from '../chooseServer';
import type { Log } from '../log';
import type { ResourcePanels } from '../resources/resourcePanels';
import type { ServerEntry } from '../serverEntry';
import type { ServerRegistry } from '../serverRegistry';
import { say, type Text } from '../shown';
import type { JsonDocuments } from './jsonDocuments';
import type { ToolPanels } from './toolPanels';
import type { ToolRunner } from './toolRunner';

/** A tool, resource or prompt row of the Servers view (serversView.ts ItemNode). */
export interface ItemRow {
  type: 'item';
  key: string;
  kind: string;
  item: Record<string, unknown>;
}

export function isRow(arg: unknown): arg is ItemRow {
  return typeof arg === 'object' && arg !== null && (arg as ItemRow).type === 'item' && typeof (arg as ItemRow).key === 'string';
}

export interface ItemCommandDeps {
  resources: ResourcePanels;
  registry: ServerRegistry;
  runner: ToolRunner;
  panels: ToolPanels;
  documents: JsonDocuments;
  log: Log;
}

/**
 * What the commands on a server's items (Run Tool, Send Raw Message, Read and Watch Resource,
 * Get Prompt) share: the server they were given or one picked, started when it must be, and
 * what it lists.
 */
export class ItemCommands {
  constructor(readonly deps: ItemCommandDeps) {}

  /** The server named, or one the person picks among those `accept` takes; undefined (and said why) when none. */
  async pickServer(
    server: string | undefined,
    placeHolder: Text,
    accept: (s: ServerEntry) => boolean = () => true,
    noneFit?: Text,
  ): Promise<ServerEntry | undefined> {
    const { registry } = this.deps;
    if (server !== undefined) return givenServer(registry, server);
    // The palette shows these commands before any server is known; the answer says why nothing can run.
    const none =
      registry.servers.length === 0
        ? say`MCP Lens: no MCP servers are configured in .vscode/mcp.json, .mcp.json, .cursor/mcp.json or the Claude Desktop config.`
        : (noneFit ?? say`MCP Lens: no MCP server can do that now.`);
    return chooseServer(registry.servers.filter(accept), placeHolder, none);
  }

  /** Starts the server if it is not running; whether it runs now. */
  async running(entry: ServerEntry): Promise<boolean> {
    const started = await this.deps.runner.ensureRunning(entry);
    return started.ok;
  }

  /** The items of the server's last listing of `kind` (none when it failed or never ran). */
  listed(entry: ServerEntry, kind: 'tools' | 'resources' | 'prompts'): Record<string, unknown>[] {
    const list = entry.lists[kind];
    return list && 'items' in list ? list.items : [];
  }
}
