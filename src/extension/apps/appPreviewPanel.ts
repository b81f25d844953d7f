import * as vscode from 'vscode';
import { name, say, tabTitle } from '../shown';
import type { Log } from '../log';
import type { ServerEntry } from '../serverEntry';
import type { AppPreview, HostMessage, WebviewMessage } from '../tools/protocol';
import type { ToolRunner } from '../tools/toolRunner';
import { panelHtml } from '../tools/webviewHtml';
import { ServerPanel } from '../webview/serverPanel';
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
export class AppPreviewPanel extends ServerPanel<HostMessage, WebviewMessage> {
  private readonly app: AppView;

  constructor(
    deps: AppPreviewDeps,
    entry: ServerEntry,
    readonly uri: string,
  ) {
    const title = tabTitle(say`App ${name(uri)}`);
    super(deps.extensionUri, 'mcpLens.appPreview', title, deps.log);
    this.panel.webview.html = panelHtml(this.panel.webview, deps.extensionUri, title);
    this.app = this.register(
      new AppView({
        ...deps,
        entry,
        post: (message: HostMessage) => this.post(message),
        visible: () => this.panel.visible,
        reloadWith: (domains) => {
          this.ready = false;
          this.panel.webview.html = panelHtml(this.panel.webview, deps.extensionUri, title, domains);
        },
      }),
    );
  }

  protected onMessage(message: WebviewMessage): void {
    if (message.type === 'ready') {
      this.ready = true;
      void this.app.redraw();
    } else if (message.type === 'appMessage') {
      this.app.receive(message.message);
    }
  }

  /** Draws the app (again) with this input. */
  show(preview: AppPreview): Promise<void> {
    this.reveal();
    return this.app.preview(this.uri, preview);
  }
}
