/**
 * The Messages view's rows (a request paired with its response, a notification, a stray
 * line, a lifecycle fact) and what a row shows of its call: its status, retries, asks,
 * error and latency. Free of `vscode`, like the model that builds them.
 */
import type { TraceEvent } from '../../core/trace/event';
import type { JsonRpcErrorObject, RequestId } from '../../core/wire/message';

export interface ExchangeNode {
  type: 'exchange';
  id: string;
  seq: number;
  request: TraceEvent;
  response?: TraceEvent;
  /** The client's 'timeout' / 'cancelled' meta events for this request. */
  timedOut?: TraceEvent;
  cancelled?: TraceEvent;
  method: string;
  /** For tools/call: the tool's name. */
  tool?: string;
  /** What happened inside this call: its retries, the server's asks, its task's polls and statuses. */
  children?: MessageNode[];
  /** The call this row happened inside (a nested row). */
  parent?: ExchangeNode;
  /** How a nested exchange relates to its call: a multi-round-trip retry, a server ask, a task request. */
  role?: 'retry' | 'ask' | 'task';
  /** For a task-augmented call: the task's id and its latest status (tasks/get, notifications/tasks/status). */
  task?: { id: string; status?: string; message?: string };
  /** For a 2026-07-28 `subscriptions/listen`: its stream's acknowledgement, notifications and end. */
  stream?: ListenStreamState;
}

export interface ListenStreamState {
  acknowledged: boolean;
  /** Notifications carrying its subscription id, the acknowledgement not counted. */
  notifications: number;
  /** How it ended ("ended by the client: …"); an error answer is the exchange's own. */
  end?: string;
}

export interface EventNode {
  type: 'notification' | 'stray' | 'meta' | 'response';
  id: string;
  seq: number;
  event: TraceEvent;
  /** For a stray stdout line: the preload's 'stray-source' event naming the writer. */
  source?: TraceEvent;
  /** The call this notification belongs to (a task's status). */
  parent?: ExchangeNode;
}

/** "N earlier messages" above the window. */
export interface GapNode {
  type: 'gap';
  id: 'gap';
  seq: 0;
  count: number;
}

export type MessageNode = ExchangeNode | EventNode;

/**
 * `probe`: the era probe a legacy server refuses as it should (an expected answer, not a failure).
 * `input`: the server answered input_required and no retry followed (yet).
 */
export type Status = 'pass' | 'error' | 'isError' | 'pending' | 'timeout' | 'cancelled' | 'probe' | 'input' | 'listening' | 'ended';

export interface MessageFilter {
  errorsOnly?: boolean;
  hideNotifications?: boolean;
  /** Only these methods (undefined: all). */
  methods?: ReadonlySet<string>;
}

export function matches(node: MessageNode, filter: MessageFilter): boolean {
  if (filter.hideNotifications && node.type === 'notification') return false;
  if (filter.methods) {
    const method = node.type === 'exchange' ? node.method : node.type === 'notification' ? methodOf(node.event) : undefined;
    if (method === undefined || !filter.methods.has(method)) return false;
  }
  if (filter.errorsOnly) return isProblem(node);
  return true;
}

/** What "errors only" keeps: failed exchanges, stray lines, unmatched responses, abnormal exits. */
export function isProblem(node: MessageNode): boolean {
  switch (node.type) {
    case 'exchange':
      return !['pass', 'pending', 'probe', 'listening', 'ended'].includes(statusOf(node));
    case 'stray':
    case 'response':
      return true;
    case 'notification':
      return false;
    case 'meta': {
      const e = node.event;
      if (e.kind === 'exited') return e.info?.code !== 0;
      return e.kind === 'spawn-failed' || e.kind === 'timeout' || e.kind === 'cancelled';
    }
  }
}

/**
 * A call's status is its final answer's: the last multi-round-trip retry's, or for a task the
 * tasks/result answer (until then the task's status: failed, cancelled, or still running).
 */
