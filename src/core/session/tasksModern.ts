import type { TraceEvent } from '../trace/event';
import type { Disposable } from '../util/disposable';
import { RequestCancelledError, RequestTimeoutError, UnansweredInputError } from './errors';
import { inputRequiredFault } from './inputRequired';
import { DEFAULT_POLL_MS, MAX_POLL_MS, MIN_POLL_MS, taskOf, TERMINAL_STATUSES, type TaskState } from './tasks';
import { ignoreUnsent, settled } from '../util/ignored';

/**
 * The tasks extension of 2026-07-28 (SEP-2663, `io.modelcontextprotocol/tasks`), the
 * requestor's side. Creation is server-directed: the client declares the extension in the
 * request's `_meta` clientCapabilities and the server decides whether `tools/call` answers with
 * a CreateTaskResult (`resultType: "task"`, the Task fields flat beside it). The client then
 * polls `tasks/get` (a DetailedTask: the result or error inlined once terminal, the pending
 * `inputRequests` while `input_required`), answers input with `tasks/update`, and may
 * `tasks/cancel`. `tasks/result` and `tasks/list` do not exist in this generation.
 */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** The extension's requests about one task (2025-11-25's tasks/result and tasks/list were removed). */
export const TASK_METHODS: ReadonlySet<string> = new Set(['tasks/get', 'tasks/update', 'tasks/cancel']);

/** The declaration the client sends in `_meta` clientCapabilities.extensions (no settings are defined). */
export const TASKS_DECLARATION: Readonly<Record<string, unknown>> = { [TASKS_EXTENSION]: {} };

/** The resultTypes a request that declared the extension may get back. */
export const TASK_RESULT_TYPES: ReadonlySet<string> = new Set(['complete', 'input_required', 'task']);

/** The server advertises the extension under `capabilities.extensions` (server/discover). */
export function serverAdvertisesTasks(capabilities: Record<string, unknown> | undefined): boolean {
  const extensions = capabilities?.extensions as Record<string, unknown> | undefined;
  const entry = extensions?.[TASKS_EXTENSION];
  return typeof entry === 'object' && entry !== null;
}

/** Whether a request's `_meta` clientCapabilities declared the extension (capabilities are per request). */
export function declaresTasks(params: Record<string, unknown> | undefined): boolean {
  const meta = params?._meta as Record<string, unknown> | undefined;
  const caps = meta?.['io.modelcontextprotocol/clientCapabilities'] as { extensions?: Record<string, unknown> } | undefined;
  const entry = caps?.extensions?.[TASKS_EXTENSION];
  return typeof entry === 'object' && entry !== null;
}

/**
 * A task that ended without a result: "failed" with its inlined JSON-RPC error (`code` set), or an
 * outcome the client cannot read (a completed task with no result inlined, an unknown status).
 */
export class TaskFailedError extends Error {
  constructor(
    readonly taskId: string,
    message: string,
    readonly code?: number,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'TaskFailedError';
  }
}

/** A 2026-07-28 Task as seen on the wire: TaskState plus what a DetailedTask inlines. */
export interface ModernTask extends TaskState {
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
  inputRequests?: Record<string, unknown>;
}

/** A Task object (CreateTaskResult, tasks/get's DetailedTask, a notifications/tasks params), or undefined. */
export function modernTaskOf(value: unknown): ModernTask | undefined {
  const v = value as Record<string, unknown> | null | undefined;
  if (typeof v !== 'object' || v === null) return undefined;
  // "ttlMs" and "pollIntervalMs" (integer milliseconds): the v1 names are not read.
  const task: ModernTask | undefined = taskOf({ ...v, pollInterval: v.pollIntervalMs, ttl: v.ttlMs });
  if (!task) return undefined;
  if (typeof v.result === 'object' && v.result !== null && !Array.isArray(v.result)) task.result = v.result as Record<string, unknown>;
  const error = v.error as { code?: unknown; message?: unknown; data?: unknown } | undefined;
  if (typeof error?.code === 'number' && typeof error.message === 'string')
    task.error = { code: error.code, message: error.message, data: error.data };
  if (typeof v.inputRequests === 'object' && v.inputRequests !== null && !Array.isArray(v.inputRequests))
    task.inputRequests = v.inputRequests as Record<string, unknown>;
  return task;
}

