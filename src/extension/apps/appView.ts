import * as vscode from 'vscode';
import type { AppCspDomains } from '../../core/apps/appCsp';
import { Disposable } from '../lifecycle';
import type { Log } from '../log';
import type { ServerEntry } from '../serverEntry';
import type { AppPreview, CallOutcome, HostMessage } from '../tools/protocol';
import type { ToolRunner } from '../tools/toolRunner';
import { AppHost, loadApp, recordLane, type LoadedApp } from './appHost';
import { uiResourceOf } from './appResource';

interface Deps {
  extensionUri: vscode.Uri;
  runner: ToolRunner;
  log: Log;
  version: string;
  entry: ServerEntry;
  post: (message: HostMessage) => void;
  /** Whether the panel is shown (an app in a hidden panel is not waited for). */
  visible: () => boolean;
  /** Builds the panel's page again with the app's declared origins in its policy. */
  reloadWith: (domains: Required<AppCspDomains>) => void;
}

/**
 * The MCP App of a tool panel: read when the tool runs, drawn under the result in a sandbox
 * proxy frame, and talked to through a fresh AppHost each time the frame is drawn (a hidden
 * webview loses its frames and draws them again).
 */
export class AppView extends Disposable {
  private loaded: LoadedApp | undefined;
  private host: AppHost | undefined;
  private args: Record<string, unknown> | undefined;
  private outcome: CallOutcome | undefined;
  /** The origins in the page's policy now. */
  private pageDomains = '';
  private proxyScript: string | undefined;
  /** Open App Preview: what the panel says above the app (no tool ran; the input is a sample). */
  private previewOf: AppPreview | undefined;

  constructor(private readonly deps: Deps) {
    super();
    this.register({ dispose: () => this.host?.dispose() });
  }

  /** Before tools/call: reads the tool's UI resource, so the app shows while the tool runs. */
  async start(tool: Record<string, unknown> | undefined, args: Record<string, unknown>): Promise<void> {
    this.args = args;
    this.outcome = undefined;
    const link = uiResourceOf(tool);
    if (!link) {
      this.loaded = undefined;
      this.closeHost();
      this.deps.post({ type: 'appClear' });
      return;
    }
    const loaded: LoadedApp =
      'problem' in link
        ? { uri: String((tool?._meta as { ui?: { resourceUri?: unknown } } | undefined)?.ui?.resourceUri ?? ''), problem: link.problem }
        : await loadApp(this.deps.entry, link.uri);
    await this.show(loaded, String(tool?.name ?? ''));
  }

  /** Open App Preview: the app drawn with a sample tool input, and no tool run (no result ever comes). */
  async preview(uri: string, preview: AppPreview): Promise<void> {
    this.args = preview.input;
    this.outcome = undefined;
    this.previewOf = preview;
    await this.show(await loadApp(this.deps.entry, uri), preview.tool ?? '');
  }

  private async show(loaded: LoadedApp, tool: string): Promise<void> {
    this.loaded = loaded;
    if ('problem' in loaded) {
      const resourceProblem = { uri: loaded.uri, tool, problem: loaded.problem };
      recordLane(this.deps.entry, `app not shown: ${loaded.problem}`, { toApp: false, app: loaded.uri, resourceProblem });
    }
    if ('document' in loaded) {
      const domains = JSON.stringify(loaded.csp.domains);
      if (domains !== this.pageDomains) {
        this.pageDomains = domains;
        this.closeHost();
        this.deps.reloadWith(loaded.csp.domains);
        return; // The page's 'ready' draws the app (redraw).
      }
    }
    await this.redraw();
  }

  toolOutcome(outcome: CallOutcome): void {
    this.outcome = outcome;
    this.host?.toolOutcome(outcome);
  }

  receive(message: unknown): void {
    this.host?.receive(message);
  }

  /** Draws the app again in a fresh frame, with a fresh bridge (after a reload of the page). */
  async redraw(): Promise<void> {
    this.closeHost();
    const loaded = this.loaded;
    if (!loaded) return;
    if ('problem' in loaded) {
      this.deps.post({ type: 'appProblem', uri: loaded.uri, problem: loaded.problem });
      return;
    }
    const host = new AppHost(
      {
        entry: this.deps.entry,
        runner: this.deps.runner,
        log: this.deps.log,
        version: this.deps.version,
        toFrame: (message) => this.deps.post({ type: 'appMessage', message }),
        resize: (height) => this.deps.post({ type: 'appSize', height }),
        visible: this.deps.visible,
      },
      loaded,
    );
    this.host = host;
    await host.connect();
    if (this.args) host.toolInput(this.args);
    if (this.outcome) host.toolOutcome(this.outcome);
    this.deps.post({
      type: 'appFrame',
      uri: loaded.uri,
      proxyScript: await this.proxy(),
      ...(this.previewOf ? { preview: this.previewOf } : {}),
    });
  }

  private closeHost(): void {
    this.host?.dispose();
    this.host = undefined;
  }

  /** The sandbox proxy's script (media/src/appProxy.ts, bundled): it runs inline in the proxy frame. */
  private async proxy(): Promise<string> {
    if (this.proxyScript === undefined) {
      const bytes = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(this.deps.extensionUri, 'dist', 'media', 'appProxy.js'));
      this.proxyScript = new TextDecoder().decode(bytes);
    }
    return this.proxyScript;
  }
}
