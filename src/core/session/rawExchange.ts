import { longTimeout } from '../util/longTimeout';
import { isResponse } from '../wire/message';
import type { McpClient } from './client';

/** What one raw request gave: the events that prove it, and its answer if one came in time. */
export interface RawAnswer {
  requestSeq: number;
  response?: { seq: number; raw: string; msg: Record<string, unknown> };
  /** The connection closed before an answer came. */
  closed?: true;
}

/**
 * Writes `line`, a request with id `id`, as typed (the session's rules judge it like any line,
 * unless its id is a probe's: diagnose/engine.ts), and waits at most `timeoutMs` for the
 * response with that id. A timeout or a closed connection settles without a response; a line
 * that cannot be written, or `signal`'s abort, rejects.
 */
export function rawExchange(client: McpClient, line: string, id: unknown, timeoutMs: number, signal?: AbortSignal): Promise<RawAnswer> {
  return new Promise<RawAnswer>((resolve, reject) => {
    const answer: RawAnswer = { requestSeq: 0 };
    let settled = false;
    const watching = client.trace.onEvent((e) => {
      if (e.msg === undefined || !('id' in e.msg) || e.msg.id !== id) return;
      if (e.dir === 'c2s') answer.requestSeq = e.seq;
      else if (e.dir === 's2c' && isResponse(e.msg)) {
        answer.response = { seq: e.seq, raw: e.raw, msg: e.msg as unknown as Record<string, unknown> };
        settle();
      }
    });
    const closed = client.onDidClose(() => {
      answer.closed = true;
      settle();
    });
    // A read timeout has no upper bound: a plain setTimeout over 2^31-1 ms fires after 1 ms.
    const cancelTimer = longTimeout(() => settle(), timeoutMs);
    const onAbort = () => settle(signal?.reason instanceof Error ? signal.reason : new Error('stopped'));
    signal?.addEventListener('abort', onAbort, { once: true });
    function settle(error?: Error): void {
      if (settled) return;
      settled = true;
      cancelTimer();
      watching.dispose();
      closed.dispose();
      signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve(answer);
    }
    client.sendRaw(line).catch((error: Error) => settle(error));
  });
}
