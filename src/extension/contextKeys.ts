import * as vscode from 'vscode';
import { Disposable } from './lifecycle';
import type { ServerRegistry } from './serverRegistry';

/**
 * Context keys for `when` clauses in package.json:
 * - mcpLens.configLoaded: the config files were read once (the welcome view waits for it)
 * - mcpLens.hasServers: at least one server is configured
 * - mcpLens.hasRunningServers: at least one server is starting, running or stopping
 */
export class ContextKeys extends Disposable {
  private readonly last = new Map<string, boolean>();

  constructor(private readonly registry: ServerRegistry) {
    super();
    this.register(registry.onDidChange(() => this.update()));
  }

  update(): void {
    const servers = this.registry.servers;
    this.set('mcpLens.configLoaded', this.registry.config !== undefined);
    this.set('mcpLens.hasServers', servers.length > 0);
    this.set(
      'mcpLens.hasRunningServers',
      servers.some((s) => s.isActive),
    );
  }

  private set(key: string, value: boolean): void {
    if (this.last.get(key) === value) return;
    this.last.set(key, value);
    void vscode.commands.executeCommand('setContext', key, value);
  }
}
