import * as vscode from 'vscode';
import { writeFile } from 'node:fs/promises';
import { complete, offersCompletions } from '../../core/resources/completion';
import { resourceParts, type ResourcePart } from '../../core/resources/contents';
import { explainReadFailure } from '../../core/resources/readFailure';
import { canSubscribe, describeChange } from '../../core/resources/subscriptions';
import { fieldValue, type ParsedTemplate } from '../../core/resources/uriTemplate';
import { ProtocolError } from '../../core/session/client';
import { Disposable } from '../lifecycle';
import type { ServerEntry } from '../serverEntry';
import { name, say, showWarning, tabTitle } from '../shown';
import type { JsonDocuments } from '../tools/jsonDocuments';
import type { ToolRunner } from '../tools/toolRunner';
import { panelResourceRoots } from '../tools/webviewHtml';
import { webviewHtml } from '../webview/html';
import { clipParts } from './clipParts';
import { fieldsOf } from './fields';
import type { FieldSpec, HostMessage, PanelSubject, PromptOutcome, ReadOutcome, WebviewMessage } from './protocol';

interface Deps {
  extensionUri: vscode.Uri;
  runner: ToolRunner;
  documents: JsonDocuments;
}

/**
 * One resource, resource template or prompt of one server in a webview: the form (template
 * variables or prompt arguments, each with completion/complete suggestions), then the read
 * resource or the rendered prompt. The host sends every request; the webview only draws.
 */
export class ResourcePanel extends Disposable {
  readonly panel: vscode.WebviewPanel;
  private ready = false;
  private readonly fields: FieldSpec[];
  private readonly template: ParsedTemplate | undefined;
  private readonly problem: string | undefined;
  private values: Record<string, string> = {};
  private lastRead: { uri: string; parts: ResourcePart[]; result: Record<string, unknown> } | undefined;
  private lastPrompt: Record<string, unknown> | undefined;
  private lastMessage: HostMessage | undefined;
  private watched: { uri: string; updates: number; listener: { dispose(): void } } | undefined;
  private readonly closed = this.register(new vscode.EventEmitter<void>());
  readonly onDidClose = this.closed.event;

  constructor(
    private readonly deps: Deps,
    private readonly entry: ServerEntry,
    readonly subject: PanelSubject,
    prompt?: Record<string, unknown>,
  ) {
    super();
    const shape = fieldsOf(subject, prompt);
    this.fields = shape.fields;
    this.template = shape.template;
    this.problem = shape.problem;
    const label = subject.kind === 'prompt' ? say`${name(subject.name)} (prompt)` : say`${name(subject.kind === 'template' ? subject.name : (subject.name ?? subject.uri))}`;
    this.panel = vscode.window.createWebviewPanel('mcpLens.resource', tabTitle(label), { viewColumn: vscode.ViewColumn.Beside, preserveFocus: false }, { enableScripts: true, localResourceRoots: panelResourceRoots(deps.extensionUri) });
    this.panel.iconPath = vscode.Uri.joinPath(deps.extensionUri, 'media', 'mcp-lens.svg');
    this.panel.webview.html = webviewHtml(this.panel.webview, {
      title: tabTitle(label),
      script: vscode.Uri.joinPath(deps.extensionUri, 'dist', 'media', 'resources.js'),
      style: vscode.Uri.joinPath(deps.extensionUri, 'media', 'form.css'),
      rootId: 'app',
      nonceStyles: true,
      // Images and audio a resource or prompt carries arrive as data: URIs.
      extraCsp: (source) => [`img-src ${source} data:`, 'media-src data:'],
    });
    this.register(this.panel.webview.onDidReceiveMessage((m: WebviewMessage) => void this.onMessage(m)));
    this.register(
      this.panel.onDidDispose(() => {
        // The webview is gone: nothing more is posted to it.
        this.ready = false;
        void this.unwatch();
        this.closed.fire();
        this.dispose();
      }),
    );
    this.register(
      deps.runner.registry.onDidChange((changed) => {
        if (changed !== this.entry && changed !== undefined) return;
        this.post({ type: 'serverState', state: this.entry.state.kind });
        // A restarted server is a new connection: its subscriptions are gone.
        if (this.watched && !this.entry.client) void this.unwatch();
      }),
    );
  }

  get serverKey(): string {
    return this.entry.key;
  }

  reveal(): void {
    this.panel.reveal(undefined, false);
  }

  private post(message: HostMessage): void {
    if (message.type === 'read' || message.type === 'prompt') this.lastMessage = message;
    if (this.ready) void this.panel.webview.postMessage(message);
  }

