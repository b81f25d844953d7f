import type { TraceEvent } from '../trace/event';
import type { Trace } from '../trace/trace';
import { HttpStatusError } from '../transport/httpErrors';
import { SENT, type Transport } from '../transport/transport';
import type { Disposable } from '../util/disposable';
import { ignoreUnsent } from '../util/ignored';
import {
  isNotification,
  isRequest,
  isResponse,
  type JsonRpcMessage,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type JsonRpcResponse,
} from '../wire/message';
import { asRecord } from '../schema/isRecord';
import { ConnectionClosedError, OversizeResponseError, ProtocolError, RequestCancelledError, RequestTimeoutError } from './errors';
import type { LateAnswer } from './lateModern';
import type { ExchangeHooks, ExchangeLimits, SendOptions } from './exchangeOptions';
import { PendingRequests, type PendingRequest, type Progress } from './pendingRequests';
import { SignsOfLife } from './signsOfLife';

/**
 * The session's request/response machinery: request ids, the pending-request table, sending
 * and settling, cancellation, and a trace that says how every request ended (answered, timed
 * out, cancelled, abandoned, lost). It knows no protocol feature: McpClient gives it the
 * hooks that shape a request's `_meta`, read a result, and take the server's other messages.
 */

export type { ExchangeHooks, ExchangeLimits, RequestOptions, SendOptions } from './exchangeOptions';

/** send()'s options when none are given (one object, not one per request). */
const NO_OPTIONS: SendOptions = Object.freeze({});

/** How long a failed write waits for the process to exit, so the exit (code, stderr) explains it rather than EPIPE. */
const EXIT_AFTER_WRITE_FAILURE_MS = 2000;

/** One request on its way: where its answer goes, and what to undo once it is settled. */
interface Call {
  id: number;
  method: string;
  opts: SendOptions;
  resolve: (r: Record<string, unknown>) => void;
  reject: (e: Error) => void;
  /** Stops listening for the caller's abort. */
  cleanup: () => void;
}

export class Exchange {
  private readonly pending = new PendingRequests();
  /** Timed-out requests whose answer still matters (the era probe), by id. */
  private readonly lateAnswers = new Map<number, (answer: LateAnswer) => void>();
  private readonly life: SignsOfLife;
  private readonly watch: Disposable;
  private nextId: number;
  private closed = false;
  private closeReason = 'The connection to the server is closed';

  constructor(
    private readonly transport: Transport,
    private readonly trace: Trace,
    private readonly hooks: ExchangeHooks,
    readonly limits: ExchangeLimits,
  ) {
    this.nextId = limits.firstId;
    this.life = new SignsOfLife(trace);
    transport.onMessage((e) => this.dispatch(e));
    // A response on a line over the cap is never a message; its request fails now, not at its timeout.
    // A request someone else gave up on in the trace (a restart marks the in-flight ones lost) ends here too, once.
    // One listener for both: it hears every event.
    this.watch = trace.onEvent((e) => {
      if (e.dir === 's2c' && e.kind === 'oversize') this.failOversize(e);
      else if (e.dir === 'meta' && e.kind === 'cancelled' && e.info?.local === true) this.settleGivenUp(e.info);
    });
  }

