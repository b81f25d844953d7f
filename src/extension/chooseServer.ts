import * as vscode from 'vscode';
import { displayName } from '../core/config/locations';
import type { ServerEntry } from './serverEntry';

/**
 * One server out of `candidates`: none says why (`none`), one is taken as it is, more are
 * offered in a quick pick with their state, config file and command line.
 */
export async function chooseServer(candidates: ServerEntry[], placeHolder: string, none: string): Promise<ServerEntry | undefined> {
  if (candidates.length === 0) {
    void vscode.window.showInformationMessage(none);
    return undefined;
  }
  if (candidates.length === 1) return candidates[0];
  const picked = await vscode.window.showQuickPick(
    candidates.map((entry) => ({ label: entry.name, description: `${entry.state.kind} · ${displayName(entry.config.file)}`, detail: entry.commandLine(), entry })),
    { placeHolder, matchOnDescription: true },
  );
  return picked?.entry;
}
