import * as vscode from 'vscode';
import type { LiveSession } from '../diagnostics/liveSession';
import type { Sessions } from '../diagnostics/sessions';
import { Disposable } from '../lifecycle';
import type { Log } from '../log';
import type { SelectedServer } from '../messages/selection';
import type { ServerRegistry } from '../serverRegistry';
import { webviewHtml } from '../webview/html';
import { cardsOf } from './cards';
import type { Card, HostMessage, PanelHeader, ViewMessage } from './protocol';
import { isLogMessage } from './outputBuffer';
import { OPEN_STDERR_TEXT } from './openStderrText';

/** Lines are posted at most this often: a flood becomes a few large posts a second. */
const POST_MS = 100;

/** What the panel shows, for the tests (the webview's DOM is not reachable from the host). */
export interface PanelState {
  server: string | undefined;
  cards: Card[];
  lines: { seq: number; kind: string; text: string }[];
  totalLines: number;
  visible: boolean;
  /** What the webview last reported it rendered. */
  rendered: Extract<ViewMessage, { type: 'rendered' }> | undefined;
}

/**
 * The stderr panel (bottom panel, view mcpLens.stderr): the selected server's stderr with
 * stray stdout interleaved and flagged, and its diagnostics as cards. Server text reaches
 * the DOM only through textContent (media/src/stderr.ts); the host posts after the view's
 * `ready`, coalescing lines into one post per POST_MS.
 */
