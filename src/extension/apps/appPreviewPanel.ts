import * as vscode from 'vscode';
import { name, say, tabTitle } from '../shown';
import { Disposable } from '../lifecycle';
import type { Log } from '../log';
import type { ServerEntry } from '../serverEntry';
import type { AppPreview, HostMessage, WebviewMessage } from '../tools/protocol';
import type { ToolRunner } from '../tools/toolRunner';
import { panelHtml, panelResourceRoots } from '../tools/webviewHtml';
import { AppView } from './appView';

export interface AppPreviewDeps {
  extensionUri: vscode.Uri;
  runner: ToolRunner;
  log: Log;
  version: string;
}

/**
 * Open App Preview: a `ui://` resource's app in a panel of its own, drawn through the same
 * AppView (and so the same AppBridge, sandbox and CSP) as in the tool panel, but with no
 * tool run: the app gets a sample tool input and never a result. Its requests (tools/call,
 * resources) still reach the server, as they would in a host.
 */
export class AppPreviewPanel extends Disposable {
  readonly panel: vscode.WebviewPanel;
  private ready = false;
  private readonly app: AppView;
  private readonly closed = this.register(new vscode.EventEmitter<void>());
  readonly onDidClose = this.closed.event;

  constructor(deps: AppPreviewDeps, entry: ServerEntry, readonly uri: string) {
    super();
    const title = tabTitle(say`App ${name(uri)}`);
    this.panel = vscode.window.createWebviewPanel('mcpLens.appPreview', title, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: false }, { enableScripts: true, localResourceRoots: panelResourceRoots(deps.extensionUri) });
    this.panel.iconPath = vscode.Uri.joinPath(deps.extensionUri, 'media', 'mcp-lens.svg');
    this.panel.webview.html = panelHtml(this.panel.webview, deps.extensionUri, title);
    this.app = this.register(
      new AppView({
        ...deps,
        entry,
        post: (message: HostMessage) => {
          if (this.ready) void this.panel.webview.postMessage(message);
        },
        visible: () => this.panel.visible,
        reloadWith: (domains) => {
          this.ready = false;
          this.panel.webview.html = panelHtml(this.panel.webview, deps.extensionUri, title, domains);
        },
      }),
    );
    this.register(
      this.panel.webview.onDidReceiveMessage((message: WebviewMessage) => {
        if (message.type === 'ready') {
          this.ready = true;
          void this.app.redraw();
        } else if (message.type === 'appMessage') {
          this.app.receive(message.message);
        }
      }),
    );
    this.register(
      this.panel.onDidDispose(() => {
        this.closed.fire();
        this.dispose();
      }),
    );
  }

  /** Draws the app (again) with this input. */
  show(preview: AppPreview): Promise<void> {
    this.panel.reveal(undefined, false);
    return this.app.preview(this.uri, preview);
  }
}
