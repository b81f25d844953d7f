/**
 * The Messages view's model, free of `vscode` so that bench/ can drive it at 100 000
 * events: a bounded window of top-level nodes (each request paired with its response in one
 * node), looked up by seq, with the changes since the view last refreshed.
 */
import { META_SUBSCRIPTION_ID } from '../../core/session/listen';
import { CallCauses } from '../../core/trace/causes';
import type { TraceEvent } from '../../core/trace/event';
import type { RequestId } from '../../core/wire/message';
import { idOf, matches, type EventNode, type ExchangeNode, type MessageFilter, type MessageNode } from './nodes';

export interface ModelChanges {
  /** Nodes were added or removed at the top level. */
  structure: boolean;
  /** Nodes whose own row changed (a response arrived, a source was found). */
  nodes: MessageNode[];
}

/** Top-level rows kept for the view; older ones stay in the trace (Export Trace has them all). */
export const DEFAULT_WINDOW = 5000;
/** Stray lines waiting for their source record (or sources for their line), newest kept. */
const MATCH_BACKLOG = 200;

export class MessageModel {
  private rows: MessageNode[] = [];
  private head = 0;
  private dropped = 0;
  private readonly bySeq = new Map<number, MessageNode>();
  private readonly pending = new Map<string, ExchangeNode>();
  /** subscriptions/listen rows whose stream is still open, by request id. */
  private readonly streams = new Map<string, ExchangeNode>();
  private readonly methodCounts = new Map<string, number>();
  private readonly unsourced: EventNode[] = [];
  private readonly unmatchedSources: TraceEvent[] = [];
  private structureChanged = false;
  private readonly changed = new Set<MessageNode>();
  private readonly causes = new CallCauses();

  constructor(private readonly capacity = DEFAULT_WINDOW) {}

  /** Top-level rows in the window, oldest first. */
  get nodes(): readonly MessageNode[] {
    if (this.head > 0) this.compact();
    return this.rows;
  }

  /** Rows that fell out of the window (or were cleared). */
  get hidden(): number {
    return this.dropped;
  }

  get methods(): ReadonlyMap<string, number> {
    return this.methodCounts;
  }

  /** The row that shows event `seq` (a request, its response, a stray line, a lifecycle fact). */
  nodeOf(seq: number): MessageNode | undefined {
    return this.bySeq.get(seq);
  }

  /** The source record matched to the stray stdout line `seq`. */
  sourceOf(seq: number): TraceEvent | undefined {
    const node = this.bySeq.get(seq);
    return node && node.type === 'stray' ? node.source : undefined;
  }

  add(e: TraceEvent): void {
    if (e.dir === 'stderr') return;
    const under = this.callOf(this.causes.place(e));
    if (e.dir === 'meta') return this.addMeta(e);
    const msg = e.msg as Record<string, unknown> | undefined;
    if (!msg) return void this.push({ type: 'stray', id: `s${e.seq}`, seq: e.seq, event: e }, true);
    if (e.kind === 'request') {
      const method = String(msg.method);
      const node: ExchangeNode = { type: 'exchange', id: `x${e.seq}`, seq: e.seq, request: e, method };
      if (method === 'tools/call') {
        const name = (msg.params as Record<string, unknown> | undefined)?.name;
        if (typeof name === 'string') node.tool = name;
      }
      this.count(method);
      this.pending.set(pairKey(e.dir, msg.id as RequestId), node);
      if (method === 'subscriptions/listen' && e.dir === 'c2s') {
        node.stream = { acknowledged: false, notifications: 0 };
        this.streams.set(streamKey(msg.id), node);
      }
      if (under) {
        node.role = e.dir === 's2c' ? 'ask' : method.startsWith('tasks/') || method === 'subscriptions/listen' ? 'task' : 'retry';
        return this.nest(under, node);
      }
      this.push(node);
      return;
    }
    if (e.kind === 'response') {
      const key = pairKey(e.dir === 'c2s' ? 's2c' : 'c2s', msg.id as RequestId);
      const node = this.pending.get(key);
      if (node) {
        this.pending.delete(key);
        node.response = e;
        // SubscriptionsListenResult: "the subscription has ended gracefully"; an error answer speaks for itself.
        if (node.stream) this.endStream(msg.id, msg.error === undefined ? 'ended by the server with its result' : undefined);
        this.bySeq.set(e.seq, node);
        this.learnTask(node);
        this.touch(node);
        return;
      }
      return void this.push({ type: 'response', id: `r${e.seq}`, seq: e.seq, event: e });
    }
    this.count(String(msg.method));
    if (e.dir === 's2c') this.onStream(msg);
    const notification: EventNode = { type: 'notification', id: `n${e.seq}`, seq: e.seq, event: e };
    if (under) {
      const params = (msg.params ?? {}) as Record<string, unknown>;
      if (under.task && typeof params.status === 'string')
        under.task = { ...under.task, status: params.status, message: stringOr(params.statusMessage) };
      return this.nest(under, notification);
    }
    this.push(notification);
  }