  /** Whether the server has written anything yet (stdout or stderr). */
  get serverAlive(): boolean {
    return this.life.alive;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** The error a request fails with once the connection is closed. */
  closedError(): ConnectionClosedError {
    return new ConnectionClosedError(this.closeReason);
  }

  /** The id for a request that is not a pending one (a listen stream). */
  takeId(): number {
    return this.nextId++;
  }

  /** Sends a request and resolves with its result; a JSON-RPC error rejects with ProtocolError. */
  send(method: string, params: Record<string, unknown> | undefined, opts: SendOptions = NO_OPTIONS): Promise<Record<string, unknown>> {
    const refused = this.refusal(method, opts);
    if (refused) return Promise.reject(refused);
    const id = this.nextId++;
    opts.onId?.(id);
    const progressToken = opts.onProgress ? id : undefined;
    const message = this.requestMessage(id, method, params, opts, progressToken);
    return new Promise<Record<string, unknown>>((resolve, reject) => {
      const call: Call = { id, method, opts, resolve, reject, cleanup: noCleanup };
      call.cleanup = this.watchAbort(call);
      this.track(call, progressToken);
      const quiet = opts.quietAfterLifeMs;
      if (quiet !== undefined) this.life.onFirstLife(() => this.pending.rearm(id, quiet));
      this.write(call, message);
    });
  }

  notify(method: string, params?: Record<string, unknown>): Promise<void> {
    const message: JsonRpcNotification = { jsonrpc: '2.0', method };
    if (params) message.params = params;
    return this.transport.send(JSON.stringify(message), message);
  }

  /** Writes a message no pending request waits on: an answer to the server's request, a listen stream's request. */
  post(message: JsonRpcMessage): Promise<void> {
    return this.transport.send(JSON.stringify(message));
  }

  /** Writes a line as typed (it is recorded like any other c2s line); responses to it go unmatched. */
  sendRaw(line: string): Promise<void> {
    if (this.closed) return Promise.reject(this.closedError());
    return this.transport.send(line).catch((err: Error) => {
      throw new ConnectionClosedError(err.message);
    });
  }

  /** A progress notification for an active request: its timeout restarts (pendingRequests.ts). */
  progress(token: number | string, progress: Progress): void {
    this.pending.progress(token, progress);
  }

  /** Where the answer to request `id`, should it come after its timeout, no longer goes. */
  forgetLateAnswers(): void {
    this.lateAnswers.clear();
  }

  /** Stops waiting for a request without a word to the server (it was never wrong to answer it). */
  abandon(id: number, reason: string): void {
    const p = this.pending.take(id);
    if (!p) return;
    this.recordGivenUp(p, reason);
    p.settle({ error: new RequestCancelledError(`${p.method} was abandoned: ${reason}`) });
  }

  /** The client closes the connection: every request still waiting is lost. False when it was closed already. */
  closeByClient(): boolean {
    if (this.closed) return false;
    this.closed = true;
    this.closeReason = 'The connection was closed by the client';
    this.loseAll('the client closed the connection before the answer');
    return true;
  }

  /**
   * The connection ended (`lost`: "the server exited before answering", told once in exitStory).
   * "If the server process exits unexpectedly … in-flight requests are simply lost": each says so.
   */
  connectionLost(lost: string): void {
    this.watch.dispose();
    this.life.dispose();
    if (!this.closed) {
      this.closed = true;
      this.closeReason = lost[0].toUpperCase() + lost.slice(1);
    }
    this.loseAll(lost);
  }

  /** An aborted signal or a closed connection refuses a request before it gets an id. */
  private refusal(method: string, opts: SendOptions): Error | undefined {
    if (this.closed) return this.closedError();
    if (opts.signal?.aborted) return new RequestCancelledError(`${method} was cancelled before it was sent`);
    return undefined;
  }

  /** The request as written: its `_meta` carries the 2026-07-28 fields and the progress token, merged into the caller's. */
  private requestMessage(
    id: number,
    method: string,
    params: Record<string, unknown> | undefined,
    opts: SendOptions,
    progressToken: number | undefined,
  ): JsonRpcRequest {
    const modern = this.hooks.requestMeta(opts.extensions);
    let finalParams = params;
    if (!opts.rawParams && (modern || progressToken !== undefined)) {
      const meta = { ...asRecord(params?._meta), ...modern, ...(progressToken !== undefined ? { progressToken } : {}) };
      finalParams = { ...params, _meta: meta };
    }
    const message: JsonRpcRequest = { jsonrpc: '2.0', id, method };
    if (finalParams !== undefined) message.params = finalParams;
    return message;
  }

  /** The caller's abort cancels the request; most requests have no signal: then nothing listens, and nothing to undo. */
  private watchAbort(call: Call): () => void {
    const signal = call.opts.signal;
    if (!signal) return noCleanup;
    const { id, method } = call;
    const onAbort = () => {
      if (!this.pending.take(id)) return;
      const reason = abortReason(signal);
      this.trace.append({ dir: 'meta', kind: 'cancelled', raw: `cancelled ${method} (id ${id}): ${reason}`, info: { id, method, reason } });
      void ignoreUnsent(this.notify('notifications/cancelled', { requestId: id, reason }));
      call.reject(new RequestCancelledError(`${method} was cancelled: ${reason}`));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    return () => signal.removeEventListener('abort', onAbort);
  }

  /** The request waits in the pending table until answered, timed out, or given up. */
  private track(call: Call, progressToken: number | undefined): void {
    const { id, method, opts } = call;
    const timeoutMs = opts.timeoutMs ?? this.limits.requestTimeoutMs;
    const startedAt = Date.now();
    this.pending.add({
      id,
      method,
      startedAt,
      timeoutMs,
      deadline: startedAt + Math.max(timeoutMs, opts.maxTimeoutMs ?? this.limits.maxTimeoutMs),
      progressToken,
      onProgress: opts.onProgress,
      settle: (outcome) => {
        call.cleanup();
        if ('error' in outcome) call.reject(outcome.error);
        else this.settleResponse(call, outcome.response, outcome.seq);
      },
      onTimeout: (afterMs) => {
        call.cleanup();
        this.timedOut(call, afterMs);
      },
    });
  }

  private timedOut({ id, method, opts, reject }: Call, afterMs: number): void {
    if (opts.onLate) this.lateAnswers.set(id, opts.onLate);
    this.trace.append({
      dir: 'meta',
      kind: 'timeout',
      raw: `${method} (id ${id}) got no response within ${afterMs} ms`,
      info: { id, method, afterMs },
    });
    if (opts.cancelOnTimeout !== false) {
      // stdio: "The client MUST send a notifications/cancelled notification referencing the request ID."
      void ignoreUnsent(this.notify('notifications/cancelled', { requestId: id, reason: `Timed out after ${afterMs} ms` }));
    }
    reject(new RequestTimeoutError(`${method} got no response within ${afterMs} ms`, method, afterMs));
  }

  private write(call: Call, message: JsonRpcRequest): void {
    const sending = this.transport.send(JSON.stringify(message), message);
    // SENT never rejects: a line the pipe took at once needs no handler (see SENT).
    if (sending === SENT) return;
    void sending.catch((err: Error) => this.writeFailed(call, err));
  }

  private async writeFailed(call: Call, err: Error): Promise<void> {
    const { id, method } = call;
    if (!this.pending.has(id)) return;
    // Over HTTP a refusal can carry the server's JSON-RPC error (ProtocolError) or only a status.
    if (!(err instanceof ProtocolError || err instanceof HttpStatusError)) {
      // A write fails (EPIPE) because the server died: its exit, code and stderr are the story, not the pipe.
      await Promise.race([this.transport.exited, delay(EXIT_AFTER_WRITE_FAILURE_MS)]);
      if (!this.pending.has(id)) return;
    }
    const given = this.pending.take(id);
    call.cleanup();
    // A JSON-RPC error body is in the trace as the answer; anything else (a status, a failed
    // write) would leave the request "pending" forever there: the trace says how it ended.
    if (given && !(err instanceof ProtocolError)) this.recordGivenUp(given, `not answered: ${err.message}`);
    call.reject(
      err instanceof ProtocolError || err instanceof HttpStatusError
        ? err
        : new ConnectionClosedError(`Could not send ${method}: ${err.message}`),
    );
  }

  private settleResponse({ method, opts, resolve, reject }: Call, response: JsonRpcResponse, seq: number): void {
    if (response.error) {
      const { code, message, data } = response.error;
      reject(new ProtocolError(code, message, data, seq, method));
      return;
    }
    const read = this.hooks.readResult(method, asRecord(response.result) ?? {}, seq, opts.extensions);
    if (read instanceof Error) reject(read);
    else resolve(read);
  }

  private dispatch(e: TraceEvent): void {
    const msg = e.msg;
    if (isResponse(msg)) {
      // An id we are not waiting for (unknown, late after a timeout, or a raw line's) is left
      // to the diagnostics; the client ignores it.
      if (typeof msg.id !== 'number') return;
      if (this.hooks.claimResponse(e)) return;
      const p = this.pending.take(msg.id);
      if (p) p.settle({ response: msg, seq: e.seq });
      else this.takeLate(msg.id)?.({ response: msg, seq: e.seq });
    } else if (isRequest(msg)) {
      this.hooks.onRequest(msg);
    } else if (isNotification(msg)) {
      this.hooks.onNotification(e);
    }
  }

  private takeLate(id: number): ((answer: LateAnswer) => void) | undefined {
    const late = this.lateAnswers.get(id);
    this.lateAnswers.delete(id);
    return late;
  }

  /** The framer's streaming scan found the oversize line's top-level id, wherever it was (the TS SDK writes it after `result`). */
  private failOversize(e: TraceEvent): void {
    const id = e.info?.id;
    const p = typeof id === 'number' ? this.pending.take(id) : undefined;
    if (!p) return;
    const size = typeof e.info?.bytes === 'number' ? `${e.info.bytes} bytes` : 'too large';
    p.settle({
      error: new OversizeResponseError(
        `The response to ${p.method} (id ${p.id}) is ${size}, over the client's line size cap; it was not read`,
        p.method,
        e.seq,
      ),
    });
  }

  /** Every request still waiting ends, and the trace says so: none is left "pending" forever. */
  private loseAll(reason: string): void {
    this.lateAnswers.clear();
    for (const p of this.pending.takeAll()) {
      this.recordGivenUp(p, `lost: ${reason}`);
      p.settle({ error: new ConnectionClosedError(this.closeReason) });
    }
  }

  private settleGivenUp(info: Record<string, unknown>): void {
    const p = typeof info.id === 'number' ? this.pending.take(info.id) : undefined;
    p?.settle({ error: new ConnectionClosedError(`${p.method} was given up: ${String(info.reason ?? 'no reason given')}`) });
  }

  /** `local`: no notifications/cancelled went out, so an answer that still comes is no fault of the server. */
  private recordGivenUp(p: PendingRequest, reason: string): void {
    this.trace.append({
      dir: 'meta',
      kind: 'cancelled',
      raw: `${p.method} (id ${p.id}) ${reason}`,
      info: { id: p.id, method: p.method, reason, local: true },
    });
  }
}

function noCleanup(): void {}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

function abortReason(signal: AbortSignal): string {
  const r: unknown = signal.reason;
  if (r instanceof Error && r.name !== 'AbortError') return r.message;
  if (typeof r === 'string') return r;
  return 'Cancelled by the user';
}