export function statusOf(node: ExchangeNode): Status {
  const final = finalExchange(node);
  if (final !== node && !node.task) return ownStatus(final);
  if (node.task) {
    const payload = node.children
      ?.filter((c): c is ExchangeNode => c.type === 'exchange' && c.method === 'tasks/result' && c.response !== undefined)
      .pop();
    if (payload) return ownStatus(payload);
    // 2026-07-28: the completed task's result is inlined on tasks/get.
    const inlined = node.task.status === 'completed' ? inlinedResultOf(node) : undefined;
    if (inlined) return inlined.isError === true ? 'isError' : 'pass';
    if (node.task.status === 'failed') return 'error';
    if (node.task.status === 'cancelled') return 'cancelled';
    return node.timedOut ? 'timeout' : node.cancelled ? 'cancelled' : 'pending';
  }
  return ownStatus(node);
}

function ownStatus(node: ExchangeNode): Status {
  if (node.stream) return streamStatus(node, node.stream);
  const response = node.response?.msg as Record<string, unknown> | undefined;
  if (response) {
    if (response.error !== undefined) return isEraProbe(node) ? 'probe' : 'error';
    const result = response.result as Record<string, unknown> | undefined;
    if (result?.resultType === 'input_required') return 'input';
    return result && result.isError === true ? 'isError' : 'pass';
  }
  if (node.timedOut) return 'timeout';
  if (node.cancelled) return 'cancelled';
  return 'pending';
}

/** A listen stream: refused (error), never acknowledged in time, open, or ended (by either side or the connection). */
function streamStatus(node: ExchangeNode, stream: ListenStreamState): Status {
  if ((node.response?.msg as { error?: unknown } | undefined)?.error !== undefined) return 'error';
  if (node.timedOut) return 'timeout';
  if (node.response || stream.end !== undefined || node.cancelled) return 'ended';
  return stream.acknowledged ? 'listening' : 'pending';
}

/**
 * The 2026-07-28 era probe answered "Method not found": a server of an earlier revision,
 * which the client then initializes the legacy way. Every legacy conversation starts so.
 */
export function isEraProbe(node: ExchangeNode): boolean {
  return node.method === 'server/discover' && node.request.dir === 'c2s' && errorOf(node)?.code === -32601;
}

/** The result a 2026-07-28 completed task inlined: on a tasks/get answer, or on its notifications/tasks. */
export function inlinedResultOf(node: ExchangeNode): Record<string, unknown> | undefined {
  for (const child of [...(node.children ?? [])].reverse()) {
    const msg = (
      child.type === 'exchange'
        ? child.method === 'tasks/get'
          ? child.response?.msg
          : undefined
        : child.type === 'notification'
          ? child.event.msg
          : undefined
    ) as { result?: { status?: unknown; result?: unknown }; params?: { status?: unknown; result?: unknown } } | undefined;
    const detailed = msg?.result ?? msg?.params;
    if (detailed?.status === 'completed' && typeof detailed.result === 'object' && detailed.result !== null)
      return detailed.result as Record<string, unknown>;
  }
  return undefined;
}

/** The exchange whose answer ends the call: its last retry, or itself. */
export function finalExchange(node: ExchangeNode): ExchangeNode {
  const retries = retriesOf(node);
  return retries.length > 0 ? retries[retries.length - 1] : node;
}

export function retriesOf(node: ExchangeNode): ExchangeNode[] {
  return (node.children ?? []).filter((c): c is ExchangeNode => c.type === 'exchange' && c.role === 'retry');
}

export function asksOf(node: ExchangeNode): ExchangeNode[] {
  return (node.children ?? []).filter((c): c is ExchangeNode => c.type === 'exchange' && c.role === 'ask');
}

export function errorOf(node: ExchangeNode): JsonRpcErrorObject | undefined {
  return (finalExchange(node).response?.msg as { error?: JsonRpcErrorObject } | undefined)?.error;
}

/** Milliseconds from request to response (to the last retry's response), rounded. */
export function latencyOf(node: ExchangeNode): number | undefined {
  const final = finalExchange(node);
  return final.response && ownStatus(final) !== 'input' ? Math.round(final.response.t - node.request.t) : undefined;
}

export function methodOf(e: TraceEvent): string | undefined {
  const method = (e.msg as { method?: unknown } | undefined)?.method;
  return typeof method === 'string' ? method : undefined;
}

export function idOf(e: TraceEvent): RequestId | undefined {
  return (e.msg as { id?: RequestId } | undefined)?.id;
}