/** A CreateTaskResult: "resultType MUST be set to "task"", the Task fields flat beside it. */
export function createdTaskOf(result: Record<string, unknown>): ModernTask | undefined {
  return result.resultType === 'task' ? modernTaskOf(result) : undefined;
}

/** The status a user follows, without what the server inlined (the result comes back apart). */
function statusOnly(task: ModernTask): TaskState {
  const { result: _result, error: _error, inputRequests: _asks, ...state } = task;
  return state;
}

/** An open stream of a task's status notifications: what the server agreed to, and its close. */
export interface TaskWatch {
  readonly acknowledged: { taskIds?: string[] } | undefined;
  close(reason: string): void;
}

/** What running a modern task needs from the client. Every request declares the extension. */
export interface ModernTaskHost {
  /** tools/call declaring the extension, its input rounds (multi-round-trip) answered. */
  call(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>>;
  request(method: string, params: Record<string, unknown>): Promise<Record<string, unknown>>;
  onNotification(listener: (e: TraceEvent) => void): Disposable;
  /**
   * Opens a subscriptions/listen stream for the task's notifications/tasks ("Servers are not
   * required to send these notifications. Clients subscribe via subscriptions/listen").
   */
  watch?(taskId: string): Promise<TaskWatch>;
  /** Answers a DetailedTask's inputRequests (elicitation, sampling, roots); `round` counts from 1. */
  answer(inputRequests: Record<string, unknown>, round: number): Promise<Record<string, unknown>>;
}

export interface ModernFollowOptions {
  signal?: AbortSignal;
  /** Every status seen: the CreateTaskResult's, each tasks/get answer, each notifications/tasks. */
  onStatus?: (task: TaskState) => void;
  /** The whole task's bound: past it the client cancels the task and gives up. */
  maxWaitMs: number;
}

/** Rounds of input one task may ask for before the client stops answering. */
export const MAX_TASK_INPUT_ROUNDS = 32;

/**
 * Follows a created task to its outcome: polls tasks/get at the server's pollIntervalMs ("Clients
 * SHOULD honor this value"), woken early by a notifications/tasks for it; answers each new
 * inputRequests entry with tasks/update; returns the inlined result of a completed task. A failed
 * task rejects with its inlined JSON-RPC error, a cancelled one with RequestCancelledError. An
 * abort or the bound sends tasks/cancel ("Cancellation is cooperative") and rejects.
 */
export function followModernTask(
  host: ModernTaskHost,
  created: ModernTask,
  opts: ModernFollowOptions,
): Promise<{ task: TaskState; result: Record<string, unknown> }> {
  return new ModernTaskFollower(host, created, opts).run();
}

/** One followed task: its latest state, the stops that end the wait, the input answered so far. */
class ModernTaskFollower {
  private task: ModernTask;
  /** Ends the current nap early (a notifications/tasks for this task came). */
  private wake: (() => void) | undefined;
  private stopReason: Error | undefined;
  /** Rejects once the follower stops (abort, or the bound): every wait races it. */
  private readonly stopped: Promise<never>;
  private rejectStopped!: (reason: Error) => void;
  private readonly answered = new Set<string>();
  private rounds = 0;

  constructor(
    private readonly host: ModernTaskHost,
    private readonly created: ModernTask,
    private readonly opts: ModernFollowOptions,
  ) {
    this.task = created;
    this.stopped = new Promise<never>((_, reject) => (this.rejectStopped = reject));
    void settled(this.stopped);
  }

