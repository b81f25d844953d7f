import * as vscode from 'vscode';
import type { FieldError } from '../../core/schema/formTypes';
import { Disposable } from '../lifecycle';
import type { Log } from '../log';
import type { ServerEntry } from '../serverEntry';
import { name, say, tabTitle } from '../shown';
import { pageStyles, webviewHtml } from '../webview/html';
import type { AskBroker, AskSurface } from './askBroker';
import { isAskReply, type Ask, type AskHostMessage } from './askProtocol';

/**
 * A server's asks that come outside any tool-panel call (a palette call, a request at another
 * time): a panel of their own, one per server, showing them in order.
 */
export class AskPanel extends Disposable implements AskSurface {
  private readonly panel: vscode.WebviewPanel;
  private ready = false;
  /** Posted once the webview is ready; asks shown before that wait here. */
  private readonly backlog: AskHostMessage[] = [];
  private readonly closed = this.register(new vscode.EventEmitter<void>());
  readonly onDidClose = this.closed.event;

  constructor(extensionUri: vscode.Uri, entry: ServerEntry, broker: () => AskBroker, log: Log) {
    super();
    this.panel = vscode.window.createWebviewPanel(
      'mcpLens.asks',
      tabTitle(say`? ${name(entry.name)} asks`),
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: false },
      {
        enableScripts: true,
        localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'media'), vscode.Uri.joinPath(extensionUri, 'dist', 'media')],
      },
    );
    this.panel.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'mcp-lens.svg');
    this.panel.webview.html = webviewHtml(this.panel.webview, {
      title: tabTitle(say`${name(entry.name)} asks`),
      script: vscode.Uri.joinPath(extensionUri, 'dist', 'media', 'asks.js'),
      styles: pageStyles(extensionUri, 'form.css'),
      rootId: 'app',
      nonceStyles: true,
    });
    this.register(
      this.panel.webview.onDidReceiveMessage((m: { type: string }) => {
        if (m.type === 'ready') {
          this.ready = true;
          this.backlog.splice(0).forEach((message) => void this.panel.webview.postMessage(message));
        } else if (isAskReply(m)) {
          // An answer that fails is a log line with its stack, not an unhandled rejection.
          broker()
            .answer(m)
            .catch((error: unknown) => log.error(`asks: the answer to ${entry.name} failed`, error));
        }
      }),
    );
    this.register(
      this.panel.onDidDispose(() => {
        broker().dropSurface(this, 'the ask panel was closed');
        this.closed.fire();
        this.dispose();
      }),
    );
  }

  reveal(): void {
    this.panel.reveal(undefined, false);
  }

  close(): void {
    this.panel.dispose();
  }

  private post(message: AskHostMessage): void {
    if (this.ready) void this.panel.webview.postMessage(message);
    else this.backlog.push(message);
  }

  show(ask: Ask): void {
    this.reveal();
    this.post({ type: 'ask', ask });
  }

  showErrors(id: number, errors: FieldError[]): void {
    this.post({ type: 'askErrors', id, errors });
  }

  done(id: number, how: string): void {
    this.post({ type: 'askDone', id, how });
  }
}

/** One ask panel per server, opened on its first ask and reused while open. */
export class AskPanels extends Disposable {
  private readonly panels = new Map<string, AskPanel>();

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly broker: () => AskBroker,
    private readonly log: Log,
  ) {
    super();
    this.register({ dispose: () => [...this.panels.values()].forEach((p) => p.close()) });
  }

  for(entry: ServerEntry): AskPanel {
    const existing = this.panels.get(entry.key);
    if (existing) return existing;
    const panel = new AskPanel(this.extensionUri, entry, this.broker, this.log);
    this.panels.set(entry.key, panel);
    panel.onDidClose(() => this.panels.delete(entry.key));
    return panel;
  }

  isPanel(surface: AskSurface): boolean {
    return surface instanceof AskPanel;
  }
}
