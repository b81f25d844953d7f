import type * as vscode from 'vscode';
import { Disposable } from '../lifecycle';
import type { Log } from '../log';
import type { ServerEntry } from '../serverEntry';
import type { JsonDocuments } from '../tools/jsonDocuments';
import type { ToolRunner } from '../tools/toolRunner';
import type { PanelSubject } from './protocol';
import { ResourcePanel } from './resourcePanel';

/** One panel per resource, template or prompt of a server, reused when opened again. */
export class ResourcePanels extends Disposable {
  private readonly panels = new Map<string, ResourcePanel>();

  constructor(private readonly deps: { extensionUri: vscode.Uri; runner: ToolRunner; documents: JsonDocuments; log: Log }) {
    super();
    this.register({ dispose: () => [...this.panels.values()].forEach((p) => p.panel.dispose()) });
  }

  open(entry: ServerEntry, subject: PanelSubject, prompt?: Record<string, unknown>): ResourcePanel {
    const key = [
      entry.key,
      subject.kind,
      subject.kind === 'template' ? subject.uriTemplate : subject.kind === 'resource' ? subject.uri : subject.name,
    ].join('\u0000');
    const existing = this.panels.get(key);
    if (existing) {
      existing.reveal();
      return existing;
    }
    const panel = new ResourcePanel(this.deps, entry, subject, prompt);
    this.panels.set(key, panel);
    panel.onDidClose(() => this.panels.delete(key));
    return panel;
  }

  /** The open panels, for tests and for closing them. */
  get all(): readonly ResourcePanel[] {
    return [...this.panels.values()];
  }
}