  async run(): Promise<{ task: TaskState; result: Record<string, unknown> }> {
    const listener = this.host.onNotification((e) => this.heard(e));
    const disarm = this.armStops();
    const watching = this.watchStatus();
    try {
      this.opts.onStatus?.(statusOnly(this.task));
      for (;;) {
        const outcome = this.outcome();
        if (outcome) return outcome;
        // A CreateTaskResult never carries inputRequests ("only tasks/get's DetailedTask"): poll first.
        if (this.task.status === 'input_required' && this.task !== this.created) await this.answerInput();
        await this.nap();
        if (!TERMINAL_STATUSES.has(this.task.status)) await this.poll();
      }
    } finally {
      listener.dispose();
      disarm();
      void watching?.then((w) => w?.close(`task ${this.created.taskId} ended`));
    }
  }

  /** A new state of the task: reported when its status or message changed. */
  private seen(next: ModernTask): void {
    const changed = next.status !== this.task.status || next.statusMessage !== this.task.statusMessage;
    this.task = next;
    if (changed) this.opts.onStatus?.(statusOnly(next));
  }

  /** A notifications/tasks for this task: its state, and an early poll. */
  private heard(e: TraceEvent): void {
    const msg = e.msg as { method?: string; params?: unknown } | undefined;
    if (msg?.method !== 'notifications/tasks') return;
    const next = modernTaskOf(msg.params);
    if (next?.taskId !== this.task.taskId) return;
    this.seen(next);
    this.wake?.();
  }

  /**
   * The abort signal and the whole task's bound stop the follower. Returns what disarms both: an
   * abort after the task ended must not send tasks/cancel for it.
   */
  private armStops(): () => void {
    const { signal } = this.opts;
    const cancelled = () => this.stop(new RequestCancelledError(`task ${this.task.taskId} was cancelled (tasks/cancel sent)`));
    if (signal?.aborted) cancelled();
    else signal?.addEventListener('abort', cancelled, { once: true });
    const bound = setTimeout(() => {
      const { taskId, status } = this.task;
      const message = `task ${taskId} did not finish within ${this.opts.maxWaitMs} ms (last status ${status}); tasks/cancel sent`;
      this.stop(new RequestTimeoutError(message, 'tasks/get', this.opts.maxWaitMs));
    }, this.opts.maxWaitMs);
    bound.unref();
    return () => {
      clearTimeout(bound);
      signal?.removeEventListener('abort', cancelled);
    };
  }

  private stop(reason: Error): void {
    if (this.stopReason) return;
    this.stopReason = reason;
    // "tasks/cancel … An empty acknowledgement": the cancelled status shows on the next tasks/get.
    const { taskId } = this.task;
    void ignoreUnsent(
      this.host.request('tasks/cancel', { taskId }).then(async () => {
        const after = modernTaskOf(await this.host.request('tasks/get', { taskId }));
        if (after) this.seen(after);
      }),
    );
    this.rejectStopped(reason);
  }

  /**
   * Status notifications wake the poll early; a server that refuses the stream, or does not
   * grant this task, is simply polled.
   */
  private watchStatus(): Promise<TaskWatch | undefined> | undefined {
    return this.host.watch?.(this.task.taskId).then(
      (w) => {
        if (!w.acknowledged?.taskIds?.includes(this.created.taskId)) w.close('the server did not grant notifications for this task');
        return w;
      },
      () => undefined,
    );
  }

  /** The result of a completed task; throws for one that ended otherwise; undefined while it runs. */
  private outcome(): { task: TaskState; result: Record<string, unknown> } | undefined {
    const task = this.task;
    switch (task.status) {
      case 'completed':
        if (!task.result)
          throw new TaskFailedError(
            task.taskId,
            `task ${task.taskId} completed without its result inlined on tasks/get (tasks/result does not exist in 2026-07-28)`,
          );
        return { task: statusOnly(task), result: task.result };
      case 'failed':
        throw task.error
          ? new TaskFailedError(
              task.taskId,
              `task ${task.taskId} failed: ${task.error.code} ${task.error.message}`,
              task.error.code,
              task.error.data,
            )
          : new TaskFailedError(task.taskId, `task ${task.taskId} failed without its inlined error (code and message)`);
      case 'cancelled':
        throw new RequestCancelledError(`task ${task.taskId} was cancelled${task.statusMessage ? `: ${task.statusMessage}` : ''}`);
      case 'working':
      case 'input_required':
        return undefined;
      default:
        throw new TaskFailedError(task.taskId, `task ${task.taskId} has the unknown status ${JSON.stringify(task.status)}`);
    }
  }

