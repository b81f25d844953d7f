import { name, say, tabTitle } from '../shown';
import { openServerLink } from '../shown/openLink';
import * as vscode from 'vscode';
import { buildFormModel } from '../../core/schema/formModel';
import type { ServerEntry } from '../serverEntry';
import { clipResult } from './clipResult';
import type { JsonDocuments } from './jsonDocuments';
import type { FieldError } from '../../core/schema/formTypes';
import type { AskBroker, AskSurface } from '../asks/askBroker';
import { isAskReply, type Ask } from '../asks/askProtocol';
import type { CallOutcome, HostMessage, ProgressInfo, TaskInfo, ToolSummary, WebviewMessage } from './protocol';
import type { ToolRunner } from './toolRunner';
import { openImage } from './openImage';
import { panelHtml } from './webviewHtml';
import { ServerPanel } from '../webview/serverPanel';
import type { Log } from '../log';
import { AppView } from '../apps/appView';

/** What a tool panel works with; ToolPanels hands the same to each panel it opens. */
export interface ToolPanelDeps {
  extensionUri: vscode.Uri;
  runner: ToolRunner;
  documents: JsonDocuments;
  asks: AskBroker;
  log: Log;
  version: string;
}

/**
 * The form and result of one tool of one server, in a webview panel. The host owns what the
 * webview cannot do under its CSP: JSON Schema validation (ajv compiles code) and the call.
 */
export class ToolPanel extends ServerPanel<HostMessage, WebviewMessage> implements AskSurface {
  private abort: AbortController | undefined;
  private running: { startedAt: number; progress?: ProgressInfo; task?: TaskInfo } | undefined;
  private last: { outcome: CallOutcome; args: Record<string, unknown> } | undefined;
  private schemaKey = '';
  /** The server's asks shown here and not yet answered: drawn again when the webview reloads. */
  private readonly openAsks = new Map<number, Ask>();
  /** The tool's MCP App (`_meta.ui.resourceUri`), shown under the result. */
  private readonly app: AppView;

  constructor(
    private readonly deps: ToolPanelDeps,
    private readonly entry: ServerEntry,
    readonly toolName: string,
  ) {
    super(deps.extensionUri, 'mcpLens.tool', tabTitle(say`▶ ${name(toolName)}`), deps.log);
    this.panel.webview.html = panelHtml(this.panel.webview, deps.extensionUri, tabTitle(say`${name(toolName)}`));
    this.app = this.register(
      new AppView({
        ...deps,
        entry,
        post: (message) => this.post(message),
        visible: () => this.panel.visible,
        // The app's declared origins must be in the page's own policy: the page is built again.
        reloadWith: (domains) => {
          this.ready = false;
          this.panel.webview.html = panelHtml(this.panel.webview, deps.extensionUri, tabTitle(say`${name(toolName)}`), domains);
        },
      }),
    );
    this.followServer(deps.runner.registry, entry, () => {
      // A restart may bring a changed schema: the form follows it.
      const tool = this.tool();
      if (tool && this.ready && schemaKeyOf(tool) !== this.schemaKey) this.postInit();
    });
  }

  protected override closing(): void {
    this.abort?.abort('The tool panel was closed');
    this.deps.asks.dropSurface(this, 'the tool panel was closed');
  }

  get key(): string {
    return panelKey(this.entry.key, this.toolName);
  }

  get serverKey(): string {
    return this.entry.key;
  }

  get isRunning(): boolean {
    return this.running !== undefined;
  }

  /** The running call's task, when it runs as one (what the panel shows under its progress bar). */
  get runningTask(): TaskInfo | undefined {
    return this.running?.task;
  }

  /** What the panel's Cancel button does: notifications/cancelled, or tasks/cancel for a task. */
  cancel(): void {
    this.abort?.abort('Cancelled by the user');
  }

  private tool(): Record<string, unknown> | undefined {
    return this.deps.runner.tool(this.entry, this.toolName);
  }

  private postInit(): void {
    const tool = this.tool() ?? { name: this.toolName, inputSchema: { type: 'object' } };
    this.schemaKey = schemaKeyOf(tool);
    const summary: ToolSummary = {
      server: this.entry.name,
      name: this.toolName,
      title: typeof tool.title === 'string' ? tool.title : undefined,
      description: typeof tool.description === 'string' ? tool.description : undefined,
      hasOutputSchema: tool.outputSchema !== undefined,
      schemaKey: this.schemaKey,
    };
    const taskSupport = this.deps.runner.taskSupport(this.entry, this.toolName);
    if (taskSupport) summary.taskSupport = taskSupport;
    const lastArgs = this.deps.runner.lastArgs.get(this.entry.name, this.toolName);
    this.post({
      type: 'init',
      tool: summary,
      model: buildFormModel(tool.inputSchema ?? { type: 'object' }),
      lastArgs,
      serverState: this.entry.state.kind,
    });
    if (this.running) {
      this.post({ type: 'running', startedAt: this.running.startedAt });
      if (this.running.progress) this.post({ type: 'progress', progress: this.running.progress });
      if (this.running.task) this.post({ type: 'task', task: this.running.task });
    } else if (this.last) {
      this.post({ type: 'result', outcome: forWebview(this.last.outcome), args: this.last.args });
    }
    for (const ask of this.openAsks.values()) this.post({ type: 'ask', ask });
    void this.app.redraw();
  }