  /** The exchange row of seq `top`, when it is still in the window. */
  private callOf(top: number | undefined): ExchangeNode | undefined {
    const node = top === undefined ? undefined : this.bySeq.get(top);
    return node?.type === 'exchange' && node.seq === top ? node : undefined;
  }

  /** A row inside a call: found by its seq, refreshed with its call (whose status it may change). */
  private nest(parent: ExchangeNode, node: MessageNode): void {
    node.parent = parent;
    (parent.children ??= []).push(node);
    this.bySeq.set(node.seq, node);
    this.changed.add(parent);
  }

  /** A response changes its own row and, inside a call, the call's row (status, rounds). */
  private touch(node: ExchangeNode): void {
    this.changed.add(node.parent ?? node);
  }

  /**
   * A CreateTaskResult names the task (2025-11-25 nested under `task`; 2026-07-28 flat, with
   * `resultType: "task"`, possibly on the last round of a multi-round-trip call); a tasks/get
   * answer updates its status.
   */
  private learnTask(node: ExchangeNode): void {
    const result = (node.response?.msg as { result?: Record<string, unknown> } | undefined)?.result;
    if (!result) return;
    const params = (node.request.msg as { params?: Record<string, unknown> }).params;
    const created = result.task as Record<string, unknown> | undefined;
    if (!node.parent && params?.task !== undefined && typeof created?.taskId === 'string') {
      node.task = { id: created.taskId, status: stringOr(created.status), message: stringOr(created.statusMessage) };
    } else if (result.resultType === 'task' && typeof result.taskId === 'string' && (!node.parent || node.role === 'retry')) {
      (node.parent ?? node).task = { id: result.taskId, status: stringOr(result.status), message: stringOr(result.statusMessage) };
    } else if (node.parent?.task && (node.method === 'tasks/get' || node.method === 'tasks/cancel') && typeof result.status === 'string') {
      node.parent.task = { ...node.parent.task, status: result.status, message: stringOr(result.statusMessage) };
    }
  }

  private addMeta(e: TraceEvent): void {
    const info = e.info ?? {};
    if (e.kind === 'stray-source') return this.matchSource(e);
    if (e.kind === 'timeout' || e.kind === 'cancelled') {
      const node = this.pending.get(pairKey('c2s', info.id as RequestId));
      if (node) {
        if (e.kind === 'timeout') node.timedOut = e;
        else node.cancelled = e;
        if (e.kind === 'cancelled') this.endStream(info.id, `ended by the client: ${String(info.reason ?? 'no reason given')}`);
        this.bySeq.set(e.seq, node);
        this.changed.add(node);
      }
    }
    // "An abrupt transport close carries no response": a stream still open ends with the connection.
    if (e.kind === 'note' && typeof info.streamEnded === 'string')
      this.endStream(info.id, `ended with the connection: ${info.streamEnded}`);
    if (e.kind === 'exited')
      for (const node of [...this.streams.values()]) this.endStream(idOf(node.request), 'ended with the connection: the server exited');
    this.push({ type: 'meta', id: `m${e.seq}`, seq: e.seq, event: e });
  }

  /** A notification on a stream (by its subscription id), or the server's notifications/cancelled ending one. */
  private onStream(msg: Record<string, unknown>): void {
    if (this.streams.size === 0) return;
    const params = (msg.params ?? {}) as Record<string, unknown>;
    if (msg.method === 'notifications/cancelled') {
      return this.endStream(
        params.requestId,
        `ended by the server: ${typeof params.reason === 'string' ? params.reason : 'no reason given'}`,
      );
    }
    const meta = params._meta as Record<string, unknown> | undefined;
    const node = meta ? this.streams.get(streamKey(meta[META_SUBSCRIPTION_ID])) : undefined;
    if (!node?.stream) return;
    if (msg.method === 'notifications/subscriptions/acknowledged') node.stream.acknowledged = true;
    else node.stream.notifications += 1;
    this.changed.add(node);
  }

