import * as vscode from 'vscode';
import { watchGlobs } from '../../core/devloop/watchGlobs';
import type { ServerEntry } from '../serverEntry';

/** The globs a server watches (its dev.watch and the mcpLens.dev.watch setting) and the folder they are relative to. */
export function serverWatchGlobs(entry: ServerEntry): { base: string; globs: string[] } | undefined {
  const base = entry.config.file.workspaceFolder ?? vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  if (!base) return undefined;
  const setting = vscode.workspace.getConfiguration('mcpLens').get<unknown>('dev.watch');
  const globs = watchGlobs(entry.config.dev?.watch ?? [], setting, entry.name);
  return globs.length ? { base, globs } : undefined;
}
