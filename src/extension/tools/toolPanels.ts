import type * as vscode from 'vscode';
import { Disposable } from '../lifecycle';
import type { ServerEntry } from '../serverEntry';
import type { JsonDocuments } from './jsonDocuments';
import { panelKey, ToolPanel } from './toolPanel';
import type { ToolRunner } from './toolRunner';

/** One panel per tool of a server, reused: a second ▶ on the same tool brings it forward. */
export class ToolPanels extends Disposable {
  private readonly panels = new Map<string, ToolPanel>();

  constructor(private readonly deps: { extensionUri: vscode.Uri; runner: ToolRunner; documents: JsonDocuments }) {
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

  /** The open panels, for tests and for closing them. */
  get all(): readonly ToolPanel[] {
    return [...this.panels.values()];
  }
}
