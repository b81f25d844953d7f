import { say, setTooltip } from './shown';
import * as vscode from 'vscode';
import { Disposable } from './lifecycle';
import type { ServerRegistry } from './serverRegistry';

/** "$(plug) MCP: 2 running" plus a count of servers in trouble; a click focuses the view. */
export class StatusBar extends Disposable {
  private readonly item = this.register(vscode.window.createStatusBarItem('mcpLens.status', vscode.StatusBarAlignment.Left, 10));

  constructor(private readonly registry: ServerRegistry) {
    super();
    this.item.name = 'MCP Lens';
    this.item.command = 'mcpLens.servers.focus';
    this.register(registry.onDidChange(() => this.update()));
    this.update();
  }

  private update(): void {
    const servers = this.registry.servers;
    const problems = this.registry.problems.filter((p) => p.severity === 'error').length;
    if (servers.length === 0 && problems === 0) {
      this.item.hide();
      return;
    }
    const running = servers.filter((s) => s.state.kind === 'running').length;
    const failed = servers.filter((s) => s.state.kind === 'crashed' || s.state.kind === 'error').length;
    this.item.text = `$(plug) MCP: ${running} running${failed + problems ? ` $(error) ${failed + problems}` : ''}`;
    const lines = [say`${running} of ${servers.length} MCP server(s) running`];
    if (failed) lines.push(say`${failed} crashed or failed to start`);
    if (problems) lines.push(say`${problems} config problem(s)`);
    setTooltip(this.item, [...lines, say`Click to show the MCP Lens Servers view`]);
    this.item.backgroundColor = failed + problems ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    this.item.show();
  }
}
