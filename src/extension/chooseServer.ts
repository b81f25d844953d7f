import * as vscode from 'vscode';
import { displayName } from '../core/config/locations';
import type { ServerEntry } from './serverEntry';
import type { ServerRegistry } from './serverRegistry';
import { pickOne, say, showInfo, showWarning, type Text } from './shown';

/** A server a command was given: its key or name (tests, keybindings, links) or its Servers view row. */
export type GivenServer = string | { key: string };

/** Whether a command's argument names a server (else the command asks which). */
export function isGivenServer(arg: unknown): arg is GivenServer {
  return typeof arg === 'string' || (typeof arg === 'object' && arg !== null && typeof (arg as { key?: unknown }).key === 'string');
}

/** The configured server a command was given; undefined, said as a warning, when none has that key or name. */
export function givenServer(registry: ServerRegistry, given: GivenServer): ServerEntry | undefined {
  const key = typeof given === 'string' ? given : given.key;
  const entry = registry.get(key);
  if (!entry) void showWarning(say`MCP Lens: no configured server is called "${key}".`);
  return entry;
}

/**
 * One server out of `candidates`: none says why (`none`), one is taken as it is, more are
 * offered in a quick pick with their state, config file and command line.
 */
export async function chooseServer(candidates: ServerEntry[], placeHolder: Text, none: Text): Promise<ServerEntry | undefined> {
  if (candidates.length === 0) {
    void showInfo(none);
    return undefined;
  }
  if (candidates.length === 1) return candidates[0];
  return pickOne(
    candidates.map((entry) => ({
      label: say`${entry.name}`,
      description: say`${entry.state.kind} · ${displayName(entry.config.file)}`,
      detail: say`${entry.commandLine()}`,
      value: entry,
    })),
    { placeHolder, matchOnDescription: true },
  );
}

/**
 * The stdio server a command that launches a copy of its own works on (fuzz, load): only in a
 * trusted workspace (`untrusted` says why), the one named, or one chosen among the stdio ones.
 */
export async function stdioServerToLaunch(
  registry: ServerRegistry,
  named: string | undefined,
  text: { untrusted: Text; question: Text },
): Promise<ServerEntry | undefined> {
  if (!vscode.workspace.isTrusted) {
    void showWarning(text.untrusted);
    return undefined;
  }
  if (named !== undefined) return registry.get(named);
  return chooseServer(
    registry.servers.filter((s) => s.config.type === 'stdio'),
    text.question,
    say`MCP Lens: no stdio MCP server is configured.`,
  );
}
