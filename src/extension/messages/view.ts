import * as vscode from 'vscode';
import type { LiveSession } from '../diagnostics/liveSession';
import type { Sessions } from '../diagnostics/sessions';
import { Disposable } from '../lifecycle';
import { LATENCY_MEANING } from '../../core/trace/latency';
import { matches, statusOf, type ExchangeNode, type MessageFilter, type MessageNode } from './nodes';
import { hasJsonChildren, jsonEntries, jsonSummary, messageParts, rowData, sourceFrame } from './present';
import { RefreshPacer } from './refreshPacer';
import type { SelectedServer } from './selection';
import { describe, name, SafeMarkdown, say, setTooltip, setViewDescription, setViewMessage, treeItem } from '../shown';

/** A node of the JSON tree under a message row; created on expand, keyed by its path. */
export interface JsonNode {
  type: 'json';
  id: string;
  key: string;
  value: unknown;
  parent: MessageNode | JsonNode;
}

/** The row above the window when older rows were dropped or cleared. */
interface GapRow {
  type: 'gap';
  id: string;
  count: number;
}

export type MessagesElement = MessageNode | JsonNode | GapRow;

/** Beyond this many changed rows one full refresh is cheaper than targeted ones. */
const MAX_TARGETED = 50;

/**
 * The Messages view: the selected server's conversation, one row per request/response pair,
 * notifications, stray stdout and lifecycle facts in order. Rows are keyed by seq; changes
 * from the model are flushed at most four times a second (less when the window draws slower,
 * see RefreshPacer), as one root refresh when rows were added and as targeted refreshes when
 * only some rows changed (a response arrived).
 */
