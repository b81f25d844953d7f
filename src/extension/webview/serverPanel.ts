import * as vscode from 'vscode';
import { Disposable } from '../lifecycle';
import type { Log } from '../log';
import type { ServerEntry } from '../serverEntry';
import type { ServerRegistry } from '../serverRegistry';
import { panelResourceRoots } from '../tools/webviewHtml';

/** What every server panel's page is told when its server's state changes. */
interface ServerStateMessage {
  type: 'serverState';
  state: string;
}

/**
 * What the panels on a server's items (a tool, a resource or prompt, an app preview) share:
 * a webview beside the editor that loads only from media/ and dist/media/, the page's
 * messages, posting to it once it has said it is ready, and `onDidClose`.
 */
export abstract class ServerPanel<Host extends { type: string }, View> extends Disposable {
  readonly panel: vscode.WebviewPanel;
  /** The page said `ready` and takes messages (a hidden webview is torn down: it says so again). */
  protected ready = false;
  private panelClosed = false;
  private readonly closed = this.register(new vscode.EventEmitter<void>());
  readonly onDidClose = this.closed.event;

  protected constructor(extensionUri: vscode.Uri, viewType: string, title: string, log: Log) {
    super();
    this.panel = vscode.window.createWebviewPanel(
      viewType,
      title,
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: false },
      { enableScripts: true, localResourceRoots: panelResourceRoots(extensionUri) },
    );
    this.panel.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'mcp-lens.svg');
    // A command of the page that fails is a log line with its stack, not an unhandled rejection.
    this.register(
      this.panel.webview.onDidReceiveMessage((m: View) => {
        Promise.resolve()
          .then(() => this.onMessage(m))
          .catch((error: unknown) => {
            // Closed while its handler still ran (a test, or a person closing the tab at once):
            // what the handler posted had nobody to read it, and that is no fault.
            if (this.panelClosed && error instanceof Error && /disposed/i.test(error.message))
              log.info(`${viewType}: the page's ${commandName(m)} message ended with its panel, closed meanwhile (${error.message})`);
            else log.error(`${viewType}: the page's ${commandName(m)} message failed`, error);
          });
      }),
    );
    this.register(
      this.panel.onDidDispose(() => {
        this.panelClosed = true;
        this.closing();
        this.closed.fire();
        this.dispose();
      }),
    );
  }

  reveal(): void {
    this.panel.reveal(undefined, false);
  }

  protected post(message: Host | ServerStateMessage): void {
    if (this.ready) void this.panel.webview.postMessage(message);
  }

  protected abstract onMessage(message: View): void | Promise<void>;

  /** The panel was closed by the user or by VS Code: what it still runs or holds is let go. */
  protected closing(): void {}

  /** The page shows the server's state as it changes; `changed` then does what this panel adds. */
  protected followServer(registry: ServerRegistry, entry: ServerEntry, changed: () => void): void {
    this.register(
      registry.onDidChange((e) => {
        if (e !== entry && e !== undefined) return;
        this.post({ type: 'serverState', state: entry.state.kind });
        changed();
      }),
    );
  }
}

/** The `type` a page's message names, for the log. */
function commandName(message: unknown): string {
  const type = typeof message === 'object' && message !== null ? (message as { type?: unknown }).type : undefined;
  return typeof type === 'string' ? `"${type}"` : 'untyped';
}