  show(ask: Ask): void {
    this.openAsks.set(ask.id, ask);
    this.reveal();
    this.post({ type: 'ask', ask });
  }

  showErrors(id: number, errors: FieldError[]): void {
    this.post({ type: 'askErrors', id, errors });
  }

  done(id: number, how: string): void {
    this.openAsks.delete(id);
    this.post({ type: 'askDone', id, how });
  }

  protected async onMessage(message: WebviewMessage): Promise<void> {
    if (isAskReply(message)) return this.deps.asks.answer(message);
    switch (message.type) {
      case 'ready':
        this.ready = true;
        this.postInit();
        return;
      case 'validate': {
        const checked = this.deps.runner.validate(this.entry, this.toolName, message.args);
        this.post({ type: 'validation', errors: checked.errors, schemaProblem: checked.schemaProblem });
        return;
      }
      case 'run':
        await this.run(message.args, false, message.asTask === true);
        return;
      case 'cancel':
        this.cancel();
        return;
      case 'close':
        this.panel.dispose();
        return;
      case 'openResource':
        await vscode.commands.executeCommand('mcpLens.readResource', { server: this.entry.key, uri: message.uri });
        return;
      case 'openLink':
        await openServerLink(this.entry.name, message.uri);
        return;
      case 'openJson':
        await this.deps.documents.show(message.title, message.value);
        return;
      case 'openImage': {
        const content = this.last?.outcome.kind === 'result' ? this.last.outcome.result.content : undefined;
        await openImage(
          `${this.entry.name}-${this.toolName}-${message.index + 1}`,
          Array.isArray(content) ? content[message.index] : undefined,
        );
        return;
      }
      case 'saveAsTest': {
        const last = this.last;
        if (last?.outcome.kind === 'result')
          await vscode.commands.executeCommand('mcpLens.tests.saveCall', {
            server: this.entry.name,
            tool: this.toolName,
            arguments: last.args,
            result: last.outcome.result,
          });
        return;
      }
      case 'appMessage':
        this.app.receive(message.message);
        return;
      case 'openFullResult': {
        const outcome = this.last?.outcome;
        if (outcome && 'result' in outcome) await this.deps.documents.show(`${this.toolName} result`, outcome.result);
        return;
      }
    }
  }

  /** Validates in the host, then calls; the webview sees the errors, the progress and the outcome. */
  async run(args: Record<string, unknown>, external = false, asTask = false): Promise<CallOutcome> {
    if (this.running) return { kind: 'notSent', message: `"${this.toolName}" is already running; cancel it first.` };
    const started = await this.deps.runner.ensureRunning(this.entry);
    if (!started.ok) return this.finish({ kind: 'notSent', message: started.reason }, args, external);
    if (!this.tool())
      return this.finish(
        { kind: 'notSent', message: `"${this.entry.name}" does not list a tool called "${this.toolName}".` },
        args,
        external,
      );
    const checked = this.deps.runner.validate(this.entry, this.toolName, args);
    this.post({ type: 'validation', errors: checked.errors, schemaProblem: checked.schemaProblem });
    if (!checked.valid) {
      const first = checked.errors[0];
      const outcome: CallOutcome = {
        kind: 'notSent',
        message: `Invalid arguments: ${first ? `${first.path || '(arguments)'} ${first.message}` : 'see the form'}`,
      };
      if (!external) return outcome;
      // Shown in the form first, then the errors beside its fields.
      this.finish(outcome, args, true);
      this.post({ type: 'validation', errors: checked.errors, schemaProblem: checked.schemaProblem });
      return outcome;
    }
    await this.app.start(this.tool(), args);
    const abort = new AbortController();
    this.abort = abort;
    this.running = { startedAt: Date.now() };
    this.post({ type: 'running', startedAt: this.running.startedAt });
    let outcome: CallOutcome;
    try {
      outcome = await this.deps.runner.call(this.entry, this.toolName, args, {
        signal: abort.signal,
        asTask,
        onProgress: (progress) => {
          if (this.running) this.running.progress = progress;
          this.post({ type: 'progress', progress });
        },
        onTask: (task) => {
          if (this.running) this.running.task = task;
          this.post({ type: 'task', task });
        },
      });
    } finally {
      // Even when the call throws: a panel left "running" would refuse every later Run.
      this.abort = undefined;
      this.running = undefined;
      // The call is over: an ask it left unanswered can no longer be answered.
      this.deps.asks.dropSurface(this, 'the call ended');
    }
    this.app.toolOutcome(outcome);
    return this.finish(outcome, args, external);
  }

  private finish(outcome: CallOutcome, args: Record<string, unknown>, external = false): CallOutcome {
    this.last = { outcome, args };
    this.post({ type: 'result', outcome: forWebview(outcome), args, external });
    return outcome;
  }
}

/** Never the full payload into the webview: big parts are clipped, the host keeps the whole. */
function forWebview(outcome: CallOutcome): CallOutcome {
  if (outcome.kind !== 'result' && outcome.kind !== 'invalidResult') return outcome;
  const { result, clipped } = clipResult(outcome.result);
  return clipped ? { ...outcome, result, clipped } : outcome;
}

export function panelKey(serverKey: string, tool: string): string {
  return `${serverKey}\u0000${tool}`;
}

function schemaKeyOf(tool: Record<string, unknown>): string {
  return JSON.stringify([tool.inputSchema ?? null, tool.outputSchema ?? null]);
}
