import type { TraceEvent } from './event';

/**
 * Which client request a message belongs to, read from the trace alone (so a live session and
 * a trace file read the same way):
 * - 2026-07-28 multi-round-trip: a request carrying `inputResponses` or `requestState` is the
 *   retry of the same method (and tool/prompt/resource) whose last answer was
 *   `resultType: "input_required"` ("the client … re-sends the original request").
 * - 2025-11-25 server→client requests (elicitation, sampling, roots, ping): under the request
 *   named by `_meta["io.modelcontextprotocol/related-task"]` when present, else under the
 *   newest client request still waiting for its answer (stdio carries no other link).
 * - 2025-11-25 tasks: `tasks/get`, `tasks/result`, `tasks/cancel` and
 *   `notifications/tasks/status` under the task-augmented request whose CreateTaskResult
 *   named that `taskId`; 2026-07-28 (the tasks extension): `tasks/get`, `tasks/update`,
 *   `tasks/cancel` and `notifications/tasks` under the call whose CreateTaskResult
 *   (`resultType: "task"`, taskId at its top level) named it, and so is the
 *   `subscriptions/listen` stream for its `taskIds` (its acknowledgement, its cancellation).
 * Everything else stands on its own (undefined).
 */
export class CallCauses {
  /** Client requests still waiting, in the order they were sent: `id` → {seq, top}. */
  private readonly waiting = new Map<string, { seq: number; top: number; method: string }>();
  /** Client requests by id (answered or not), for reading their responses. */
  private readonly sent = new Map<string, { top: number; method: string; target: string; task: boolean }>();
  /** The group whose last answer was input_required, by method + target. */
  private readonly awaitingRetry = new Map<string, number>();
  /** The request that created each task, by taskId. */
  private readonly tasks = new Map<string, number>();
  /** The call each task's listen stream belongs to, by the listen request's id. */
  private readonly taskStreams = new Map<string, number>();

  /** The seq of the request `e` goes under, or undefined. Call once per event, in trace order. */
  place(e: TraceEvent): number | undefined {
    const msg = e.msg as { id?: unknown; method?: unknown; params?: Record<string, unknown>; result?: unknown } | undefined;
    if (e.dir === 'meta') return void this.forgetGivenUp(e);
    if (!msg) return undefined;
    const params = msg.params ?? {};
    if (e.kind === 'response') return void (e.dir === 's2c' && this.answered(String(msg.id), msg.result));
    if (e.kind === 'notification') {
      if (msg.method === 'notifications/tasks/status' || msg.method === 'notifications/tasks') return this.taskOf(params.taskId);
      // A task's listen stream: its acknowledgement (subscriptionId) and the client's cancellation of it.
      const stream =
        e.dir === 's2c'
          ? (params._meta as Record<string, unknown> | undefined)?.[SUBSCRIPTION_ID]
          : msg.method === 'notifications/cancelled'
            ? params.requestId
            : undefined;
      return stream === undefined ? undefined : this.taskStreams.get(String(stream));
    }
    if (e.kind !== 'request' || typeof msg.method !== 'string') return undefined;
    if (e.dir === 's2c') return this.taskOf(relatedTask(params)) ?? this.newestWaiting();
    const method = msg.method;
    const target = targetOf(params);
    let top: number | undefined;
    if (TASK_METHODS.has(method)) top = this.taskOf(params.taskId);
    else if (method === 'subscriptions/listen') top = this.taskListen(String(msg.id), params.notifications);
    else if (params.inputResponses !== undefined || params.requestState !== undefined)
      top = this.awaitingRetry.get(retryKey(method, target));
    const key = String(msg.id);
    this.waiting.set(key, { seq: e.seq, top: top ?? e.seq, method });
    this.sent.set(key, { top: top ?? e.seq, method, target, task: params.task !== undefined });
    if (this.sent.size > MAX_REMEMBERED) this.sent.delete(this.sent.keys().next().value as string);
    return top;
  }

  private answered(id: string, result: unknown): void {
    this.waiting.delete(id);
    const request = this.sent.get(id);
    if (!request) return;
    const r = (typeof result === 'object' && result !== null ? result : {}) as {
      resultType?: unknown;
      taskId?: unknown;
      task?: { taskId?: unknown };
    };
    const key = retryKey(request.method, request.target);
    if (r.resultType === 'input_required') this.awaitingRetry.set(key, request.top);
    else if (this.awaitingRetry.get(key) === request.top) this.awaitingRetry.delete(key);
    // 2025-11-25 nests the task under `task`; the 2026-07-28 CreateTaskResult is flat.
    const created = request.task ? r.task?.taskId : r.resultType === 'task' ? r.taskId : undefined;
    if (typeof created === 'string') {
      this.tasks.set(created, request.top);
      if (this.tasks.size > MAX_REMEMBERED) this.tasks.delete(this.tasks.keys().next().value as string);
    }
  }

  /** A request the client gave up on (timeout, cancel, lost at exit) causes nothing after. */
  private forgetGivenUp(e: TraceEvent): void {
    if (e.kind === 'exited') this.waiting.clear();
    else if ((e.kind === 'timeout' || e.kind === 'cancelled') && e.info?.id !== undefined) this.waiting.delete(String(e.info.id));
  }

  /** A listen stream for one task's notifications/tasks (`taskIds`) goes under that task's call. */
  private taskListen(id: string, notifications: unknown): number | undefined {
    const taskIds = (notifications as { taskIds?: unknown } | undefined)?.taskIds;
    const top = Array.isArray(taskIds) ? this.taskOf(taskIds[0]) : undefined;
    if (top !== undefined) {
      this.taskStreams.set(id, top);
      if (this.taskStreams.size > MAX_REMEMBERED) this.taskStreams.delete(this.taskStreams.keys().next().value as string);
    }
    return top;
  }

  private taskOf(taskId: unknown): number | undefined {
    return typeof taskId === 'string' ? this.tasks.get(taskId) : undefined;
  }

  /** The newest waiting client request that can have caused an ask (not the handshake, not a ping). */
  private newestWaiting(): number | undefined {
    let newest: number | undefined;
    for (const w of this.waiting.values()) if (!NEVER_CAUSES.has(w.method)) newest = w.top;
    return newest;
  }
}

/** The requests about one task, of either generation (tasks/result is 2025-11-25's, tasks/update 2026-07-28's). */
const TASK_METHODS: ReadonlySet<string> = new Set(['tasks/get', 'tasks/result', 'tasks/cancel', 'tasks/update']);

/** Requests no server ask belongs to: the handshake, the era probe, liveness. */
const NEVER_CAUSES: ReadonlySet<string> = new Set(['initialize', 'server/discover', 'ping']);

/** Requests and tasks remembered for late answers; older ones fall back to top level. */
const MAX_REMEMBERED = 10_000;

export const RELATED_TASK_META = 'io.modelcontextprotocol/related-task';
const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';

function relatedTask(params: Record<string, unknown>): unknown {
  const meta = params._meta as Record<string, unknown> | undefined;
  return (meta?.[RELATED_TASK_META] as { taskId?: unknown } | undefined)?.taskId;
}

/** What a retry must repeat besides its method: the tool, prompt or resource asked for. */
function targetOf(params: Record<string, unknown>): string {
  const t = params.name ?? params.uri ?? params.ref;
  return typeof t === 'string' ? t : JSON.stringify(t ?? null);
}

function retryKey(method: string, target: string): string {
  return `${method}\u0000${target}`;
}
