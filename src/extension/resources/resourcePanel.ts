import * as vscode from 'vscode';
import { writeFile } from 'node:fs/promises';
import { complete, offersCompletions } from '../../core/resources/completion';
import { resourceParts, type ResourcePart } from '../../core/resources/contents';
import { explainReadFailure } from '../../core/resources/readFailure';
import { describeChange, watchVia } from '../../core/resources/subscriptions';
import { fieldValue, type ParsedTemplate } from '../../core/resources/uriTemplate';
import { ProtocolError, type ListenEnd, type ListenStream } from '../../core/session/client';
import type { Log } from '../log';
import type { ServerEntry } from '../serverEntry';
import { name, say, showInfo, showWarning, tabTitle } from '../shown';
import type { JsonDocuments } from '../tools/jsonDocuments';
import type { ToolRunner } from '../tools/toolRunner';
import { pageStyles, webviewHtml } from '../webview/html';
import { ServerPanel } from '../webview/serverPanel';
import { clipParts } from './clipParts';
import { fieldsOf } from './fields';
import type { FieldSpec, HostMessage, PanelSubject, PromptOutcome, ReadOutcome, WebviewMessage } from './protocol';
import { ignoreUnsent } from '../../core/util/ignored';

interface Deps {
  extensionUri: vscode.Uri;
  runner: ToolRunner;
  documents: JsonDocuments;
  log: Log;
}

/**
 * One resource, resource template or prompt of one server in a webview: the form (template
 * variables or prompt arguments, each with completion/complete suggestions), then the read
 * resource or the rendered prompt. The host sends every request; the webview only draws.
 */
export class ResourcePanel extends ServerPanel<HostMessage, WebviewMessage> {
  private readonly fields: FieldSpec[];
  private readonly template: ParsedTemplate | undefined;
  private readonly problem: string | undefined;
  private values: Record<string, string> = {};
  private lastRead: { uri: string; parts: ResourcePart[]; result: Record<string, unknown> } | undefined;
  private lastPrompt: Record<string, unknown> | undefined;
  private lastMessage: HostMessage | undefined;
  /** The watched resource: over a legacy subscription, or a 2026-07-28 listen stream (`stream`). */
  private watched: { uri: string; updates: number; changed?: string; listener: { dispose(): void }; stream?: ListenStream } | undefined;

  constructor(
    private readonly deps: Deps,
    private readonly entry: ServerEntry,
    readonly subject: PanelSubject,
    prompt?: Record<string, unknown>,
  ) {
    const label =
      subject.kind === 'prompt'
        ? say`${name(subject.name)} (prompt)`
        : say`${name(subject.kind === 'template' ? subject.name : (subject.name ?? subject.uri))}`;
    super(deps.extensionUri, 'mcpLens.resource', tabTitle(label), deps.log);
    const shape = fieldsOf(subject, prompt);
    this.fields = shape.fields;
    this.template = shape.template;
    this.problem = shape.problem;
    this.panel.webview.html = webviewHtml(this.panel.webview, {
      title: tabTitle(label),
      script: vscode.Uri.joinPath(deps.extensionUri, 'dist', 'media', 'resources.js'),
      styles: pageStyles(deps.extensionUri, 'form.css'),
      rootId: 'app',
      nonceStyles: true,
      // Images and audio a resource or prompt carries arrive as data: URIs.
      extraCsp: (source) => [`img-src ${source} data:`, 'media-src data:'],
    });
    this.followServer(deps.runner.registry, entry, () => {
      // A restarted server is a new connection: its subscriptions are gone.
      if (this.watched && !this.entry.client) void this.unwatch();
    });
  }

  protected override closing(): void {
    // The webview is gone: nothing more is posted to it.
    this.ready = false;
    void this.unwatch();
  }

  get serverKey(): string {
    return this.entry.key;
  }

