import { Disposable } from '../lifecycle';
import type { ServerEntry } from '../serverEntry';
import { panelKey, ToolPanel, type ToolPanelDeps } from './toolPanel';

/** One panel per tool of a server, reused: a second ▶ on the same tool brings it forward. */
export class ToolPanels extends Disposable {
  private readonly panels = new Map<string, ToolPanel>();

  constructor(private readonly deps: ToolPanelDeps) {
    super();
    this.register({ dispose: () => [...this.panels.values()].forEach((p) => p.panel.dispose()) });
  }

  open(entry: ServerEntry, tool: string): ToolPanel {
    const key = panelKey(entry.key, tool);
    const existing = this.panels.get(key);
    if (existing) {
      existing.reveal();
      return existing;
    }
    const panel = new ToolPanel(this.deps, entry, tool);
    this.panels.set(key, panel);
    panel.onDidClose(() => this.panels.delete(key));
    return panel;
  }

  /** The panel running a call to this server, where that server's asks are shown (the latest started). */
  runningFor(entry: ServerEntry): ToolPanel | undefined {
    return [...this.panels.values()].reverse().find((p) => p.serverKey === entry.key && p.isRunning);
  }

  /** The open panels, for tests and for closing them. */
  get all(): readonly ToolPanel[] {
    return [...this.panels.values()];
  }
}
