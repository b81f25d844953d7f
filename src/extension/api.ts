import type * as vscode from 'vscode';
import type { ConfigProblem, ServerConfig } from '../core/config/types';
import { LIST_KINDS, itemName, type ServerEntry } from './serverEntry';
import type { ServerRegistry } from './serverRegistry';

/** A plain-data view of one server, as integration tests read it through the exports. */
export interface ServerSnapshot {
  key: string;
  name: string;
  file: string;
  source: string;
  type: 'stdio' | 'http' | 'sse';
  state: ServerEntry['state']['kind'];
  /** For crashed: the exit code (null when a signal ended it). */
  exitCode?: number | null;
  signal?: string | null;
  error?: string;
  era?: 'modern' | 'legacy';
  protocolVersion?: string;
  serverName?: string;
  /** The server as read from its config file (variables not yet expanded). */
  config: ServerConfig;
  tools: string[];
  resources: string[];
  prompts: string[];
  /** The names of the skills listed (MCP Skills extension); empty when the server serves none. */
  skills: string[];
}

/** What `vscode.extensions.getExtension('mcp-lens.mcp-lens').exports` returns. */
export interface McpLensApi {
  registry: {
    readonly servers: ServerSnapshot[];
    readonly problems: ConfigProblem[];
    /** By key, or by name when only one server has it. */
    get(keyOrName: string): ServerSnapshot | undefined;
    readonly onDidChange: vscode.Event<unknown>;
    /** Re-reads the config files (what mcpLens.refreshServers does). */
    reload(): Promise<void>;
  };
  /** Where the "MCP Lens" log channel writes its file (the extension's logUri), for tests that read the log. */
  readonly logUri: string;
  /** Where each server run's full trace is written (*.mcptrace.jsonl, secrets masked). */
  readonly traceDir: string;
  /** Servers whose "needs sign-in" prompt (notification and status bar item) is on screen, by key (a function: the exports are copied once). */
  signInPrompts(): string[];
  /** How long activate() took, and since the bundle was loaded (the integration suite and the benchmark report it). */
  readonly activation?: { activateMs: number; sinceLoadMs: number };
}

export function snapshot(entry: ServerEntry): ServerSnapshot {
  const state = entry.state;
  const names = (kind: (typeof LIST_KINDS)[number]) => {
    const list = entry.lists[kind];
    return list && 'items' in list ? list.items.map(itemName) : [];
  };
  return {
    key: entry.key,
    name: entry.name,
    file: entry.config.file.path,
    source: entry.config.file.kind,
    type: entry.config.type,
    state: state.kind,
    ...(state.kind === 'crashed' ? { exitCode: state.code, signal: state.signal } : {}),
    ...(state.kind === 'error' ? { error: state.message } : {}),
    era: entry.info?.era,
    protocolVersion: entry.info?.protocolVersion,
    serverName: entry.info?.serverInfo?.name,
    config: entry.config,
    tools: names('tools'),
    resources: names('resources'),
    prompts: names('prompts'),
    skills: entry.skills && 'skills' in entry.skills ? entry.skills.skills.map((s) => s.frontmatter.name) : [],
  };
}

export function createApi(registry: ServerRegistry, logUri: string, traceDir: string, prompts: { readonly keys: string[] }): McpLensApi {
  return {
    logUri,
    traceDir,
    signInPrompts: () => prompts.keys,
    registry: {
      get servers() {
        return registry.servers.map(snapshot);
      },
      get problems() {
        return registry.problems.map((p) => ({ ...p }));
      },
      get: (keyOrName) => {
        const entry = registry.get(keyOrName);
        return entry && snapshot(entry);
      },
      onDidChange: registry.onDidChange,
      reload: () => registry.reload(),
    },
  };
}
