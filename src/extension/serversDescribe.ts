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
 * A server's row and the rows under it, through the same provider calls VS Code makes
 * (getTreeItem, then resolveTreeItem on hover), `depth` levels deep (2: its groups and their
 * items). For tests: `mcpLens.servers.describe`.
 */
export async function describeServer(view: ServersView, key: string, depth: number): Promise<ServerRowShown | undefined> {
  const top = view.getChildren().find((n) => n.type === 'server' && n.key === key);
  return top && shown(view, top, depth);
}

async function shown(view: ServersView, node: TreeNode, depth: number): Promise<ServerRowShown> {
  const item = await view.resolveTreeItem(view.getTreeItem(node), node);
  const tooltip = item.tooltip instanceof vscode.MarkdownString ? item.tooltip.value : (item.tooltip ?? '');
  const row: ServerRowShown = {
    label: typeof item.label === 'string' ? item.label : (item.label?.label ?? ''),
    description: typeof item.description === 'string' ? item.description : '',
    icon: item.iconPath instanceof vscode.ThemeIcon ? item.iconPath.id : undefined,
    tooltip,
  };
  if (depth > 0 && item.collapsibleState !== vscode.TreeItemCollapsibleState.None) {
    row.children = await Promise.all(view.getChildren(node).map((child) => shown(view, child, depth - 1)));
  }
  return row;
}
