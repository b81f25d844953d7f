import * as vscode from 'vscode';
import type { ProbeOutcome } from '../core/probe/probe';
import { describe, say, setTooltip, treeItem } from './shown';

/** The Probes row under a server: how many of the probes after Start ran. */
export function probesItem(outcomes: readonly ProbeOutcome[]): vscode.TreeItem {
  const ran = outcomes.filter((o) => o.status === 'ran').length;
  const failed = outcomes.filter((o) => o.status === 'failed').length;
  const item = treeItem(say`Probes`, vscode.TreeItemCollapsibleState.Collapsed);
  item.iconPath = new vscode.ThemeIcon('beaker');
  describe(item, say`${ran} ran · ${outcomes.length - ran - failed} skipped${failed ? ` · ${failed} failed` : ''}`);
  setTooltip(
    item,
    say`The safe probes of mcp-lens check, run after Start (mcpLens.probes.onStart): no tool is called. What they found is in the stderr panel and Problems.`,
  );
  item.contextValue = 'mcpLensProbes';
  return item;
}

/** One probe: ran, or skipped or failed and why. */
export function probeItem(outcome: ProbeOutcome): vscode.TreeItem {
  const item = treeItem(say`${outcome.probe}`);
  if (outcome.status === 'ran') {
    item.iconPath = new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed'));
    describe(item, say`ran`);
  } else {
    const failed = outcome.status === 'failed';
    item.iconPath = failed
      ? new vscode.ThemeIcon('warning', new vscode.ThemeColor('problemsWarningIcon.foreground'))
      : new vscode.ThemeIcon('circle-slash');
    describe(item, say`${failed ? 'failed' : 'skipped'}: ${outcome.reason}`);
    setTooltip(item, say`${outcome.probe} ${failed ? 'failed' : 'was skipped'}: ${outcome.reason}`);
  }
  item.contextValue = `mcpLensProbe.${outcome.status}`;
  return item;
}
