import * as vscode from 'vscode';
import { chooseServer, givenServer, isGivenServer } from './chooseServer';
import type { InputResolver } from './inputs';
import type { Log } from './log';
import type { ServerEntry } from './serverEntry';
import type { ServerRegistry, StartOutcome } from './serverRegistry';
import type { TreeNode } from './serversView';
import { explainUntrusted, isTrusted } from './trust';
import { say, showError, showInfo, type Text } from './shown';
import { openConfig } from './openConfig';

/** Command ids are a contract with package.json, the tests and the docs. */
export const COMMANDS = {
  startServer: 'mcpLens.startServer',
  stopServer: 'mcpLens.stopServer',
  restartServer: 'mcpLens.restartServer',
  refreshServers: 'mcpLens.refreshServers',
  showLog: 'mcpLens.showLog',
  openConfig: 'mcpLens.openConfig',
  clearInputs: 'mcpLens.clearInputs',
} as const;

/** A server given by a tree row, by key or name (tests, keybindings), or picked by the user. */
type ServerArg = TreeNode | string | undefined;

interface Deps {
  registry: ServerRegistry;
  log: Log;
  inputs: InputResolver;
}

export function registerCommands({ registry, log, inputs }: Deps): vscode.Disposable[] {
  const canStart = (s: ServerEntry) => !s.isActive;
  const canStop = (s: ServerEntry) => s.isActive;

  /** Finds the target or says why there is none; undefined means "nothing to do, already said". */
  async function target(
    arg: ServerArg,
    accept: (s: ServerEntry) => boolean,
    none: Text,
    placeHolder: Text,
  ): Promise<ServerEntry | undefined> {
    if (isGivenServer(arg)) return givenServer(registry, arg);
    if (registry.servers.length === 0) {
      const open = 'Open Config';
      void showInfo(
        say`MCP Lens: no MCP servers are configured in .vscode/mcp.json, .mcp.json, .cursor/mcp.json, the user-level files of VS Code, the Copilot CLI, Claude Code and Cursor, or the Claude Desktop config.`,
        open,
      ).then((choice) => {
        if (choice === open) void vscode.commands.executeCommand(COMMANDS.openConfig);
      });
      return undefined;
    }
    return chooseServer(registry.servers.filter(accept), placeHolder, say`MCP Lens: ${none}`);
  }

  /** A failed start tells the user at once and offers the log, where the stderr tail is. */
  function report(outcome: StartOutcome): StartOutcome {
    // The prompt to sign in is auth/signInPrompt's: it closes itself once the server is signed in.
    if (!outcome.ok && outcome.needsSignIn) return outcome;
    if (outcome.ok || outcome.cancelled) {
      if (!outcome.ok) void showInfo(say`MCP Lens: ${outcome.reason}`);
      return outcome;
    }
    const details = 'Show Details';
    void showError(say`MCP Lens: ${outcome.reason}`, details).then((choice) => choice === details && log.show());
    return outcome;
  }

  async function startOrRestart(arg: ServerArg, restart: boolean): Promise<StartOutcome | undefined> {
    if (!isTrusted()) {
      void explainUntrusted();
      return { ok: false, reason: 'The workspace is not trusted.' };
    }
    const entry = restart
      ? await target(arg, () => true, say`no server is configured.`, say`Restart which MCP server?`)
      : await target(arg, canStart, say`every configured server is already running.`, say`Start which MCP server?`);
    if (!entry) return undefined;
    if (!restart && entry.isActive) {
      void showInfo(say`MCP Lens: "${entry.name}" is already ${entry.state.kind}.`);
      return { ok: true };
    }
    try {
      return report(restart ? await registry.restart(entry) : await registry.start(entry));
    } catch (error) {
      log.error(`Starting "${entry.name}" failed`, error);
      return report({ ok: false, reason: `"${entry.name}" failed to start: ${error instanceof Error ? error.message : String(error)}` });
    }
  }

  return [
    vscode.commands.registerCommand(COMMANDS.startServer, (arg?: ServerArg) => startOrRestart(arg, false)),
    vscode.commands.registerCommand(COMMANDS.restartServer, (arg?: ServerArg) => startOrRestart(arg, true)),
    vscode.commands.registerCommand(COMMANDS.stopServer, async (arg?: ServerArg) => {
      const entry = await target(arg, canStop, say`no MCP server is running.`, say`Stop which MCP server?`);
      if (!entry) return false;
      await registry.stop(entry);
      return true;
    }),
    vscode.commands.registerCommand(COMMANDS.refreshServers, async () => {
      await registry.reload();
      return registry.servers.length;
    }),
    vscode.commands.registerCommand(COMMANDS.showLog, () => log.show()),
    vscode.commands.registerCommand(COMMANDS.openConfig, (file?: string, line?: number, column?: number) =>
      openConfig(registry, log, file, line, column),
    ),
    vscode.commands.registerCommand(COMMANDS.clearInputs, async () => {
      const count = await inputs.clear();
      void showInfo(say`MCP Lens: forgot ${count} remembered input value(s); servers will ask again on their next start.`);
      return count;
    }),
  ];
}
