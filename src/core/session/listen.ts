import type { TraceEvent } from '../trace/event';
import { Emitter, type Disposable } from '../util/disposable';
import { isNotification, isResponse } from '../wire/message';
import { asRecord } from '../schema/isRecord';

/**
 * 2026-07-28 `subscriptions/listen`: one long-lived request whose notifications carry its id
 * ("Clients MUST correlate these using the io.modelcontextprotocol/subscriptionId field in _meta").
 */
export const META_SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';

/** What a client opts in to on a stream ("the server MUST NOT send notification types the client has not explicitly requested"). */
export interface SubscriptionFilter {
  toolsListChanged?: boolean;
  promptsListChanged?: boolean;
  resourcesListChanged?: boolean;
  resourceSubscriptions?: string[];
  /** The tasks extension (2026-07-28): "Subscribe to notifications/tasks for specific task IDs". */
  taskIds?: string[];
}

/** How a stream ended. */
export type ListenEnd =
  /** The client sent notifications/cancelled. */
  | { by: 'client'; reason: string }
  /** "On stdio, the server also sends this notification, solely to terminate a subscriptions/listen stream". */
  | { by: 'server'; reason: string; seq: number }
  /** SubscriptionsListenResult: "the subscription has ended gracefully". */
  | { by: 'result'; seq: number }
  /** A JSON-RPC error answered the listen request. */
  | { by: 'error'; code: number; message: string; seq: number }
  /** The connection went away ("an abrupt transport close carries no response"). */
  | { by: 'connection'; reason: string };

/** One open `subscriptions/listen` stream: its acknowledgement, its notifications, its end. */
export class ListenStream {
  private ack: SubscriptionFilter | undefined;
  private end: ListenEnd | undefined;
  private readonly notificationEmitter = new Emitter<TraceEvent>();
  private readonly endEmitter = new Emitter<ListenEnd>();
  private readonly ackEmitter = new Emitter<SubscriptionFilter>();
  /** Notifications that came on this stream before its acknowledgement (the server "MUST NOT"). */
  readonly early: TraceEvent[] = [];

  /** Notifications delivered on this stream (resources/updated, list_changed), never the acknowledgement. */
  readonly onNotification = (listener: (e: TraceEvent) => void): Disposable => this.notificationEmitter.event(listener);
  readonly onEnd = (listener: (end: ListenEnd) => void): Disposable => this.endEmitter.event(listener);
  readonly onAcknowledged = (listener: (granted: SubscriptionFilter) => void): Disposable => this.ackEmitter.event(listener);

  constructor(
    /** The JSON-RPC id of the listen request: the subscription id. */
    readonly id: number,
    readonly requested: SubscriptionFilter,
    private readonly cancel: (reason: string) => void,
  ) {}

  /** What the server "agreed to honor", once it said so. */
  get acknowledged(): SubscriptionFilter | undefined {
    return this.ack;
  }

  get ended(): ListenEnd | undefined {
    return this.end;
  }

  /** Ends the stream from the client: notifications/cancelled referencing the listen request. */
  close(reason = 'The client stopped listening'): void {
    if (this.end) return;
    this.finish({ by: 'client', reason });
    this.cancel(reason);
  }

  /** @internal the stream's messages, as ListenStreams routes them. */
  acknowledge(granted: SubscriptionFilter): void {
    if (this.ack || this.end) return;
    this.ack = granted;
    this.ackEmitter.fire(granted);
  }

  /** @internal */
  deliver(e: TraceEvent): void {
    if (this.end) return;
    if (!this.ack) this.early.push(e);
    this.notificationEmitter.fire(e);
  }

  /** @internal */
  finish(end: ListenEnd): void {
    if (this.end) return;
    this.end = end;
    this.endEmitter.fire(end);
    this.notificationEmitter.dispose();
    this.ackEmitter.dispose();
    this.endEmitter.dispose();
  }
}

/** The open streams of one connection, and which of the server's messages belong to which. */
export class ListenStreams {
  private readonly byId = new Map<number, ListenStream>();

  open(id: number, requested: SubscriptionFilter, cancel: (reason: string) => void): ListenStream {
    const stream = new ListenStream(id, requested, (reason) => {
      this.byId.delete(id);
      cancel(reason);
    });
    this.byId.set(id, stream);
    stream.onEnd(() => this.byId.delete(id));
    return stream;
  }

  get size(): number {
    return this.byId.size;
  }

  /**
   * Takes the server's message if it belongs to a stream: the response that ends one, a
   * notifications/cancelled naming one, or a notification carrying a stream's subscription id.
   * Returns whether it did; the client still tells everyone about every notification.
   */
  route(e: TraceEvent): boolean {
    const msg = e.msg;
    if (isResponse(msg)) {
      const stream = typeof msg.id === 'number' ? this.byId.get(msg.id) : undefined;
      if (!stream) return false;
      if (msg.error) stream.finish({ by: 'error', code: msg.error.code, message: msg.error.message, seq: e.seq });
      else stream.finish({ by: 'result', seq: e.seq });
      return true;
    }
    if (!isNotification(msg)) return false;
    const params = msg.params ?? {};
    if (msg.method === 'notifications/cancelled') {
      const stream = typeof params.requestId === 'number' ? this.byId.get(params.requestId) : undefined;
      if (!stream) return false;
      stream.finish({ by: 'server', reason: typeof params.reason === 'string' ? params.reason : 'no reason given', seq: e.seq });
      return true;
    }
    const meta = params._meta;
    const id = typeof meta === 'object' && meta !== null ? (meta as Record<string, unknown>)[META_SUBSCRIPTION_ID] : undefined;
    const stream = typeof id === 'number' ? this.byId.get(id) : undefined;
    if (!stream) return false;
    if (msg.method === 'notifications/subscriptions/acknowledged') stream.acknowledge(filterOf(params.notifications));
    else stream.deliver(e);
    return true;
  }

  /** The connection is gone: every stream ends with it. */
  endAll(reason: string): void {
    for (const stream of [...this.byId.values()]) stream.finish({ by: 'connection', reason });
    this.byId.clear();
  }
}

/** The acknowledged filter, keeping only fields of the right type. */
export function filterOf(v: unknown): SubscriptionFilter {
  const r = asRecord(v) ?? {};
  const f: SubscriptionFilter = {};
  for (const key of ['toolsListChanged', 'promptsListChanged', 'resourcesListChanged'] as const)
    if (typeof r[key] === 'boolean') f[key] = r[key];
  for (const key of ['resourceSubscriptions', 'taskIds'] as const)
    if (Array.isArray(r[key])) f[key] = r[key].filter((u): u is string => typeof u === 'string');
  return f;
}
