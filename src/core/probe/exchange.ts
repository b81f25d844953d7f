import type { RequestOptions } from '../session/client';
import { ProtocolError } from '../session/errors';
export { isRecord } from '../schema/isRecord';
import { isRequest, isResponse } from '../wire/message';
import type { Trace } from '../trace/trace';
import type { ProbeContext } from './probe';

/** What exchange() needs of a probe's context (a CLI command that judges as a probe does gives the same). */
export type Exchanger = Pick<ProbeContext, 'client' | 'timeoutMs' | 'signal'>;

/** One request a probe sent and what came back: a result or the server's JSON-RPC error, with the seqs that prove it. */
export type Exchange =
  | { result: Record<string, unknown>; requestSeq: number; responseSeq: number }
  | { error: ProtocolError; requestSeq: number; responseSeq: number };

/**
 * Sends one request bounded by the probe timeout. A JSON-RPC error is an answer (returned);
 * a timeout, a closed connection or an abort throws: the probe could not finish, and the
 * runner reports that as the probe's own failure.
 */
export async function exchange(
  ctx: Exchanger,
  method: string,
  params: Record<string, unknown> = {},
  extra?: RequestOptions,
): Promise<Exchange> {
  let id: number | undefined;
  const opts = {
    ...extra,
    timeoutMs: ctx.timeoutMs,
    maxTimeoutMs: ctx.timeoutMs,
    onId: (n: number) => (id = n),
    ...(ctx.signal ? { signal: ctx.signal } : {}),
  };
  try {
    const result = await ctx.client.request(method, params, opts);
    const seqs = seqsOf(ctx, id);
    return { result, ...seqs };
  } catch (error) {
    if (!(error instanceof ProtocolError)) throw error;
    return { error, requestSeq: seqsOf(ctx, id).requestSeq, responseSeq: error.responseSeq };
  }
}

/** The seqs of the request with this id and of its (last) response, found in the trace. */
function seqsOf(ctx: Exchanger, id: number | undefined): { requestSeq: number; responseSeq: number } {
  let requestSeq = 0;
  let responseSeq = 0;
  const events = ctx.client.trace.events;
  for (let i = events.length - 1; i >= 0 && (requestSeq === 0 || responseSeq === 0); i--) {
    const e = events[i];
    if (e.msg === undefined || !('id' in e.msg) || e.msg.id !== id) continue;
    if (responseSeq === 0 && e.dir === 's2c' && isResponse(e.msg)) responseSeq = e.seq;
    else if (e.dir === 'c2s' && isRequest(e.msg)) requestSeq = e.seq;
  }
  return { requestSeq, responseSeq };
}

/** The JSON-RPC error code the server answered with, or undefined for a result. */
export function errorCodeOf(answer: Exchange): number | undefined {
  return 'error' in answer ? answer.error.code : undefined;
}

/** Evidence for a verdict: the proving seq first, then the other, each once and only when known. */
export function evidence(...seqs: number[]): number[] {
  return [...new Set(seqs.filter((s) => s > 0))];
}

/** A value as a short quoted string for a message ("…" past 80 characters). */
export function quote(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);
}

/** The request the answer at `responseSeq` answers. */
export function requestSeq(trace: Trace, responseSeq: number): number {
  const msg = trace.event(responseSeq)?.msg;
  const id = msg && 'id' in msg ? msg.id : undefined;
  const request = [...trace.events].reverse().find((e) => e.seq < responseSeq && e.dir === 'c2s' && isRequest(e.msg) && e.msg.id === id);
  return request?.seq ?? 0;
}

/** The answer that declared the capability (initialize or server/discover result), cited as the promise broken. */
export function capabilitiesSeq(trace: Trace): number {
  const asked = new Set<unknown>();
  for (const e of trace.events) {
    if (e.dir === 'c2s' && isRequest(e.msg) && (e.msg.method === 'initialize' || e.msg.method === 'server/discover')) asked.add(e.msg.id);
    else if (e.dir === 's2c' && e.msg && 'result' in e.msg && asked.has(e.msg.id) && e.msg.result?.capabilities !== undefined) return e.seq;
  }
  return 0;
}
