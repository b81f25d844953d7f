import * as vscode from 'vscode';
import type { Sessions } from '../diagnostics/sessions';
import { Disposable } from '../lifecycle';
import type { ServerEntry } from '../serverEntry';
import type { ServerRegistry } from '../serverRegistry';
import { pickOne, say, showInfo } from '../shown';

/**
 * Which server the Messages view and the stderr panel show: the one selected in the Servers
 * view, or picked from the Messages view's title; a server that starts while the shown one
 * is idle takes its place, so starting a server shows its conversation at once.
 */
export class SelectedServer extends Disposable {
  private key: string | undefined;
  private readonly changed = this.register(new vscode.EventEmitter<string | undefined>());
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly registry: ServerRegistry,
    sessions: Sessions,
    serversView: vscode.TreeView<unknown> | undefined,
  ) {
    super();
    if (serversView) {
      this.register(
        serversView.onDidChangeSelection((e) => {
          const node = e.selection[0] as { key?: unknown } | undefined;
          if (node && typeof node.key === 'string') this.select(node.key);
        }),
      );
    }
    this.register(
      sessions.onDidStart((session) => {
        const current = this.entry;
        if (!current || current.key === session.serverKey || !current.isActive) this.select(session.serverKey, true);
      }),
    );
    this.register(registry.onDidChange((entry) => entry === undefined && this.key && !registry.get(this.key) && this.select(undefined)));
  }

  get entry(): ServerEntry | undefined {
    return this.key ? this.registry.get(this.key) : undefined;
  }

  select(key: string | undefined, force = false): void {
    if (key === this.key && !force) return;
    this.key = key;
    this.changed.fire(key);
  }

  /** A quick pick of the configured servers, the ones with a session first. */
  async pick(): Promise<ServerEntry | undefined> {
    const servers = [...this.registry.servers].sort((a, b) => Number(!!b.session) - Number(!!a.session));
    if (servers.length === 0) {
      void showInfo(say`MCP Lens: no MCP servers are configured.`);
      return undefined;
    }
    const picked = await pickOne(
      servers.map((entry) => ({
        label: say`${entry.name}`,
        description: entry.session
          ? say`${entry.state.kind} · ${entry.session.trace.count} events`
          : say`${entry.state.kind} · not run yet`,
        picked: entry.key === this.key,
        value: entry,
      })),
      { placeHolder: say`Show the messages of which server?` },
    );
    if (picked) this.select(picked.key);
    return picked;
  }
}
