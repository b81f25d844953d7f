import * as vscode from 'vscode';
import { validateArguments, type ArgsValidation } from '../../core/schema/argsValidator';
import { wireLatency } from '../../core/trace/latency';
import { Disposable } from '../lifecycle';
import type { Log } from '../log';
import type { ServerEntry } from '../serverEntry';
import type { ServerRegistry, StartOutcome } from '../serverRegistry';
import { explainUntrusted, isTrusted } from '../trust';
import type { LastArgsStore } from './lastArgs';
import { outcomeLabel, outcomeOf } from './outcome';
import { canRunAsTask, toolTaskSupport } from '../../core/session/tasks';
import { serverAdvertisesTasks } from '../../core/session/tasksModern';
import type { CallOutcome, ProgressInfo, TaskInfo } from './protocol';

export interface RunOptions {
  onProgress?: (p: ProgressInfo) => void;
  signal?: AbortSignal;
  /** Run as a task when the tool allows it ("optional"); a "required" tool always runs as one. */
  asTask?: boolean;
  /** Each status of the task, when it runs as one. */
  onTask?: (task: TaskInfo) => void;
}

export interface ToolRun {
  serverKey: string;
  tool: string;
  outcome: CallOutcome;
}

/**
 * Starts servers on demand, validates and sends tools/call, remembers the arguments and the
 * last outcome of every tool (for the lenses) for this session.
 */
export class ToolRunner extends Disposable {
  private readonly outcomes = new Map<string, CallOutcome>();
  private readonly ran = this.register(new vscode.EventEmitter<ToolRun>());
  readonly onDidRun = this.ran.event;

  constructor(
    readonly registry: ServerRegistry,
    readonly lastArgs: LastArgsStore,
    private readonly log: Log,
  ) {
    super();
  }

  last(serverKey: string, tool: string): CallOutcome | undefined {
    return this.outcomes.get(`${serverKey}\u0000${tool}`);
  }

  tools(entry: ServerEntry): Record<string, unknown>[] {
    const list = entry.lists.tools;
    return list && 'items' in list ? list.items : [];
  }

  tool(entry: ServerEntry, name: string): Record<string, unknown> | undefined {
    return this.tools(entry).find((t) => t.name === name);
  }

  /** Starts the server unless it runs; a failure is shown to the user and returned. */
  async ensureRunning(entry: ServerEntry): Promise<StartOutcome> {
    if (!isTrusted()) {
      void explainUntrusted();
      return { ok: false, reason: 'The workspace is not trusted.' };
    }
    if (entry.state.kind === 'running' && entry.client) {
      if (!entry.lists.tools) await this.toolsListed(entry);
      return { ok: true };
    }
    if (entry.state.kind === 'starting') {
      await new Promise<void>((resolve) => {
        const sub = this.registry.onDidChange((e) => {
          if (e === entry && entry.state.kind !== 'starting') {
            sub.dispose();
            resolve();
          }
        });
      });
      await this.toolsListed(entry);
      return isRunning(entry) ? { ok: true } : { ok: false, reason: `"${entry.name}" did not start (${entry.state.kind}).` };
    }
    const outcome: StartOutcome = await vscode.commands
      .executeCommand<StartOutcome | undefined>('mcpLens.startServer', entry.key)
      .then((o) => o ?? { ok: false, reason: 'not started' });
    if (outcome.ok) await this.toolsListed(entry);
    return outcome;
  }

  /** start() resolves after the lists are read; a server started elsewhere may still be listing. */
  private async toolsListed(entry: ServerEntry): Promise<void> {
    if (entry.lists.tools || entry.state.kind !== 'running') return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, 10_000);
      const sub = this.registry.onDidChange(
        (e) => (e === entry || e === undefined) && (entry.lists.tools || entry.state.kind !== 'running') && done(),
      );
      // A server without tools never gets a tools list: the end of its first listing is the answer.
      void this.registry.listed(entry).then(done);
      function done() {
        clearTimeout(timer);
        sub.dispose();
        resolve();
      }
    });
  }

  /**
   * "optional" or "required" when the tool can run as a task on this server. 2025-11-25: the
   * tool's execution.taskSupport says; 2026-07-28: any tool of a server that advertises the tasks
   * extension may ("the server decides on a per-request basis whether to materialize a task").
   */
  taskSupport(entry: ServerEntry, toolName: string): 'optional' | 'required' | undefined {
    const tool = this.tool(entry, toolName);
    if (entry.info?.era === 'modern') return serverAdvertisesTasks(entry.info.capabilities) ? 'optional' : undefined;
    if (entry.info?.era !== 'legacy' || !canRunAsTask(entry.info.capabilities, tool)) return undefined;
    const support = toolTaskSupport(tool);
    return support === 'forbidden' ? undefined : support;
  }

  validate(entry: ServerEntry, toolName: string, args: unknown): ArgsValidation {
    const tool = this.tool(entry, toolName);
    return validateArguments(tool?.inputSchema ?? { type: 'object' }, args, { protocolVersion: entry.info?.protocolVersion });
  }

  /** Sends tools/call to a running server; never rejects. */
  async call(entry: ServerEntry, toolName: string, args: Record<string, unknown>, options: RunOptions = {}): Promise<CallOutcome> {
    const client = entry.client;
    let outcome: CallOutcome;
    if (!client || entry.state.kind !== 'running') {
      outcome = { kind: 'notSent', message: `"${entry.name}" is not running (${entry.state.kind}).` };
    } else {
      void this.lastArgs.set(entry.name, toolName, args);
      const tool = this.tool(entry, toolName);
      const started = Date.now();
      const support = this.taskSupport(entry, toolName);
      let task: TaskInfo | undefined;
      const asTask = support === 'required' || (support === 'optional' && options.asTask === true);
      const { signal, onProgress } = options;
      const onStatus = (t: TaskInfo) => {
        task = { taskId: t.taskId, status: t.status, ...(t.statusMessage !== undefined ? { statusMessage: t.statusMessage } : {}) };
        options.onTask?.(task);
      };
      let id: number | undefined;
      const calling = asTask
        ? client.callToolAsTask(toolName, args, { signal, onProgress, onStatus }).then((r) => r.result)
        : client.callTool(toolName, args, { signal, onProgress, onId: (sent) => (id = sent) });
      const settled = await calling.then(
        (result) => ({ result }),
        (error: unknown) => ({ error }),
      );
      // The wire latency, as the Messages view shows it; a call never answered (timeout, closed),
      // or a task polled to its result, took until now.
      const ms = (id !== undefined ? wireLatency(client.trace.events, id) : undefined) ?? Date.now() - started;
      outcome = outcomeOf(settled, ms, tool?.outputSchema, entry.info?.protocolVersion);
      if (task && outcome.kind === 'result') outcome = { ...outcome, task };
    }
    this.log.info(`[${entry.name}] tools/call ${toolName}: ${outcomeLabel(outcome)}`);
    this.outcomes.set(`${entry.key}\u0000${toolName}`, outcome);
    this.ran.fire({ serverKey: entry.key, tool: toolName, outcome });
    return outcome;
  }
}

/** Read afresh after an await: the state may have moved on meanwhile. */
function isRunning(entry: ServerEntry): boolean {
  return entry.state.kind === 'running';
}
