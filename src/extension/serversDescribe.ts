import * as vscode from 'vscode';
import type { ServersView, TreeNode } from './serversView';

/** One row of the Servers view as a person reads it: label, description, icon and the tooltip's text. */
export interface ServerRowShown {
  label: string;
  description: string;
  icon: string | undefined;
  tooltip: string;
  children?: ServerRowShown[];
}

/**
 * The rows under one server, through the same provider calls VS Code makes (getTreeItem,
 * then resolveTreeItem on hover), `depth` levels deep. For tests: `mcpLens.servers.describe`.
 */
export async function describeServerRows(view: ServersView, key: string, depth: number): Promise<ServerRowShown[]> {
  const top = view.getChildren().find((n) => n.type === 'server' && n.key === key);
  return top ? rows(view, top, depth) : [];
}

function rows(view: ServersView, parent: TreeNode, depth: number): Promise<ServerRowShown[]> {
  return Promise.all(view.getChildren(parent).map(async (node) => {
    const item = await view.resolveTreeItem(view.getTreeItem(node), node);
    const tooltip = item.tooltip instanceof vscode.MarkdownString ? item.tooltip.value : (item.tooltip ?? '');
    const row: ServerRowShown = {
      label: typeof item.label === 'string' ? item.label : (item.label?.label ?? ''),
      description: typeof item.description === 'string' ? item.description : '',
      icon: item.iconPath instanceof vscode.ThemeIcon ? item.iconPath.id : undefined,
      tooltip,
    };
    if (depth > 0 && item.collapsibleState !== vscode.TreeItemCollapsibleState.None) row.children = await rows(view, node, depth - 1);
    return row;
  }));
}
