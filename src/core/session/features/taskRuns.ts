import type { TraceEvent } from '../../trace/event';
import type { Disposable } from '../../util/disposable';
import type { RequestOptions } from '../exchange';
import type { ListenStream, SubscriptionFilter } from '../listen';
import { followTask, taskOf, type FollowOptions, type TaskState } from '../tasks';
import { runToolTask, TASKS_DECLARATION, type ModernTaskHost } from '../tasksModern';
import type { FeatureHost } from './feature';
import type { InputRounds } from './inputRounds';

/** What running a task needs of the client beyond its host: tools/call as the client calls it, listen streams, the asks answered. */
export interface TaskRunsDeps {
  callTool(name: string, args: Record<string, unknown>, opts?: RequestOptions): Promise<Record<string, unknown>>;
  listen(notifications: SubscriptionFilter): Promise<ListenStream>;
  onNotification(listener: (e: TraceEvent) => void): Disposable;
  rounds: InputRounds;
}

export type TaskCallOptions = RequestOptions & Omit<FollowOptions, 'signal'> & { ttl?: number };

/**
 * Tools run as tasks, in both generations: 2025-11-25's tasks (tasks.ts: polled, then
 * tasks/result) and 2026-07-28's tasks extension (tasksModern.ts: declared per request, the
 * result inlined in tasks/get). The client executes no tasks of its own, so it declares no
 * `tasks` capability.
 */
export class TaskRuns {
  constructor(
    private readonly host: FeatureHost,
    private readonly deps: TaskRunsDeps,
  ) {}

  /**
   * 2025-11-25 tasks: tools/call with `task` ("the request will return a CreateTaskResult
   * immediately, and the actual result can be retrieved later via tasks/result"), followed to
   * its outcome (tasks.ts). 2026-07-28: the tasks extension (tasksModern.ts). A server that
   * answers with the result at once is answered so.
   */
  async callToolAsTask(
    name: string,
    args: Record<string, unknown>,
    opts: TaskCallOptions = {},
  ): Promise<{ task?: TaskState; result: Record<string, unknown> }> {
    const { onStatus, resultTimeoutMs, ttl, ...request } = opts;
    const info = this.host.info();
    const maxWaitMs = resultTimeoutMs ?? this.host.exchange.limits.maxTimeoutMs;
    if (info?.era === 'modern') {
      return runToolTask(this.modernHost(request), info.capabilities, name, args, { signal: opts.signal, onStatus, maxWaitMs });
    }
    if (info?.era !== 'legacy') throw new Error('Cannot run a task: connect() has not completed');
    const created = await this.host.request('tools/call', { name, arguments: args, task: ttl !== undefined ? { ttl } : {} }, request);
    const task = taskOf(created.task);
    if (!task) return { result: created };
    const host = {
      request: (method: string, params: Record<string, unknown>, o?: RequestOptions) => this.host.request(method, params, o),
      onNotification: this.deps.onNotification,
    };
    return followTask(host, task, { signal: opts.signal, onStatus, resultTimeoutMs: maxWaitMs });
  }

  /** Every task the server lists (tasks/list, following nextCursor). */
  async listTasks(opts?: RequestOptions): Promise<TaskState[]> {
    const tasks: TaskState[] = [];
    const seen = new Set<string>();
    let cursor: string | undefined;
    for (;;) {
      const page = await this.host.request('tasks/list', cursor === undefined ? {} : { cursor }, opts);
      if (Array.isArray(page.tasks)) for (const t of page.tasks) if (taskOf(t)) tasks.push(taskOf(t)!);
      const next = page.nextCursor;
      if (typeof next !== 'string' || seen.has(next)) return tasks;
      seen.add(next);
      cursor = next;
    }
  }

  /** tasks/cancel: the task's state after the request ("cancelled", or why it could not be). */
  async cancelTask(taskId: string): Promise<TaskState | undefined> {
    return taskOf(await this.host.request('tasks/cancel', { taskId }));
  }

  /** The client as the tasks extension uses it: each request declares the extension. */
  private modernHost(callOptions: RequestOptions): ModernTaskHost {
    const declared = { extensions: TASKS_DECLARATION };
    return {
      call: (name, args) => this.deps.callTool(name, args, { ...callOptions, ...declared }),
      request: (method, params) => this.host.request(method, params, declared),
      onNotification: this.deps.onNotification,
      watch: (taskId) => this.deps.listen({ taskIds: [taskId] }),
      answer: (asks, round) => this.deps.rounds.answer('tasks/update', asks, round),
    };
  }
}
