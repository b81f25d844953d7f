import * as vscode from 'vscode';
import { describeTree, type DescribedRow } from './describe';
import { exportTraceCommand } from './exportTraceCommand';
import { filterMethods } from './filterMethods';
import { revealMessage } from './revealMessage';
import { copyRow, replay, saveAsTest } from './rowActions';
import type { MessageCommandDeps } from './rowTarget';
import type { MessagesElement } from './view';

/** Command ids are a contract with package.json, the stderr panel and the tests. */
export const MESSAGE_COMMANDS = {
  reveal: 'mcpLens.revealMessage',
  selectServer: 'mcpLens.messages.selectServer',
  errorsOnly: 'mcpLens.messages.errorsOnly',
  showAll: 'mcpLens.messages.showAll',
  filterMethods: 'mcpLens.messages.filterMethods',
  clearMethodFilter: 'mcpLens.messages.clearMethodFilter',
  hideNotifications: 'mcpLens.messages.hideNotifications',
  showNotifications: 'mcpLens.messages.showNotifications',
  copyWire: 'mcpLens.messages.copyWireLine',
  copyJson: 'mcpLens.messages.copyJson',
  replay: 'mcpLens.messages.replay',
  saveAsTest: 'mcpLens.messages.saveAsTest',
  exportTrace: 'mcpLens.exportTrace',
  clear: 'mcpLens.messages.clear',
  openSource: 'mcpLens.openSource',
  describe: 'mcpLens.messages.describe',
  showMessages: 'mcpLens.showMessages',
  showStderr: 'mcpLens.showStderr',
} as const;

/** The Messages view's commands and the stderr panel's links into it; each one's work is in a module of its own. */
export function registerMessageCommands(deps: MessageCommandDeps): vscode.Disposable[] {
  const C = MESSAGE_COMMANDS;
  const { registry, selection, view } = deps;
  /** Shows `viewId` on the server given, or the selected one, or one picked. */
  const focus = (viewId: string) => async (server?: string) => {
    if (server) selection.select(registry.get(server)?.key);
    else if (!selection.entry) await selection.pick();
    await vscode.commands.executeCommand(`${viewId}.focus`);
  };
  return [
    vscode.commands.registerCommand(C.reveal, (server: string, seq: number) => revealMessage(deps, server, Number(seq))),
    vscode.commands.registerCommand(C.selectServer, () => selection.pick()),
    vscode.commands.registerCommand(C.showMessages, focus('mcpLens.messages')),
    vscode.commands.registerCommand(C.showStderr, focus('mcpLens.stderr')),
    vscode.commands.registerCommand(C.errorsOnly, () => view.setFilter({ errorsOnly: true })),
    vscode.commands.registerCommand(C.showAll, () => view.setFilter({ errorsOnly: false })),
    vscode.commands.registerCommand(C.filterMethods, () => filterMethods(view)),
    vscode.commands.registerCommand(C.clearMethodFilter, () => view.setFilter({ methods: undefined })),
    vscode.commands.registerCommand(C.hideNotifications, () => view.setFilter({ hideNotifications: true })),
    vscode.commands.registerCommand(C.showNotifications, () => view.setFilter({ hideNotifications: false })),
    vscode.commands.registerCommand(C.copyWire, (arg?: MessagesElement | string, seq?: number) => copyRow(deps, false, arg, seq)),
    vscode.commands.registerCommand(C.copyJson, (arg?: MessagesElement | string, seq?: number) => copyRow(deps, true, arg, seq)),
    vscode.commands.registerCommand(C.replay, (arg?: MessagesElement | string, seq?: number) => replay(deps, arg, seq)),
    vscode.commands.registerCommand(C.saveAsTest, (arg?: MessagesElement | string, seq?: number) => saveAsTest(deps, arg, seq)),
    vscode.commands.registerCommand(C.exportTrace, (server?: unknown, file?: unknown) => exportTraceCommand(deps, server, file)),
    vscode.commands.registerCommand(C.clear, () => view.clear()),
    vscode.commands.registerCommand(C.openSource, async (file: string, line: number, column = 1) => {
      const position = new vscode.Position(Math.max(0, line - 1), Math.max(0, column - 1));
      await vscode.window.showTextDocument(vscode.Uri.file(file), { selection: new vscode.Range(position, position), preview: false });
    }),
    // What the view shows, as plain data (integration tests read the tree through this).
    vscode.commands.registerCommand(C.describe, (server?: string, depth = 0): DescribedRow[] | undefined => {
      if (server) selection.select(registry.get(server)?.key);
      return describeTree(view, depth);
    }),
  ];
}
