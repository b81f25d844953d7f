/**
 * The dev loop (DESIGN.md §5.7): restart on save, the list diff after each restart, and
 * debugger attach, with their commands.
 */
import { givenServer, isGivenServer } from '../chooseServer';
import * as vscode from 'vscode';
import type { Log } from '../log';
import type { ServerEntry } from '../serverEntry';
import type { ServerRegistry } from '../serverRegistry';
import { DebugAttach, type DebugOutcome } from './debugAttach';
import { ToolDiffs, type RerunAdvisor, type RestartDiff } from './diffView';
import { RestartOnSave } from './restartOnSave';
import { pickOne, say, showError, showInfo } from '../shown';

export const DEVLOOP_COMMANDS = {
  debugServer: 'mcpLens.debugServer',
  showToolDiff: 'mcpLens.showToolDiff',
  /** Plain data of a server's last restart diff (integration tests). */
  lastDiff: 'mcpLens.devloop.lastDiff',
} as const;

/** A Servers view row (it carries the key), a key or name, or nothing (then the user picks). */
type ServerArg = { key: string } | string | undefined;

export function registerDevLoop(registry: ServerRegistry, log: Log, rerunAdvisor?: RerunAdvisor): vscode.Disposable[] {
  const diffs = new ToolDiffs(registry, log, rerunAdvisor);
  const debug = new DebugAttach(registry, log);

  async function pick(arg: ServerArg): Promise<ServerEntry | undefined> {
    if (isGivenServer(arg)) return givenServer(registry, arg);
    const local = [...registry.servers];
    if (local.length <= 1) {
      if (local.length === 0) void showInfo(say`MCP Lens: no configured stdio server to debug.`);
      return local[0];
    }
    return pickOne(
      local.map((entry) => ({
        label: say`${entry.name}`,
        description: say`${entry.state.kind}`,
        detail: say`${entry.commandLine()}`,
        value: entry,
      })),
      { placeHolder: say`Debug which MCP server?` },
    );
  }

  return [
    diffs,
    debug,
    new RestartOnSave(registry, log),
    vscode.commands.registerCommand(
      DEVLOOP_COMMANDS.debugServer,
      async (arg?: ServerArg, options?: { breakOnStart?: boolean }): Promise<DebugOutcome | undefined> => {
        const entry = await pick(arg);
        if (!entry) return undefined;
        const outcome = await debug.debug(entry, options);
        if (!outcome.ok) {
          const details = 'Show Log';
          void showError(say`MCP Lens: ${outcome.reason}`, details).then((choice) => choice === details && log.show());
        }
        return outcome;
      },
    ),
    vscode.commands.registerCommand(DEVLOOP_COMMANDS.showToolDiff, (arg?: ServerArg) =>
      diffs.show(typeof arg === 'string' ? arg : arg?.key).then(plain),
    ),
    vscode.commands.registerCommand(DEVLOOP_COMMANDS.lastDiff, (server: string) => plain(diffs.lastDiff(server))),
  ];
}

function plain(d: RestartDiff | undefined): (Omit<RestartDiff, 'before' | 'after'> & { before: string; after: string }) | undefined {
  return d && { ...d, before: d.before.toString(), after: d.after.toString() };
}