export class MessagesView extends Disposable implements vscode.TreeDataProvider<MessagesElement> {
  private readonly changed = this.register(new vscode.EventEmitter<MessagesElement | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  readonly view: vscode.TreeView<MessagesElement>;
  private filterState: { errorsOnly: boolean; hideNotifications: boolean; methods: Set<string> | undefined } = {
    errorsOnly: false,
    hideNotifications: false,
    methods: undefined,
  };
  private timer: NodeJS.Timeout | undefined;
  private readonly pacer = new RefreshPacer();
  private sessionListener: vscode.Disposable | undefined;
  private shown: LiveSession | undefined;

  constructor(
    private readonly selection: SelectedServer,
    sessions: Sessions,
  ) {
    super();
    this.view = this.register(vscode.window.createTreeView('mcpLens.messages', { treeDataProvider: this, showCollapseAll: true }));
    this.register(selection.onDidChange(() => this.follow()));
    this.register(sessions.onDidStart((s) => s.serverKey === selection.entry?.key && this.follow()));
    this.register({ dispose: () => this.sessionListener?.dispose() });
    this.register({ dispose: () => clearTimeout(this.timer) });
    this.follow();
    this.updateContext();
  }

  get session(): LiveSession | undefined {
    return this.selection.entry?.session;
  }

  get filter(): MessageFilter {
    return this.filterState;
  }

  /** Shows the selected server's latest session and listens to it. */
  private follow(): void {
    const session = this.session;
    if (session !== this.shown) {
      this.sessionListener?.dispose();
      this.shown = session;
      session?.messages.takeChanges();
      const listener = session?.onDidAppend(() => this.schedule());
      this.sessionListener = listener && { dispose: () => listener.dispose() };
    }
    const entry = this.selection.entry;
    setViewDescription(this.view, entry ? say`${entry.name}` : undefined);
    setViewMessage(
      this.view,
      !entry
        ? say`Select a server in the Servers view to see its messages, or pick one with "Show Messages of Server…" in this view's title bar.`
        : !session
          ? say`"${entry.name}" has not run in this window yet. Start it to see its messages.`
          : undefined,
    );
    this.changed.fire(undefined);
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush();
    }, this.pacer.delay);
  }

  /**
   * Sends the model's changes to the tree: one root refresh, or a few targeted ones. Held while
   * VS Code has not fetched the last root refresh, unless `now` (a row about to be revealed).
   */
  flush(now = false): void {
    const session = this.shown;
    if (!session || (!now && !this.pacer.mayRefresh())) return;
    const { structure, nodes } = session.messages.takeChanges();
    if (structure || nodes.length > MAX_TARGETED) {
      this.pacer.sent();
      return this.changed.fire(undefined);
    }
    for (const node of nodes) this.changed.fire(node);
  }

  setFilter(update: Partial<MessagesView['filterState']>): void {
    this.filterState = { ...this.filterState, ...update };
    this.updateContext();
    this.changed.fire(undefined);
  }

  private updateContext(): void {
    void vscode.commands.executeCommand('setContext', 'mcpLens.messages.errorsOnly', this.filterState.errorsOnly);
    void vscode.commands.executeCommand('setContext', 'mcpLens.messages.hideNotifications', this.filterState.hideNotifications);
    void vscode.commands.executeCommand('setContext', 'mcpLens.messages.methodFiltered', this.filterState.methods !== undefined);
  }

  clear(): void {
    this.shown?.messages.clear();
    this.shown?.messages.takeChanges();
    this.changed.fire(undefined);
  }

  /** VS Code's fetch. A fetch of the root is the window catching up with the last refresh. */
  getChildren(element?: MessagesElement): MessagesElement[] {
    if (!element && this.pacer.fetched()) this.schedule();
    return this.rows(element);
  }

  /** The rows under `element` (the top rows without one), as the view shows them now. */
  rows(element?: MessagesElement): MessagesElement[] {
    const session = this.shown;
    if (!session) return [];
    if (!element) {
      const rows: MessagesElement[] = session.messages.visible(this.filterState);
      const hidden = session.messages.hidden;
      return hidden > 0 ? [{ type: 'gap', id: 'gap', count: hidden }, ...rows] : rows;
    }
    if (element.type === 'gap') return [];
    const entries = element.type === 'json' ? jsonEntries(element.value) : messageParts(element);
    const json: MessagesElement[] = entries.map(({ key, value }) => ({
      type: 'json',
      id: `${element.id}/${key.replace(/\//g, '%2F')}`,
      key,
      value,
      parent: element,
    }));
    // A call's own params and answer first, then what happened inside it, in order.
    return element.type === 'exchange' && element.children ? [...json, ...element.children] : json;
  }

  getParent(element: MessagesElement): MessagesElement | undefined {
    if (element.type === 'json') return element.parent;
    return element.type === 'gap' ? undefined : element.parent;
  }

  getTreeItem(element: MessagesElement): vscode.TreeItem {
    if (element.type === 'gap') {
      const item = treeItem(say`${element.count.toLocaleString('en-US')} earlier rows not shown`);
      item.id = element.id;
      describe(item, say`Export Trace has every event`);
      item.iconPath = new vscode.ThemeIcon('fold-up');
      item.contextValue = 'mcpLensMessage.gap';
      return item;
    }
    if (element.type === 'json') {
      const expandable = hasJsonChildren(element.value);
      const item = treeItem(
        say`${element.key}`,
        expandable ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
      );
      item.id = element.id;
      describe(item, say`${jsonSummary(element.value)}`);
      item.contextValue = 'mcpLensMessage.json';
      return item;
    }
    const row = rowData(element);
    // Method and tool names are the server's: written out like every name.
    const item = treeItem(
      say`${row.nameLike ? name(row.label) : row.label}`,
      row.expandable ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
    );
    item.id = element.id;
    describe(item, say`${row.description}`);
    item.iconPath = new vscode.ThemeIcon(row.icon, row.color ? new vscode.ThemeColor(row.color) : undefined);
    item.contextValue = row.contextValue;
    if (element.type === 'stray' && element.source) {
      const frame = sourceFrame(element.source);
      if (frame)
        item.command = {
          command: 'mcpLens.openSource',
          title: 'Open the line that wrote it',
          arguments: [frame.file, frame.line, frame.column],
        };
    }
    return item;
  }

  /** Tooltips (the exact wire lines) only for the row under the pointer. */
  resolveTreeItem(item: vscode.TreeItem, element: MessagesElement): vscode.TreeItem {
    if (element.type === 'exchange') {
      setTooltip(item, exchangeTooltip(element));
    } else if (element.type === 'stray' || element.type === 'notification' || element.type === 'response' || element.type === 'meta') {
      const lines = [element.event.raw];
      if (element.type === 'stray' && element.source) {
        const stack = (element.source.info?.stack ?? []) as { file: string; line: number; column: number }[];
        lines.push('written by:', ...stack.slice(0, 8).map((f) => `  ${f.file}:${f.line}:${f.column}`));
      }
      setTooltip(item, tooltip(lines));
    }
    return item;
  }

  /** Shows the row holding event `seq`; clears a filter that hides it. False when it is not in the window. */
  async reveal(seq: number): Promise<boolean> {
    const node = this.shown?.messages.nodeOf(seq);
    if (!node) return false;
    if (!matches(node, this.filterState)) this.setFilter({ errorsOnly: false, hideNotifications: false, methods: undefined });
    this.flush(true);
    await this.view.reveal(node, { select: true, focus: true, expand: node.type === 'exchange' });
    return true;
  }
}

/** The wire lines, under a word on what the row's figures mean. */
function exchangeTooltip(node: ExchangeNode): vscode.MarkdownString {
  const md = new SafeMarkdown();
  if (statusOf(node) === 'probe')
    md.line(
      say`The era probe: the client asks server/discover first; "Method not found" means a server of an earlier revision, which it then initializes the legacy way. Expected, not a failure.`,
    );
  if (node.response) md.line(say`${LATENCY_MEANING}`);
  return md.code([`→ ${node.request.raw}`, node.response ? `← ${node.response.raw}` : '(no response yet)'].join('\n')).build();
}

function tooltip(lines: string[]): vscode.MarkdownString {
  return new SafeMarkdown().code(lines.join('\n')).build();
}
