import * as vscode from 'vscode';
import { displayName } from '../core/config/locations';
import type { ServerEntry } from './serverEntry';
import type { ServerRegistry } from './serverRegistry';
import { pickOne, say, showInfo, showWarning, type Text } from './shown';

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
