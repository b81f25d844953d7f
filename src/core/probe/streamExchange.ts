import { ConnectionClosedError } from '../session/errors';
import { isResponse, type JsonRpcRequest } from '../wire/message';
import type { ProbeContext } from './probe';

/** What one raw request on the session's own stream gave: the events that prove it, and the answer if one came in time. */
export interface StreamAnswer {
  requestSeq: number;
  response?: { seq: number; msg: Record<string, unknown> };
}

/**
 * Writes a raw request on the session's own stream (stdio has no other) and waits at most
 * `timeoutMs` for the answer with its id. Its id must be a probeRequestId: the session's rules
 * then leave the request and its answer to the probe (engine.ts). A closed connection or the
 * runner's abort rejects: the probe could not finish.
 */
export function streamExchange(ctx: ProbeContext, msg: JsonRpcRequest, timeoutMs: number): Promise<StreamAnswer> {
  const { client, signal } = ctx;
  return new Promise<StreamAnswer>((resolve, reject) => {
    const answer: StreamAnswer = { requestSeq: 0 };
    let settled = false;
    const watching = client.trace.onEvent((e) => {
      if (e.msg === undefined || !('id' in e.msg) || e.msg.id !== msg.id) return;
      if (e.dir === 'c2s') answer.requestSeq = e.seq;
      else if (e.dir === 's2c' && isResponse(e.msg)) {
        answer.response = { seq: e.seq, msg: e.msg as unknown as Record<string, unknown> };
        settle();
      }
    });
    const closed = client.onDidClose(() =>
      settle(new ConnectionClosedError(`the server closed the connection before answering ${msg.method}`)),
    );
    const timer = setTimeout(() => settle(), timeoutMs);
    const onAbort = () => settle(signal?.reason instanceof Error ? signal.reason : new Error('the probe was stopped'));
    signal?.addEventListener('abort', onAbort, { once: true });
    function settle(error?: Error): void {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      watching.dispose();
      closed.dispose();
      signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve(answer);
    }
    client.sendRaw(JSON.stringify(msg)).catch((error: Error) => settle(error));
  });
}