  /** Answers the inputRequests not answered yet with one tasks/update. */
  private async answerInput(): Promise<void> {
    const pending = unanswered(this.task, this.answered);
    if (!pending) return;
    if (++this.rounds > MAX_TASK_INPUT_ROUNDS)
      throw new UnansweredInputError(`task ${this.task.taskId} still asks for input after ${MAX_TASK_INPUT_ROUNDS} rounds`);
    const inputResponses = await Promise.race([this.host.answer(pending, this.rounds), this.stopped]);
    for (const key of Object.keys(pending)) this.answered.add(key);
    await Promise.race([this.host.request('tasks/update', { taskId: this.task.taskId, inputResponses }), this.stopped]);
  }

  /** Waits the server's poll interval (bounded), or until a notification for the task wakes it. */
  private async nap(): Promise<void> {
    const interval = Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, this.task.pollInterval ?? DEFAULT_POLL_MS));
    // Not unref'd: over HTTP nothing else keeps the process alive between polls.
    const nap = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, interval);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    await Promise.race([nap, this.stopped]);
    this.wake = undefined;
  }

  private async poll(): Promise<void> {
    const { taskId } = this.task;
    const polled = modernTaskOf(await Promise.race([this.host.request('tasks/get', { taskId }), this.stopped]));
    if (!polled) throw new TaskFailedError(taskId, `tasks/get for ${taskId} did not answer with a task (taskId and status)`);
    this.seen(polled);
  }
}

/** The inputRequests not answered yet (a partial update leaves the rest pending), or undefined. */
function unanswered(task: ModernTask, answered: ReadonlySet<string>): Record<string, unknown> | undefined {
  const asks = task.inputRequests;
  // Nothing answered yet and nothing asked: no tasks/update can move this task on ("An
  // InputRequiredTask … inputRequests: Server-to-client requests that need to be fulfilled").
  if (answered.size === 0 && (!asks || Object.keys(asks).length === 0))
    throw new TaskFailedError(task.taskId, `task ${task.taskId} is input_required without any inputRequests to answer`);
  if (!asks) return undefined;
  const fault = inputRequiredFault({ inputRequests: asks });
  if (fault) throw new UnansweredInputError(`task ${task.taskId}: ${fault}`);
  const pending = Object.fromEntries(Object.entries(asks).filter(([key]) => !answered.has(key)));
  return Object.keys(pending).length ? pending : undefined;
}

/**
 * Runs a tool as a task on a 2026-07-28 server: the server must advertise the extension; the call
 * declares it; "the server decides on a per-request basis whether to materialize a task", so a
 * complete result (the immediate-result shortcut, or a tool that never runs as a task) is the
 * answer as it is. A multi-round-trip call whose last round creates the task is followed the same.
 */
export async function runToolTask(
  host: ModernTaskHost,
  serverCapabilities: Record<string, unknown> | undefined,
  name: string,
  args: Record<string, unknown>,
  opts: ModernFollowOptions,
): Promise<{ task?: TaskState; result: Record<string, unknown> }> {
  if (!serverAdvertisesTasks(serverCapabilities)) {
    throw new Error(
      `The server does not advertise the tasks extension (capabilities.extensions["${TASKS_EXTENSION}"] in server/discover), so it cannot run ${name} as a task; call it without --task`,
    );
  }
  const first = await host.call(name, args);
  const created = createdTaskOf(first);
  if (!created) return { result: first };
  return followModernTask(host, created, opts);
}
