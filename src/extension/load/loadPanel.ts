import * as vscode from 'vscode';
import { loadPicture } from '../../core/load/loadPicture';
import { Disposable } from '../lifecycle';
import type { Log } from '../log';
import { name, say, showPlainDocument, tabTitle, untrusted } from '../shown';
import { pageStyles, webviewHtml } from '../webview/html';
import type { LoadDrawn, LoadHostMessage, LoadRunView, LoadViewMessage } from './loadProtocol';

/**
 * A finished load run in a webview: the figures, the requests by kind, and the charts
 * (latency histogram, throughput per second, the server's CPU and memory), drawn by the
 * page's own script as SVG. The run is posted as data; no server text is put into the HTML.
 */
export class LoadPanel extends Disposable {
  readonly panel: vscode.WebviewPanel;
  /** Resolves with what the page drew once it has drawn it (undefined: closed before that). */
  readonly drawn: Promise<LoadDrawn | undefined>;

  constructor(
    extensionUri: vscode.Uri,
    log: Log,
    private readonly run: LoadRunView,
  ) {
    super();
    const label = say`Load: ${name(run.tool)} of ${name(run.server)}`;
    this.panel = vscode.window.createWebviewPanel(
      'mcpLens.load',
      tabTitle(label),
      { viewColumn: vscode.ViewColumn.Active, preserveFocus: false },
      {
        enableScripts: true,
        // A hidden tab keeps its drawing: the run is not recomputed.
        retainContextWhenHidden: true,
        localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'media'), vscode.Uri.joinPath(extensionUri, 'dist', 'media')],
      },
    );
    this.panel.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'mcp-lens.svg');
    this.panel.webview.html = webviewHtml(this.panel.webview, {
      title: tabTitle(label),
      script: vscode.Uri.joinPath(extensionUri, 'dist', 'media', 'load.js'),
      styles: pageStyles(extensionUri, 'load.css'),
      rootId: 'app',
    });
    let resolveDrawn: (drawn: LoadDrawn | undefined) => void = () => undefined;
    this.drawn = new Promise((resolve) => (resolveDrawn = resolve));
    this.register(
      this.panel.webview.onDidReceiveMessage((m: LoadViewMessage) => {
        if (m.type === 'ready') void this.panel.webview.postMessage({ type: 'run', run: this.run } satisfies LoadHostMessage);
        else if (m.type === 'drawn') resolveDrawn(m.drawn);
        // A command of the page that fails is a log line with its stack, not an unhandled rejection.
        else if (m.type === 'openText')
          this.openText().catch((error: unknown) => log.error("load panel: the page's openText message failed", error));
      }),
    );
    this.register(
      this.panel.onDidDispose(() => {
        resolveDrawn(undefined);
        this.dispose();
      }),
    );
  }

  /** The same run as text, for a screen reader, a copy into an issue, or a diff. */
  private async openText(): Promise<void> {
    await showPlainDocument(
      say`Load test of ${name(this.run.tool)}`,
      untrusted(
        loadPicture(this.run.tool, this.run.result, this.run.samples, [
          ...this.run.findings.map((f) => `${f.rule}: ${f.message}`),
          ...this.run.limits,
        ]).join('\n'),
      ),
    );
  }
}