  private postInit(): void {
    this.post({
      type: 'init',
      server: this.entry.name,
      subject: this.subject,
      fields: this.fields,
      values: this.values,
      completions: offersCompletions(this.entry.info?.capabilities),
      serverState: this.entry.state.kind,
      canSubscribe: this.subject.kind !== 'prompt' && canSubscribe(this.entry.info),
    });
    if (this.problem) this.post({ type: 'expanded', error: this.problem });
    else if (this.template) this.post(this.expand(this.values));
    if (this.lastMessage) this.post(this.lastMessage);
    // A hidden webview is torn down; shown again, it learns the watch as it stands.
    if (this.watched) this.post({ type: 'watching', uri: this.watched.uri, updates: this.watched.updates });
  }

  private async onMessage(message: WebviewMessage): Promise<void> {
    switch (message.type) {
      case 'ready':
        this.ready = true;
        this.postInit();
        return;
      case 'input':
        this.values = message.values;
        this.post(this.expand(message.values));
        return;
      case 'complete':
        this.post(await this.suggest(message.field, message.value, message.values));
        return;
      case 'submit':
        await this.submit(message.values);
        return;
      case 'openText':
        return this.openText(message.index);
      case 'saveBlob':
        return this.saveBlob(message.index);
      case 'openResource':
        await vscode.commands.executeCommand('mcpLens.readResource', { server: this.entry.key, uri: message.uri });
        return;
      case 'openJson': {
        const value = this.subject.kind === 'prompt' ? this.lastPrompt : this.lastRead?.result;
        if (value) await this.deps.documents.show(`${this.entry.name} ${this.subject.kind === 'prompt' ? this.subject.name : (this.lastRead?.uri ?? '')}`, value);
        return;
      }
      case 'watch':
        if (message.on) await this.watch();
        else await this.unwatch();
        return;
    }
  }

  private expand(values: Record<string, string>): HostMessage {
    if (!this.template) return { type: 'expanded', error: this.problem };
    const byName = Object.fromEntries(this.template.variables.map((v) => [v.name, fieldValue(v, values[v.name] ?? '')]));
    try {
      return { type: 'expanded', uri: this.template.expand(byName) };
    } catch (error) {
      return { type: 'expanded', error: error instanceof Error ? error.message : String(error) };
    }
  }

  /** completion/complete for one field; the other filled fields go as context ("previously-resolved variables"). */
  async suggest(field: string, value: string, values: Record<string, string>): Promise<Extract<HostMessage, { type: 'suggestions' }>> {
    const client = this.entry.client;
    if (!client || !offersCompletions(this.entry.info?.capabilities)) return { type: 'suggestions', field, value, values: [] };
    const ref = this.subject.kind === 'prompt' ? { type: 'ref/prompt' as const, name: this.subject.name } : { type: 'ref/resource' as const, uri: this.subject.kind === 'template' ? this.subject.uriTemplate : this.subject.uri };
    try {
      const answer = await complete((method, params) => client.request(method, params), { ref, argument: { name: field, value }, context: values });
      return { type: 'suggestions', field, value, ...answer };
    } catch (error) {
      return { type: 'suggestions', field, value, values: [], error: error instanceof ProtocolError ? `${error.code} ${error.message}` : error instanceof Error ? error.message : String(error) };
    }
  }

  /** Reads the resource (the template expanded with `values`) or gets the prompt; the outcome is drawn and returned. */
  async submit(values: Record<string, string>): Promise<ReadOutcome | PromptOutcome> {
    this.values = values;
    const started = await this.deps.runner.ensureRunning(this.entry);
    if (!started.ok || !this.entry.client) {
      const outcome = { kind: 'failed' as const, uri: '', message: started.ok ? 'The server is not running.' : started.reason };
      this.post(this.subject.kind === 'prompt' ? { type: 'prompt', outcome, values } : { type: 'read', outcome, values });
      return outcome;
    }
    this.post({ type: 'busy' });
    if (this.subject.kind === 'prompt') {
      const outcome = await this.getPrompt(values);
      this.post({ type: 'prompt', outcome, values });
      return outcome;
    }
    const uri = this.subject.kind === 'resource' ? this.subject.uri : this.expand(values);
    if (typeof uri !== 'string' && (uri.type !== 'expanded' || uri.uri === undefined)) {
      const outcome: ReadOutcome = { kind: 'failed', uri: '', message: uri.type === 'expanded' && uri.error ? uri.error : 'The template could not be expanded.' };
      this.post({ type: 'read', outcome, values });
      return outcome;
    }
    const outcome = await this.read(typeof uri === 'string' ? uri : uri.uri!);
    this.post({ type: 'read', outcome, values });
    return outcome;
  }

