import * as vscode from 'vscode';

/** A tab of an MCP Lens panel (VS Code prefixes the view type it was created with: "mainThreadWebview-mcpLens.tool"). */
function isOurs(tab: vscode.Tab): boolean {
  return tab.input instanceof vscode.TabInputWebview && /(^|-)mcpLens\./.test(tab.input.viewType);
}

/**
 * Where a new MCP Lens panel opens: in the editor group that already shows MCP Lens panels (the
 * active one if it does), else beside the active editor. `Beside` alone splits again whenever a
 * panel is the active editor, as it is after it opens: three tools run from the Servers view
 * made three groups beside the code, each narrower. The tab model, not the panels' own
 * `viewColumn`, which VS Code leaves unset until the panel's state changes.
 */
export function panelColumn(): vscode.ViewColumn {
  const groups = vscode.window.tabGroups;
  if (groups.activeTabGroup.tabs.some(isOurs)) return groups.activeTabGroup.viewColumn;
  const holding = groups.all.filter((group) => group.tabs.some(isOurs));
  return holding.at(-1)?.viewColumn ?? vscode.ViewColumn.Beside;
}
