import type { TraceEvent } from '../../trace/event';
import { longTimeout } from '../../util/longTimeout';
import { ignoreUnsent } from '../../util/ignored';
import type { JsonRpcRequest } from '../../wire/message';
import { ConnectionClosedError, ProtocolError, RequestTimeoutError } from '../errors';
import { ListenStreams, type ListenStream, type SubscriptionFilter } from '../listen';
import { TASKS_DECLARATION } from '../tasksModern';
import type { ClientFeature, FeatureHost } from './feature';

/**
 * 2026-07-28 `subscriptions/listen`: the client's open streams, by their request id. A
 * stream's acknowledgement, notifications and end are its own messages (listen.ts routes
 * them); the connection's end ends every stream.
 */
export class ListenFeature implements ClientFeature {
  private readonly streams = new ListenStreams();

  constructor(private readonly host: FeatureHost) {}

  claimResponse(e: TraceEvent): boolean {
    return this.streams.route(e);
  }

  handleNotification(_msg: unknown, e: TraceEvent): void {
    this.streams.route(e);
  }

  clear(reason: string): void {
    this.streams.endAll(reason);
  }

  /**
   * Opens a stream and resolves once the server sent
   * `notifications/subscriptions/acknowledged` for it (what it "agreed to honor"). A JSON-RPC
   * error, an end or no acknowledgement within the request timeout rejects (the last one
   * cancels the stream first). The stream never times out once acknowledged; close() ends it
   * with notifications/cancelled (Streamable HTTP: by closing its response stream).
   */
  async listen(notifications: SubscriptionFilter, opts: { timeoutMs?: number } = {}): Promise<ListenStream> {
    const info = this.host.info();
    if (info?.era !== 'modern')
      throw new Error(
        `subscriptions/listen exists from protocol 2026-07-28; this server speaks ${info?.protocolVersion ?? 'an unknown revision'}`,
      );
    const exchange = this.host.exchange;
    if (exchange.isClosed) throw exchange.closedError();
    const id = exchange.takeId();
    const stream = this.open(id, notifications);
    // A stream of task statuses is the tasks extension's: the request declares it.
    const _meta = this.host.requestMeta(info.protocolVersion, notifications.taskIds ? TASKS_DECLARATION : undefined);
    const message: JsonRpcRequest = { jsonrpc: '2.0', id, method: 'subscriptions/listen', params: { notifications, _meta } };
    // stdio: the send is the write. Streamable HTTP: it lasts as long as the response stream, so its end is the stream's.
    const overHttp = this.host.overHttp;
    exchange.post(message).then(
      () => overHttp && stream.finish({ by: 'connection', reason: 'the response stream ended' }),
      (err: Error) => stream.finish({ by: 'connection', reason: err.message }),
    );
    await this.acknowledged(stream, opts.timeoutMs ?? exchange.limits.requestTimeoutMs);
    return stream;
  }

  /** A new stream: closing it cancels the listen request; its end with the connection is told in the trace. */
  private open(id: number, notifications: SubscriptionFilter): ListenStream {
    const trace = this.host.trace;
    const stream = this.streams.open(id, notifications, (reason) => {
      trace.append({
        dir: 'meta',
        kind: 'cancelled',
        raw: `cancelled subscriptions/listen (id ${id}): ${reason}`,
        info: { id, method: 'subscriptions/listen', reason },
      });
      // stdio: "The client MUST send a notifications/cancelled notification referencing the request ID."
      void ignoreUnsent(this.host.exchange.notify('notifications/cancelled', { requestId: id, reason }));
    });
    // "An abrupt transport close carries no response": the trace says the stream ended all the same.
    stream.onEnd((end) => {
      if (end.by === 'connection')
        trace.append({
          dir: 'meta',
          kind: 'note',
          raw: `subscriptions/listen (id ${id}) ended with the connection: ${end.reason}`,
          info: { id, method: 'subscriptions/listen', streamEnded: end.reason },
        });
    });
    return stream;
  }

  /** Resolves at the stream's acknowledgement; rejects at its end or after `timeoutMs` without one (the stream is then closed). */
  private acknowledged(stream: ListenStream, timeoutMs: number): Promise<void> {
    const id = stream.id;
    return new Promise<void>((resolve, reject) => {
      const subs = [
        stream.onAcknowledged(() => done()),
        stream.onEnd((end) =>
          done(
            end.by === 'error'
              ? new ProtocolError(end.code, end.message, undefined, end.seq, 'subscriptions/listen')
              : new ConnectionClosedError(
                  `subscriptions/listen ended before it was acknowledged: ${'reason' in end ? end.reason : 'the server answered it'}`,
                ),
          ),
        ),
      ];
      const cancelTimer = longTimeout(() => {
        this.host.trace.append({
          dir: 'meta',
          kind: 'timeout',
          raw: `subscriptions/listen (id ${id}) was not acknowledged within ${timeoutMs} ms`,
          info: { id, method: 'subscriptions/listen', afterMs: timeoutMs },
        });
        done(
          new RequestTimeoutError(`subscriptions/listen was not acknowledged within ${timeoutMs} ms`, 'subscriptions/listen', timeoutMs),
        );
        stream.close(`Not acknowledged within ${timeoutMs} ms`);
      }, timeoutMs);
      const done = (error?: Error) => {
        cancelTimer();
        for (const s of subs) s.dispose();
        if (error) reject(error);
        else resolve();
      };
    });
  }
}