export class StderrPanel extends Disposable implements vscode.WebviewViewProvider {
  static readonly viewId = 'mcpLens.stderr';
  private view: vscode.WebviewView | undefined;
  private ready = false;
  /** A post was not delivered: the next flush is a full reset. */
  private resync = false;
  private shown: LiveSession | undefined;
  private sessionListeners: { dispose(): void }[] = [];
  private timer: NodeJS.Timeout | undefined;
  private cardsDirty = false;
  private rendered: PanelState['rendered'];
  /** A line to mark once a webview that is still loading says it is ready. */
  private pendingHighlight: number | undefined;
  private readonly renderedEmitter = this.register(new vscode.EventEmitter<void>());
  readonly onDidRender = this.renderedEmitter.event;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly selection: SelectedServer,
    private readonly registry: ServerRegistry,
    sessions: Sessions,
    private readonly log: Log,
  ) {
    super();
    this.register(
      vscode.window.registerWebviewViewProvider(StderrPanel.viewId, this, { webviewOptions: { retainContextWhenHidden: false } }),
    );
    this.register(selection.onDidChange(() => this.follow()));
    this.register(sessions.onDidStart((s) => s.serverKey === selection.entry?.key && this.follow()));
    this.register(sessions.onDidChangeDiagnostics((s) => s === this.shown && this.markCards()));
    this.register(registry.onDidChange((entry) => entry && entry.key === this.shown?.serverKey && this.markCards()));
    this.register({ dispose: () => this.unlisten() });
    this.register({ dispose: () => clearTimeout(this.timer) });
    this.follow();
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.view = view;
    this.ready = false;
    this.rendered = undefined;
    const media = vscode.Uri.joinPath(this.extensionUri, 'media');
    const dist = vscode.Uri.joinPath(this.extensionUri, 'dist', 'media');
    view.webview.options = { enableScripts: true, localResourceRoots: [media, dist] };
    view.webview.html = this.html(view.webview, media, dist);
    view.onDidDispose(() => {
      if (this.view === view) this.view = undefined;
    });
    // A hidden webview is torn down (no retained context); it says `ready` again when shown.
    view.onDidChangeVisibility(() => {
      if (!view.visible) this.ready = false;
    });
    view.webview.onDidReceiveMessage((message: ViewMessage) => this.receive(message));
  }

  private receive(message: ViewMessage): void {
    switch (message.type) {
      case 'ready':
        this.ready = true;
        this.reset();
        if (this.pendingHighlight !== undefined) this.post({ type: 'highlight', seq: this.pendingHighlight });
        this.pendingHighlight = undefined;
        return;
      case 'reveal':
        if (this.shown)
          this.logFailure('reveal', vscode.commands.executeCommand('mcpLens.revealMessage', this.shown.serverKey, message.seq));
        return;
      case 'open':
        this.logFailure('open', vscode.commands.executeCommand('mcpLens.openSource', message.file, message.line, message.column));
        return;
      case 'openLine': {
        const event = this.shown?.event(message.seq);
        // Plain text in an untitled editor: nothing in it is interpreted.
        if (event)
          this.logFailure(
            'openLine',
            vscode.workspace
              .openTextDocument({ content: event.glued ?? event.raw, language: 'plaintext' })
              .then((doc) => vscode.window.showTextDocument(doc, { preview: true })),
          );
        return;
      }
      case 'openText':
        if (this.shown) this.logFailure('openText', vscode.commands.executeCommand(OPEN_STDERR_TEXT, this.shown.serverKey));
        return;
      case 'rendered':
        this.rendered = message;
        this.renderedEmitter.fire();
        // The panel settled on fewer lines than the session has, and nothing more is on its
        // way: a batch never reached it, so send everything again (once; it then agrees).
        if (this.shown && this.timer === undefined && message.rows + message.hidden < this.shown.output.count) {
          this.resync = true;
          this.schedule();
        }
        return;
    }
  }

  /** A page's command that fails is a log line with its stack, not an unhandled rejection. */
  private logFailure(command: string, done: Thenable<unknown>): void {
    done.then(undefined, (error: unknown) => this.log.error(`stderr panel: the page's ${command} message failed`, error));
  }

  private unlisten(): void {
    for (const l of this.sessionListeners.splice(0)) l.dispose();
  }

  private follow(): void {
    const session = this.selection.entry?.session;
    if (session === this.shown && session) return this.markCards();
    this.unlisten();
    this.shown = session;
    if (session) {
      session.output.takeFresh();
      this.sessionListeners.push(
        session.onDidAppend(
          (e) => (e.dir === 'stderr' || (e.dir === 's2c' && (!e.msg || e.glued !== undefined)) || isLogMessage(e)) && this.schedule(),
        ),
      );
    }
    this.reset();
  }

  private header(): PanelHeader | undefined {
    const entry = this.shown && this.registry.get(this.shown.serverKey);
    return entry ? { server: entry.name, state: entry.state.kind } : undefined;
  }

  private reset(): void {
    const session = this.shown;
    const lines = session?.output.lines() ?? [];
    session?.output.takeFresh();
    this.cardsDirty = false;
    this.post({
      type: 'reset',
      header: this.header(),
      lines,
      hidden: (session?.output.count ?? 0) - lines.length,
      cards: session ? cardsOf(session) : [],
    });
  }

  private markCards(): void {
    this.cardsDirty = true;
    this.schedule();
  }

  private schedule(): void {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.flush();
    }, POST_MS);
  }

  private flush(): void {
    const session = this.shown;
    if (!session) return;
    const { lines, dropped } = session.output.takeFresh();
    if (this.resync) {
      this.resync = false;
      return this.reset();
    }
    if (lines.length > 0 || dropped > 0) this.post({ type: 'append', lines, dropped, total: session.output.count });
    if (this.cardsDirty) {
      this.cardsDirty = false;
      this.post({ type: 'cards', cards: cardsOf(session), header: this.header() });
    }
  }

  /** Posts once the webview said it is ready; before that, `ready` triggers a full reset. */
  private post(message: HostMessage): void {
    if (!this.view || !this.ready) return;
    // A post can be refused while the view is going away, before its visibility event: the
    // lines in it would be missing from the panel, so the next flush sends everything again.
    void this.view.webview.postMessage(message).then((delivered) => {
      if (!delivered && this.ready) {
        this.resync = true;
        this.schedule();
      }
    });
  }

  /** Scrolls the panel to a stderr line and marks it. */
  async highlight(seq: number): Promise<boolean> {
    await vscode.commands.executeCommand(`${StderrPanel.viewId}.focus`);
    this.flush();
    if (this.ready) this.post({ type: 'highlight', seq });
    else this.pendingHighlight = seq;
    return this.view !== undefined;
  }

  state(): PanelState {
    this.flush();
    const session = this.shown;
    return {
      server: session?.serverName,
      cards: session ? cardsOf(session) : [],
      lines: session?.output.lines() ?? [],
      totalLines: session?.output.count ?? 0,
      visible: this.view?.visible ?? false,
      rendered: this.rendered,
    };
  }

  private html(webview: vscode.Webview, media: vscode.Uri, dist: vscode.Uri): string {
    return webviewHtml(webview, {
      title: 'MCP Lens: stderr',
      script: vscode.Uri.joinPath(dist, 'stderr.js'),
      styles: [vscode.Uri.joinPath(media, 'stderr.css')],
      rootId: 'root',
    });
  }
}
