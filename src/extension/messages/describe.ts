import * as vscode from 'vscode';
import type { MessagesElement, MessagesView } from './view';

/** One row of the Messages view as a person reads it (label, description, icon). */
export interface DescribedRow {
  id: string;
  label: string;
  description: string;
  icon: string | undefined;
  contextValue: string | undefined;
  collapsible: boolean;
  children?: DescribedRow[];
}

/**
 * The view's rows as the provider gives them to VS Code, `depth` levels deep. Read beside the
 * window, not as it: reading neither sends a refresh nor counts as the window's fetch.
 */
export function describeTree(view: MessagesView, depth: number, parent?: MessagesElement): DescribedRow[] {
  return view.rows(parent).map((element) => {
    const item = view.getTreeItem(element);
    const label = typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
    const row: DescribedRow = {
      id: item.id ?? '',
      label,
      description: typeof item.description === 'string' ? item.description : '',
      icon: item.iconPath instanceof vscode.ThemeIcon ? item.iconPath.id : undefined,
      contextValue: item.contextValue,
      collapsible: item.collapsibleState !== vscode.TreeItemCollapsibleState.None,
    };
    if (depth > 0 && row.collapsible) row.children = describeTree(view, depth - 1, element);
    return row;
  });
}
