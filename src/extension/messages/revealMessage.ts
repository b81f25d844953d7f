import * as vscode from 'vscode';
import { say, showInfo } from '../shown';
import type { MessageCommandDeps } from './rowTarget';

/** Reveal Message: selects the server and shows event `seq`, its row in Messages or its line in the stderr panel. */
export async function revealMessage(deps: MessageCommandDeps, serverKeyOrName: string, seq: number): Promise<boolean> {
  const { registry, selection, view } = deps;
  const entry = registry.get(serverKeyOrName);
  if (!entry?.session) {
    void showInfo(say`MCP Lens: "${serverKeyOrName}" has no recorded run in this window.`);
    return false;
  }
  selection.select(entry.key);
  const event = entry.session.event(seq);
  if (!event) {
    void showInfo(say`MCP Lens: in "${entry.name}", ${entry.session.missingText(seq)}.`);
    return false;
  }
  if (event.dir === 'stderr') return deps.revealOutput(entry.key, seq);
  await vscode.commands.executeCommand('mcpLens.messages.focus');
  if (await view.reveal(seq)) return true;
  void showInfo(
    say`MCP Lens: event #${seq} of "${entry.name}" is no longer in the Messages view (it keeps the newest rows); Export Trace has every event.`,
  );
  return false;
}
