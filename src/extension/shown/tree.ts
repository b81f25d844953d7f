import * as vscode from 'vscode';
import { nonBlank } from '../../core/text';
import { render, type Text } from './text';

/** Tree rows: the label and description are drawn as text; what hides or overflows is written out or clipped, and a label is never blank. */
export function treeItem(label: Text, state = vscode.TreeItemCollapsibleState.None): vscode.TreeItem {
  return new vscode.TreeItem(nonBlank(render(label, 'plainLine')), state);
}

export function describe(item: vscode.TreeItem, description: Text): vscode.TreeItem {
  item.description = render(description, 'plainLine');
  return item;
}

/** A Markdown tooltip from SafeMarkdown, or plain lines. */
export function setTooltip(item: vscode.TreeItem | vscode.StatusBarItem, tooltip: vscode.MarkdownString | Text | Text[]): void {
  if (tooltip instanceof vscode.MarkdownString) item.tooltip = tooltip;
  else item.tooltip = (Array.isArray(tooltip) ? tooltip : [tooltip]).map((line) => render(line, 'plainLine')).join('\n');
}

/** A code lens: its title is drawn with codicons. */
export function codeLens(range: vscode.Range, title: Text, tooltip: Text, command: string, args: unknown[]): vscode.CodeLens {
  return new vscode.CodeLens(range, { title: render(title, 'iconLine'), tooltip: render(tooltip, 'plainLine'), command, arguments: args });
}

/** A webview panel's tab title: drawn as text. */
export function tabTitle(title: Text): string {
  return nonBlank(render(title, 'plainLine'));
}

/** The description beside a view's title (the server the Messages view shows). */
export function setViewDescription(view: vscode.TreeView<unknown>, description: Text | undefined): void {
  view.description = description === undefined ? undefined : render(description, 'plainLine');
}

/** The message a view shows in place of its rows. */
export function setViewMessage(view: vscode.TreeView<unknown>, message: Text | undefined): void {
  view.message = message === undefined ? undefined : render(message, 'iconLine');
}
