import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Log } from '../log';
import type { ServerRegistry } from '../serverRegistry';
import { exportTrace } from './exportTrace';
import type { MessageNode } from './nodes';
import type { SelectedServer } from './selection';
import { describeTree, type DescribedRow } from './describe';
import type { MessagesElement, MessagesView } from './view';
import { name, pickMany, say, showError, showInfo, showWarning } from '../shown';

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

interface Deps {
  registry: ServerRegistry;
  selection: SelectedServer;
  view: MessagesView;
  log: Log;
  /** Reveals a stderr line in the panel (evidence that is not a message). */
  revealOutput(serverKey: string, seq: number): Promise<boolean>;
}

/** The events a row stands for, in wire order. */
function eventsOf(node: MessageNode) {
  if (node.type === 'exchange') return [node.request, ...(node.response ? [node.response] : [])];
  return [node.event];
}

function isMessageNode(element: unknown): element is MessageNode {
  const type = (element as { type?: unknown } | undefined)?.type;
  return type === 'exchange' || type === 'notification' || type === 'stray' || type === 'meta' || type === 'response';
}

export function registerMessageCommands({ registry, selection, view, log, revealOutput }: Deps): vscode.Disposable[] {
  const C = MESSAGE_COMMANDS;

  /** Selects the server and shows event `seq`: its row in Messages, or its line in the stderr panel. */
  async function reveal(serverKeyOrName: string, seq: number): Promise<boolean> {
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
    if (event.dir === 'stderr') return revealOutput(entry.key, seq);
    await vscode.commands.executeCommand('mcpLens.messages.focus');
    if (await view.reveal(seq)) return true;
    void showInfo(
      say`MCP Lens: event #${seq} of "${entry.name}" is no longer in the Messages view (it keeps the newest rows); Export Trace has every event.`,
    );
    return false;
  }

  async function filterMethods(): Promise<void> {
    const methods = view.session?.messages.methods;
    if (!methods || methods.size === 0) {
      void showInfo(say`MCP Lens: no messages to filter yet.`);
      return;
    }
    const current = view.filter.methods;
    const picked = await pickMany(
      [...methods]
        .sort((a, b) => a[0].localeCompare(b[0]))
        .map(([method, count]) => ({
          label: say`${name(method)}`,
          description: say`${count}`,
          picked: !current || current.has(method),
          value: method,
        })),
      { placeHolder: say`Show the messages of these methods` },
    );
    if (!picked) return;
    view.setFilter({ methods: picked.length === methods.size ? undefined : new Set(picked) });
  }

  /**
   * The row a command acts on: the one it was invoked on (context menu), one given as
   * (server, seq) (keybindings, tests), or the view's selection.
   */
  function target(arg?: MessagesElement | string, seq?: number): MessageNode | undefined {
    if (typeof arg === 'string') {
      const entry = registry.get(arg);
      if (entry) selection.select(entry.key);
      return seq === undefined ? undefined : entry?.session?.messages.nodeOf(Number(seq));
    }
    const node = arg ?? view.view.selection[0];
    return isMessageNode(node) ? node : undefined;
  }

  /** Sends the request again with a fresh id; resolves with the result, or undefined when it could not. */
  async function replay(arg?: MessagesElement | string, seq?: number): Promise<Record<string, unknown> | undefined> {
    const element = target(arg, seq);
    const entry = selection.entry;
    const client = entry?.client;
    if (!element || element.type !== 'exchange' || element.request.dir !== 'c2s') return undefined;
    if (!client || entry.state.kind !== 'running') {
      void showWarning(say`MCP Lens: start "${entry?.name ?? 'the server'}" to replay a request.`);
      return undefined;
    }
    const params = (element.request.msg as { params?: Record<string, unknown> }).params;
    // request() gives it a fresh id (and the era's _meta); the answer shows as a new row.
    try {
      return await client.request(element.method, params);
    } catch (error) {
      // A protocol error is a row in the view already; anything else (closed, timeout) is said here.
      if ((error as { code?: unknown }).code === undefined)
        void showWarning(say`MCP Lens: replay of ${name(element.method)} failed: ${(error as Error).message}`);
      return undefined;
    }
  }

  /** A tools/call row with its result becomes a saved call in the server's test file. */
  async function saveAsTest(arg?: MessagesElement | string, seq?: number): Promise<unknown> {
    const element = target(arg, seq);
    const entry = selection.entry;
    const request =
      element?.type === 'exchange' && element.request.dir === 'c2s'
        ? (element.request.msg as { params?: { name?: unknown; arguments?: unknown } })
        : undefined;
    const result =
      element?.type === 'exchange' ? (element.response?.msg as { result?: Record<string, unknown> } | undefined)?.result : undefined;
    if (!entry || element?.type !== 'exchange' || element.method !== 'tools/call' || typeof request?.params?.name !== 'string' || !result) {
      void showInfo(say`MCP Lens: only a tools/call that got a result can be saved as a test.`);
      return undefined;
    }
    const args = request.params.arguments && typeof request.params.arguments === 'object' ? request.params.arguments : {};
    return vscode.commands.executeCommand('mcpLens.tests.saveCall', {
      server: entry.name,
      tool: request.params.name,
      arguments: args,
      result,
    });
  }

  /** Given (server, file) (keybindings, tests) it writes there without asking. */
  async function exportCommand(server?: unknown, file?: unknown): Promise<string | undefined> {
    if (typeof server === 'string') selection.select(registry.get(server)?.key);
    const session = typeof server === 'string' ? registry.get(server)?.session : view.session;
    const entry = selection.entry;
    if (!session || !entry) {
      void showInfo(say`MCP Lens: select a server that has run to export its trace.`);
      return undefined;
    }
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const stamp = new Date(session.started).toISOString().replace(/[:.]/g, '-').slice(0, 19);
    const name = `${entry.name.replace(/[^\w.-]+/g, '_')}-${stamp}.mcptrace.jsonl`;
    const target =
      typeof file === 'string'
        ? vscode.Uri.file(file)
        : await vscode.window.showSaveDialog({
            defaultUri: folder ? vscode.Uri.joinPath(folder, name) : undefined,
            filters: { 'MCP trace': ['mcptrace.jsonl', 'jsonl'] },
            saveLabel: 'Export Trace',
            title: `Export the trace of "${entry.name}" (secrets masked)`,
          });
    if (!target) return undefined;
    let count: number;
    try {
      count = await exportTrace(session, target.fsPath);
    } catch (error) {
      // A disk that is full or a folder not writable: said where the person looks, with its stack in the log.
      log.error(`[${entry.name}] exporting the trace to ${target.fsPath} failed`, error);
      void showError(
        say`MCP Lens: the trace could not be exported to ${path.basename(target.fsPath)}: ${error instanceof Error ? error.message : String(error)}`,
      );
      return undefined;
    }
    log.info(`[${entry.name}] exported ${count} events to ${target.fsPath}`);
    const open = 'Open';
    void showInfo(say`MCP Lens: exported ${count} events to ${path.basename(target.fsPath)}.`, open).then((choice) => {
      if (choice === open) void vscode.window.showTextDocument(target);
    });
    return target.fsPath;
  }

  /** Copies the row's lines; resolves with the text copied. */
  const copy = async (pretty: boolean, arg?: MessagesElement | string, seq?: number): Promise<string | undefined> => {
    const node = target(arg, seq);
    if (!node) return undefined;
    const events = eventsOf(node);
    const text = pretty
      ? events.map((e) => (e.msg ? JSON.stringify(e.msg, null, 2) : JSON.stringify(e.raw))).join('\n\n')
      : events.map((e) => e.raw).join('\n');
    await vscode.env.clipboard.writeText(text);
    return text;
  };

  return [
    vscode.commands.registerCommand(C.reveal, (server: string, seq: number) => reveal(server, Number(seq))),
    vscode.commands.registerCommand(C.selectServer, () => selection.pick()),
    vscode.commands.registerCommand(C.showMessages, async (server?: string) => {
      if (server) selection.select(registry.get(server)?.key);
      else if (!selection.entry) await selection.pick();
      await vscode.commands.executeCommand('mcpLens.messages.focus');
    }),
    vscode.commands.registerCommand(C.showStderr, async (server?: string) => {
      if (server) selection.select(registry.get(server)?.key);
      else if (!selection.entry) await selection.pick();
      await vscode.commands.executeCommand('mcpLens.stderr.focus');
    }),
    vscode.commands.registerCommand(C.errorsOnly, () => view.setFilter({ errorsOnly: true })),
    vscode.commands.registerCommand(C.showAll, () => view.setFilter({ errorsOnly: false })),
    vscode.commands.registerCommand(C.filterMethods, filterMethods),
    vscode.commands.registerCommand(C.clearMethodFilter, () => view.setFilter({ methods: undefined })),
    vscode.commands.registerCommand(C.hideNotifications, () => view.setFilter({ hideNotifications: true })),
    vscode.commands.registerCommand(C.showNotifications, () => view.setFilter({ hideNotifications: false })),
    vscode.commands.registerCommand(C.copyWire, (arg?: MessagesElement | string, seq?: number) => copy(false, arg, seq)),
    vscode.commands.registerCommand(C.copyJson, (arg?: MessagesElement | string, seq?: number) => copy(true, arg, seq)),
    vscode.commands.registerCommand(C.replay, replay),
    vscode.commands.registerCommand(C.saveAsTest, saveAsTest),
    vscode.commands.registerCommand(C.exportTrace, exportCommand),
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