  /** `how` undefined: the stream ended by an error answer, which its row already shows. */
  private endStream(id: unknown, how: string | undefined): void {
    const key = streamKey(id);
    const node = this.streams.get(key);
    if (!node?.stream) return;
    this.streams.delete(key);
    if (how) node.stream.end = how;
    this.changed.add(node);
  }

  /** A stray line and its source record arrive in either order; both carry the text. */
  private matchSource(source: TraceEvent): void {
    const text = String(source.info?.text ?? '');
    const i = this.unsourced.findIndex((n) => n.event.raw === text);
    if (i === -1) {
      this.unmatchedSources.push(source);
      if (this.unmatchedSources.length > MATCH_BACKLOG) this.unmatchedSources.shift();
      return;
    }
    const [node] = this.unsourced.splice(i, 1);
    node.source = source;
    this.bySeq.set(source.seq, node);
    this.changed.add(node);
  }

  private push(node: MessageNode, stray = false): MessageNode {
    if (stray && node.type === 'stray') {
      const i = this.unmatchedSources.findIndex((s) => s.info?.text === node.event.raw);
      if (i !== -1) {
        node.source = this.unmatchedSources.splice(i, 1)[0];
        this.bySeq.set(node.source.seq, node);
      } else {
        this.unsourced.push(node);
        if (this.unsourced.length > MATCH_BACKLOG) this.unsourced.shift();
      }
    }
    this.rows.push(node);
    this.bySeq.set(node.seq, node);
    this.structureChanged = true;
    if (this.rows.length - this.head > this.capacity) this.evict();
    return node;
  }

  private evict(): void {
    const node = this.rows[this.head];
    this.head += 1;
    this.dropped += 1;
    this.forget(node);
    // Shift in bulk: one splice per capacity/4 evictions keeps an append O(1) amortised.
    if (this.head > this.capacity / 4) this.compact();
  }

  private forget(node: MessageNode): void {
    this.bySeq.delete(node.seq);
    this.changed.delete(node);
    if (node.type === 'exchange') {
      for (const child of node.children ?? []) this.forget(child);
      if (node.response) this.bySeq.delete(node.response.seq);
      if (node.timedOut) this.bySeq.delete(node.timedOut.seq);
      if (node.cancelled) this.bySeq.delete(node.cancelled.seq);
      if (!node.response) this.pending.delete(pairKey(node.request.dir, (node.request.msg as { id: RequestId }).id));
      if (node.stream) this.streams.delete(streamKey(idOf(node.request)));
    } else if (node.source) {
      this.bySeq.delete(node.source.seq);
    }
  }

  private compact(): void {
    this.rows = this.rows.slice(this.head);
    this.head = 0;
  }

  private count(method: string): void {
    this.methodCounts.set(method, (this.methodCounts.get(method) ?? 0) + 1);
  }

  /** Empties the view; the trace keeps every event. A late answer to a cleared request gets a row of its own. */
  clear(): void {
    for (const node of this.nodes) this.forget(node);
    this.dropped = 0;
    this.rows = [];
    this.head = 0;
    this.unsourced.length = 0;
    this.structureChanged = true;
  }

  /** What changed since the last call. */
  takeChanges(): ModelChanges {
    const changes = { structure: this.structureChanged, nodes: [...this.changed] };
    this.structureChanged = false;
    this.changed.clear();
    return changes;
  }

  visible(filter: MessageFilter): MessageNode[] {
    const all = this.nodes;
    if (!filter.errorsOnly && !filter.hideNotifications && !filter.methods) return all as MessageNode[];
    return all.filter((node) => matches(node, filter));
  }
}

function stringOr(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The subscription id is the listen request's id, "number for number". */
function streamKey(id: unknown): string {
  return `${typeof id}:${String(id)}`;
}

function pairKey(dir: TraceEvent['dir'], id: RequestId): string {
  return `${dir}:${typeof id}:${String(id)}`;
}
