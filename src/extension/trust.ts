import * as vscode from 'vscode';
import { say, showWarning } from './shown';

/** Servers are programs named by the workspace's files: they run only in a trusted workspace. */
export function isTrusted(): boolean {
  return vscode.workspace.isTrusted;
}

export const UNTRUSTED_MESSAGE = say`MCP Lens starts servers only in a trusted workspace: they are programs that this folder's configuration names.`;

/** Says why nothing can start, with a way to grant trust. */
export async function explainUntrusted(): Promise<void> {
  const manage = 'Manage Workspace Trust';
  const choice = await showWarning(UNTRUSTED_MESSAGE, manage);
  if (choice === manage) await vscode.commands.executeCommand('workbench.trust.manage');
}