  private async read(uri: string): Promise<ReadOutcome> {
    const client = this.entry.client!;
    const startedAt = Date.now();
    try {
      const result = await client.request('resources/read', { uri });
      const parts = resourceParts(result);
      this.lastRead = { uri, parts, result };
      const clipped = clipParts(parts);
      return { kind: 'read', ms: Date.now() - startedAt, uri, parts: clipped.parts, ...(clipped.clipped ? { clipped: true } : {}) };
    } catch (error) {
      if (error instanceof ProtocolError) {
        const failure = explainReadFailure(error.code, client.info?.era ?? 'legacy', uri);
        return { kind: 'protocolError', ms: Date.now() - startedAt, uri, code: error.code, message: error.message, data: error.data, explanation: failure.explanation, notFound: failure.kind !== 'other' && failure.kind !== 'invalid-params' };
      }
      return { kind: 'failed', uri, message: error instanceof Error ? error.message : String(error) };
    }
  }

  private async getPrompt(values: Record<string, string>): Promise<PromptOutcome> {
    const client = this.entry.client!;
    const startedAt = Date.now();
    // Prompt arguments are strings; an empty optional one is left out rather than sent as "".
    const args = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
    try {
      const result = await client.request('prompts/get', { name: this.subject.kind === 'prompt' ? this.subject.name : '', arguments: args });
      this.lastPrompt = result;
      const messages = Array.isArray(result.messages) ? (result.messages as Record<string, unknown>[]).map((m) => ({ role: String(m?.role ?? '?'), content: m?.content })) : [];
      return { kind: 'messages', ms: Date.now() - startedAt, messages, ...(typeof result.description === 'string' ? { description: result.description } : {}) };
    } catch (error) {
      if (error instanceof ProtocolError) return { kind: 'protocolError', ms: Date.now() - startedAt, code: error.code, message: error.message, data: error.data };
      return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
    }
  }

  private async openText(index: number): Promise<void> {
    const part = this.lastRead?.parts[index];
    if (part?.kind === 'text') await this.deps.documents.showText(part.uri || 'resource', part.text, part.languageId);
  }

  private async saveBlob(index: number): Promise<void> {
    const part = this.lastRead?.parts[index];
    if (part?.kind !== 'blob') return;
    const suggested = part.uri.split(/[/?#]/).filter(Boolean).pop()?.replace(/[^\w.-]+/g, '_') || 'resource.bin';
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const target = await vscode.window.showSaveDialog({ defaultUri: folder ? vscode.Uri.joinPath(folder, suggested) : undefined, saveLabel: 'Save Resource' });
    if (!target) return;
    await writeFile(target.fsPath, Buffer.from(part.blob, 'base64'));
  }

  /** Watch: subscribe (legacy `resources/subscribe`, where the server declares `subscribe`) and re-read on each update. */
  async watch(): Promise<boolean> {
    const client = this.entry.client;
    const uri = this.lastRead?.uri;
    if (!client || !uri || this.watched) {
      if (!this.watched) this.post({ type: 'watching', updates: 0 });
      return this.watched !== undefined;
    }
    if (!canSubscribe(client.info)) {
      void showWarning(say`MCP Lens: "${this.entry.name}" does not declare resources.subscribe.`);
      return false;
    }
    try {
      await client.request('resources/subscribe', { uri });
    } catch (error) {
      void showWarning(say`MCP Lens: resources/subscribe on "${this.entry.name}" failed: ${error instanceof Error ? error.message : String(error)}`);
      this.post({ type: 'watching', updates: 0 });
      return false;
    }
    const listener = client.onNotification((e) => {
      const msg = e.msg as { method?: string; params?: Record<string, unknown> } | undefined;
      if (msg?.method === 'notifications/resources/updated' && msg.params?.uri === uri) void this.onUpdated(uri);
    });
    this.watched = { uri, updates: 0, listener };
    this.post({ type: 'watching', uri, updates: 0 });
    return true;
  }

  private async onUpdated(uri: string): Promise<void> {
    if (this.watched?.uri !== uri) return;
    const before = this.lastRead?.parts;
    const outcome = await this.read(uri);
    if (this.watched?.uri !== uri) return;
    this.watched.updates += 1;
    this.post({ type: 'read', outcome, values: this.values });
    this.post({ type: 'watching', uri, updates: this.watched.updates, changed: describeChange(before, outcome.kind === 'read' ? this.lastRead?.parts : undefined) });
  }

  async unwatch(): Promise<void> {
    const watched = this.watched;
    if (!watched) return;
    this.watched = undefined;
    watched.listener.dispose();
    this.post({ type: 'watching', updates: watched.updates });
    await this.entry.client?.request('resources/unsubscribe', { uri: watched.uri }).catch(() => undefined);
  }

  /** For tests: how many updates the watched resource had. */
  get watchState(): { uri: string; updates: number } | undefined {
    return this.watched && { uri: this.watched.uri, updates: this.watched.updates };
  }
}
