import type { TraceEvent } from '../trace/event';
import type { Disposable } from '../util/disposable';
import { RequestCancelledError } from './errors';
import { ignoreUnsent, settled } from '../util/ignored';

/**
 * 2025-11-25 tasks (experimental), the requestor's side: a task-augmented request returns a
 * CreateTaskResult; the client polls `tasks/get`, fetches the outcome with `tasks/result` and
 * can `tasks/cancel`. The client executes no tasks of its own, so it declares no `tasks`
 * capability (that capability names what the *client* accepts task-augmented).
 */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

export interface TaskState {
  taskId: string;
  status: TaskStatus | string;
  statusMessage?: string;
  /** "Suggested polling interval in milliseconds." */
  pollInterval?: number;
  ttl?: number | null;
  createdAt?: string;
  lastUpdatedAt?: string;
}

/** "completed", "failed", "cancelled": the task will not change again. */
export const TERMINAL_STATUSES: ReadonlySet<string> = new Set(['completed', 'failed', 'cancelled']);

/** A Task object (CreateTaskResult.task, GetTaskResult, the status notification's params), or undefined. */
export function taskOf(value: unknown): TaskState | undefined {
  const v = value as Record<string, unknown> | null | undefined;
  if (typeof v !== 'object' || v === null || typeof v.taskId !== 'string' || typeof v.status !== 'string') return undefined;
  const task: TaskState = { taskId: v.taskId, status: v.status };
  if (typeof v.statusMessage === 'string') task.statusMessage = v.statusMessage;
  if (typeof v.pollInterval === 'number') task.pollInterval = v.pollInterval;
  if (typeof v.ttl === 'number' || v.ttl === null) task.ttl = v.ttl;
  if (typeof v.createdAt === 'string') task.createdAt = v.createdAt;
  if (typeof v.lastUpdatedAt === 'string') task.lastUpdatedAt = v.lastUpdatedAt;
  return task;
}

/** A tool's `execution.taskSupport`: "forbidden" (default when absent), "optional" or "required". */
export function toolTaskSupport(tool: Record<string, unknown> | undefined): 'forbidden' | 'optional' | 'required' {
  const support = (tool?.execution as { taskSupport?: unknown } | undefined)?.taskSupport;
  return support === 'optional' || support === 'required' ? support : 'forbidden';
}

/** The server declares `tasks.requests.tools.call`: "receivers MUST declare support for task augmentation of specific request types". */
export function serverRunsToolTasks(capabilities: Record<string, unknown> | undefined): boolean {
  const tasks = capabilities?.tasks as { requests?: { tools?: { call?: unknown } } } | undefined;
  return typeof tasks?.requests?.tools?.call === 'object' && tasks.requests.tools.call !== null;
}

/**
 * Why a 2025-11-25 client must not run this tool as a task, or undefined when it may: "If a
 * server's capabilities do not include tasks.requests.tools.call, then clients MUST NOT attempt
 * to use task augmentation on that server's tools"; "If execution.taskSupport is not present or
 * "forbidden", clients MUST NOT attempt to invoke the tool as a task".
 */
export function whyNotATask(capabilities: Record<string, unknown> | undefined, tool: Record<string, unknown>): string | undefined {
  const name = JSON.stringify(String(tool.name));
  if (!serverRunsToolTasks(capabilities))
    return `the server does not declare tasks.requests.tools.call, so none of its tools may run as a task; declare it among the server's capabilities, or call ${name} without a task`;
  if (toolTaskSupport(tool) === 'forbidden')
    return `${name} does not declare execution.taskSupport "optional" or "required" (absent means "forbidden"), so it may not run as a task; add execution: { taskSupport: "optional" } to its definition, or call it without a task`;
  return undefined;
}

/** Whether a tool can be run as a task on this server (both sides say so). */
export function canRunAsTask(capabilities: Record<string, unknown> | undefined, tool: Record<string, unknown> | undefined): boolean {
  return tool !== undefined && whyNotATask(capabilities, tool) === undefined;
}

/** What following a task needs from the client. */
export interface TaskHost {
  request(
    method: string,
    params: Record<string, unknown>,
    opts?: { signal?: AbortSignal; timeoutMs?: number },
  ): Promise<Record<string, unknown>>;
  onNotification(listener: (e: TraceEvent) => void): Disposable;
}

export interface FollowOptions {
  signal?: AbortSignal;
  /** Every status seen (the CreateTaskResult's, each tasks/get answer, each notifications/tasks/status). */
  onStatus?: (task: TaskState) => void;
  /** How long tasks/result may wait: it blocks until the task ends, input included. */
  resultTimeoutMs?: number;
}

/** Polls are never closer than this, whatever pollInterval says (0 would spin). */
export const MIN_POLL_MS = 50;
/** When the server suggests no interval. */
export const DEFAULT_POLL_MS = 1000;
/** Nor further apart than this: a status must show up in a debugger within seconds. */
export const MAX_POLL_MS = 5000;

/**
 * Follows a created task to its outcome: polls tasks/get at the server's pollInterval (a
 * status notification wakes the poll early) until the task ends or needs input, then
 * tasks/result ("When the requestor encounters the input_required status, it SHOULD
 * preemptively call tasks/result": the server's questions come while that request waits).
 * An abort sends tasks/cancel and rejects with RequestCancelledError.
 */
export async function followTask(
  host: TaskHost,
  created: TaskState,
  opts: FollowOptions = {},
): Promise<{ task: TaskState; result: Record<string, unknown> }> {
  let task = created;
  let wake: (() => void) | undefined;
  const seen = (next: TaskState) => {
    task = next;
    opts.onStatus?.(next);
  };
  const listener = host.onNotification((e) => {
    const params = (e.msg as { method?: string; params?: unknown } | undefined)?.params;
    if ((e.msg as { method?: string }).method !== 'notifications/tasks/status') return;
    const next = taskOf(params);
    if (next?.taskId !== task.taskId) return;
    seen({ ...task, ...next });
    wake?.();
  });
  const cancelled = new Promise<never>((_, reject) => {
    const onAbort = () => {
      void ignoreUnsent(
        host.request('tasks/cancel', { taskId: task.taskId }).then((r) => {
          const after = taskOf(r);
          if (after) seen(after);
        }),
      );
      reject(new RequestCancelledError(`task ${task.taskId} was cancelled (tasks/cancel sent)`));
    };
    if (opts.signal?.aborted) onAbort();
    else opts.signal?.addEventListener('abort', onAbort, { once: true });
  });
  void settled(cancelled);
  try {
    opts.onStatus?.(task);
    while (!TERMINAL_STATUSES.has(task.status) && task.status !== 'input_required') {
      const interval = Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, task.pollInterval ?? DEFAULT_POLL_MS));
      const nap = new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, interval).unref();
      });
      await Promise.race([nap, cancelled]);
      wake = undefined;
      if (TERMINAL_STATUSES.has(task.status) || task.status === 'input_required') break;
      const polled = taskOf(await Promise.race([host.request('tasks/get', { taskId: task.taskId }), cancelled]));
      if (polled) seen(polled);
    }
    if (task.status === 'cancelled')
      throw new RequestCancelledError(`task ${task.taskId} was cancelled${task.statusMessage ? `: ${task.statusMessage}` : ''}`);
    const result = await Promise.race([
      host.request('tasks/result', { taskId: task.taskId }, { timeoutMs: opts.resultTimeoutMs }),
      cancelled,
    ]);
    if (!TERMINAL_STATUSES.has(task.status)) seen({ ...task, status: result.isError === true ? 'failed' : 'completed' });
    return { task, result };
  } finally {
    listener.dispose();
  }
}