  protected override post(message: HostMessage): void {
    if (message.type === 'read' || message.type === 'prompt') this.lastMessage = message;
    super.post(message);
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
      canSubscribe: this.subject.kind !== 'prompt' && watchVia(this.entry.info) !== undefined,
      watchVia: watchVia(this.entry.info),
    });
    if (this.problem) this.post({ type: 'expanded', error: this.problem });
    else if (this.template) this.post(this.expand(this.values));
    if (this.lastMessage) this.post(this.lastMessage);
    // A hidden webview is torn down; shown again, it learns the watch as it stands.
    if (this.watched) this.post({ type: 'watching', uri: this.watched.uri, updates: this.watched.updates, changed: this.watched.changed });
  }

  protected async onMessage(message: WebviewMessage): Promise<void> {
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
        if (value)
          await this.deps.documents.show(
            `${this.entry.name} ${this.subject.kind === 'prompt' ? this.subject.name : (this.lastRead?.uri ?? '')}`,
            value,
          );
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
    const ref =
      this.subject.kind === 'prompt'
        ? { type: 'ref/prompt' as const, name: this.subject.name }
        : { type: 'ref/resource' as const, uri: this.subject.kind === 'template' ? this.subject.uriTemplate : this.subject.uri };
    try {
      const answer = await complete((method, params) => client.request(method, params), {
        ref,
        argument: { name: field, value },
        context: values,
      });
      return { type: 'suggestions', field, value, ...answer };
    } catch (error) {
      return {
        type: 'suggestions',
        field,
        value,
        values: [],
        error: error instanceof ProtocolError ? `${error.code} ${error.message}` : error instanceof Error ? error.message : String(error),
      };
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
      const outcome: ReadOutcome = {
        kind: 'failed',
        uri: '',
        message: uri.type === 'expanded' && uri.error ? uri.error : 'The template could not be expanded.',
      };
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
        return {
          kind: 'protocolError',
          ms: Date.now() - startedAt,
          uri,
          code: error.code,
          message: error.message,
          data: error.data,
          explanation: failure.explanation,
          notFound: failure.kind !== 'other' && failure.kind !== 'invalid-params',
        };
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
      const result = await client.request('prompts/get', {
        name: this.subject.kind === 'prompt' ? this.subject.name : '',
        arguments: args,
      });
      this.lastPrompt = result;
      const messages = Array.isArray(result.messages)
        ? (result.messages as Record<string, unknown>[]).map((m) => ({ role: String(m?.role ?? '?'), content: m?.content }))
        : [];
      return {
        kind: 'messages',
        ms: Date.now() - startedAt,
        messages,
        ...(typeof result.description === 'string' ? { description: result.description } : {}),
      };
    } catch (error) {
      if (error instanceof ProtocolError)
        return { kind: 'protocolError', ms: Date.now() - startedAt, code: error.code, message: error.message, data: error.data };
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
    const suggested =
      part.uri
        .split(/[/?#]/)
        .filter(Boolean)
        .pop()
        ?.replace(/[^\w.-]+/g, '_') || 'resource.bin';
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const target = await vscode.window.showSaveDialog({
      defaultUri: folder ? vscode.Uri.joinPath(folder, suggested) : undefined,
      saveLabel: 'Save Resource',
    });
    if (!target) return;
    await writeFile(target.fsPath, Buffer.from(part.blob, 'base64'));
  }

  /**
   * Watch: re-read the resource on each `notifications/resources/updated`. Legacy: after
   * `resources/subscribe`. 2026-07-28: on a `subscriptions/listen` stream asking for this URI,
   * its updates told apart from others by the stream's subscription id.
   */
  async watch(): Promise<boolean> {
    const client = this.entry.client;
    const uri = this.lastRead?.uri;
    if (!client || !uri || this.watched) {
      if (!this.watched) this.post({ type: 'watching', updates: 0 });
      return this.watched !== undefined;
    }
    const via = watchVia(client.info);
    if (!via) {
      void showWarning(say`MCP Lens: "${this.entry.name}" does not declare resources.subscribe.`);
      return false;
    }
    let stream: ListenStream | undefined;
    try {
      if (via === 'subscribe') await client.request('resources/subscribe', { uri });
      else stream = await client.listen({ resourceSubscriptions: [uri] });
    } catch (error) {
      const method = via === 'subscribe' ? 'resources/subscribe' : 'subscriptions/listen';
      void showWarning(say`MCP Lens: ${method} on "${this.entry.name}" failed: ${error instanceof Error ? error.message : String(error)}`);
      this.post({ type: 'watching', updates: 0 });
      return false;
    }
    // "Only includes notification types the server actually supports": a URI left out is not watched.
    if (stream && !stream.acknowledged?.resourceSubscriptions?.includes(uri)) {
      stream.close('The server did not grant the subscription');
      void showWarning(
        say`MCP Lens: "${this.entry.name}" acknowledged the subscriptions/listen stream without ${uri} in its resourceSubscriptions: it will not send updates for it.`,
      );
      this.post({ type: 'watching', updates: 0 });
      return false;
    }
    const updated = (e: { msg?: unknown }) => {
      const msg = e.msg as { method?: string; params?: Record<string, unknown> } | undefined;
      // A stream asked for this one URI; its update "might be a sub-resource of the one that the client actually subscribed to".
      if (msg?.method === 'notifications/resources/updated' && (stream || msg.params?.uri === uri)) void this.onUpdated(uri);
    };
    const listener = stream ? stream.onNotification(updated) : client.onNotification(updated);
    this.watched = { uri, updates: 0, listener, ...(stream ? { stream } : {}) };
    stream?.onEnd((end) => this.onStreamEnd(uri, end));
    this.post({ type: 'watching', uri, updates: 0 });
    return true;
  }

  /** The server (or the connection) ended the listen stream: the watch is over, and the user is told why. */
  private onStreamEnd(uri: string, end: ListenEnd): void {
    const watched = this.watched;
    if (watched?.uri !== uri || end.by === 'client') return;
    this.watched = undefined;
    watched.listener.dispose();
    this.post({ type: 'watching', updates: watched.updates });
    const why =
      end.by === 'server'
        ? say`with notifications/cancelled: ${end.reason}`
        : end.by === 'result'
          ? say`with its result`
          : end.by === 'error'
            ? say`with error ${String(end.code)}: ${end.message}`
            : say`because ${end.reason}`;
    void showInfo(say`MCP Lens: "${this.entry.name}" ended the subscriptions/listen stream watching ${uri} ${why}.`);
  }

  private async onUpdated(uri: string): Promise<void> {
    if (this.watched?.uri !== uri) return;
    const before = this.lastRead?.parts;
    const outcome = await this.read(uri);
    if (this.watched?.uri !== uri) return;
    this.watched.updates += 1;
    this.watched.changed = describeChange(before, outcome.kind === 'read' ? this.lastRead?.parts : undefined);
    this.post({ type: 'read', outcome, values: this.values });
    this.post({ type: 'watching', uri, updates: this.watched.updates, changed: this.watched.changed });
  }

  async unwatch(): Promise<void> {
    const watched = this.watched;
    if (!watched) return;
    this.watched = undefined;
    watched.listener.dispose();
    this.post({ type: 'watching', updates: watched.updates });
    if (watched.stream) watched.stream.close('The user stopped watching');
    else await ignoreUnsent(this.entry.client?.request('resources/unsubscribe', { uri: watched.uri }));
  }

  /** For tests: how many updates the watched resource had. */
  get watchState(): { uri: string; updates: number; changed?: string; via: 'subscribe' | 'listen' } | undefined {
    const w = this.watched;
    return w && { uri: w.uri, updates: w.updates, ...(w.changed ? { changed: w.changed } : {}), via: w.stream ? 'listen' : 'subscribe' };
  }
}
