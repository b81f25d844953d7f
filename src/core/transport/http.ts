import { maxHeaderSize } from 'node:http';
import { abortableDelay } from '../util/longTimeout';
import { ProtocolError } from '../session/errors';
import type { NewTraceEvent, TraceEvent } from '../trace/event';
import type { Trace } from '../trace/trace';
import { Emitter, type Disposable } from '../util/disposable';
import { depthOver, MAX_JSON_DEPTH } from '../wire/jsonDepth';
import { jsonEvent, lineEvent, tryParse } from '../wire/lineEvent';
import { tooDeepEvent } from '../wire/stdoutClassifier';
import { classify, isNotification, isRequest, isResponse, type JsonRpcMessage, type RequestId } from '../wire/message';
import { authorizedFetch, sendAuthorized } from './authorizedSend';
import type { EndpointRequest, HttpAuthorizer } from './httpAuthorizer';
import { BodyOverCapError, MAX_BODY_BYTES, readCapped } from './httpBody';
import { HttpNetworkError, HttpStatusError, networkCode, networkMessage } from './httpErrors';
import { fetchFollowing, HttpRedirectError } from './httpFetch';
import { modernHeaders, modernVersionOf, paramHeaders, type ParamHeader } from './httpHeaders';
import { hideSecrets, redactHeaders, redactUrl } from './httpRedact';
import { SseParser } from './sse';
import { TransportClosedError } from './stdio';
import type { ExitInfo, Transport } from './transport';
import { ignoreDiscarding } from '../util/ignored';

/** A Streamable HTTP server as configured (`type: "http"`, `url`, `headers`; variables already resolved). */
export interface HttpServerSpec {
  name?: string;
  url: string;
  /** `"type": "sse"`: the HTTP+SSE transport of 2024-11-05; otherwise Streamable HTTP (with the fallback to HTTP+SSE). */
  transport?: 'http' | 'sse';
  headers?: Record<string, string>;
  /** Values (resolved password inputs) hidden wherever they would appear in the trace. */
  secrets?: string[];
}

export interface HttpTransportOptions {
  /** Legacy servers: open the optional GET stream for server-initiated messages. Default true. */
  getStream?: boolean;
  /** How long close() waits for the DELETE that ends a legacy session. Default 2000 ms. */
  closeTimeoutMs?: number;
  /** The MCP authorization flow (src/core/auth): supplies the Authorization header and answers 401/403. */
  authorizer?: HttpAuthorizer;
  /**
   * Asked when a POST is refused: true when the caller will try the HTTP+SSE transport next
   * (sseFallback.ts), so the refusal is recorded as a step of that, not as the endpoint's fault.
   */
  sseFallback?: (status: number, body: string) => boolean;
}

/** What an s2c event read from HTTP records about where it came from. */
type Via = 'json' | 'sse' | 'get';

/** How an SSE response ended: its events, where to resume, and the network error that cut it. */
interface StreamEnd {
  events: TraceEvent[];
  /** The depth of an event nested over MAX_JSON_DEPTH (not read). */
  tooDeep?: number;
  lastEventId?: string;
  retry?: number;
  broken?: string;
}

/** How long before reopening a GET stream the server closed without a `retry` time. */
const DEFAULT_RECONNECT_MS = 1000;

/** Resumptions in a row that bring no new event before the client gives up on a stream. */
const MAX_IDLE_RESUMES = 3;

/** The most of an error body kept in the trace. */
const BODY_EXCERPT = 2000;

/**
 * The Streamable HTTP transport, both shapes: 2025-03-26…2025-11-25 (Mcp-Session-Id assigned
 * with the InitializeResult, MCP-Protocol-Version after negotiation, optional GET stream,
 * DELETE to end the session) and 2026-07-28 (no sessions; every POST carries the request
 * metadata headers; closing a response stream is the cancellation). Every message either way
 * is a trace event exactly as on stdio, and every HTTP exchange adds a meta 'http' event with
 * its status and (redacted) headers, so the diagnostics can explain HTTP-level failures.
 */
export class HttpTransport implements Transport {
  private readonly messageEmitter = new Emitter<TraceEvent>();
  private readonly secrets: string[];
  private readonly endpoint: string;
  private sessionId: string | undefined;
  /** Legacy: the version the InitializeResult chose, sent as MCP-Protocol-Version from then on. */
  private negotiatedVersion: string | undefined;
  private initializeId: RequestId | undefined;
  /** Modern tools' x-mcp-header annotations, learned from the tools/list results passing through. */
  private readonly toolHeaders = new Map<string, ParamHeader[]>();
  private toolsListIds = new Set<string>();
  /** In-flight request POSTs by id, so a modern cancellation can close the right stream. */
  private readonly inflight = new Map<string, { controller: AbortController; modern: boolean; method: string }>();
  private readonly controllers = new Set<AbortController>();
  private getStreamOpened = false;
  private getStream: AbortController | undefined;
  private closing: Promise<void> | undefined;
  private resolveExited!: (info: ExitInfo) => void;

  readonly exited: Promise<ExitInfo>;
  readonly pid = undefined;
  readonly onMessage = (listener: (e: TraceEvent) => void): Disposable => this.messageEmitter.event(listener);

  constructor(
    readonly spec: HttpServerSpec,
    readonly trace: Trace,
    private readonly options: HttpTransportOptions = {},
  ) {
    this.secrets = spec.secrets ?? [];
    this.endpoint = redactUrl(spec.url, this.secrets);
    this.exited = new Promise((resolve) => (this.resolveExited = resolve));
  }

  /** HTTP has nothing to open before the first POST; a URL that cannot work is refused here. */
  start(): Promise<void> {
    let url: URL;
    try {
      url = new URL(this.spec.url);
    } catch {
      return Promise.reject(this.refuse(`"${this.endpoint}" is not a valid URL`));
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return Promise.reject(this.refuse(`"${this.endpoint}" is not an http(s) URL (Streamable HTTP needs http:// or https://)`));
    }
    this.trace.append({
      dir: 'meta',
      kind: 'note',
      raw: `Streamable HTTP endpoint ${this.endpoint}`,
      info: { transport: 'http', url: this.endpoint, headers: redactHeaders(this.spec.headers ?? {}, this.secrets) },
    });
    return Promise.resolve();
  }

  /** POSTs one JSON-RPC message and reads its answer; resolves when the exchange is over. */
  async send(line: string): Promise<void> {
    if (this.closing) throw new TransportClosedError();
    const parsed = tryParse(line);
    const msg = parsed.ok ? messageOf(parsed.value) : undefined;
    if (isNotification(msg) && msg.method === 'notifications/cancelled' && this.cancelByClosing(msg.params?.requestId)) return;
    const sent = this.trace.append(lineEvent('c2s', line));
    await this.post(line, msg, sent.seq);
  }

  /** Aborts every exchange, ends a legacy session with DELETE, and settles `exited`. Idempotent. */
  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    for (const c of this.controllers) c.abort();
    this.controllers.clear();
    if (this.sessionId !== undefined) {
      // "Clients that no longer need a particular session … SHOULD send an HTTP DELETE".
      const signal = AbortSignal.timeout(this.options.closeTimeoutMs ?? 2000);
      const headers = this.baseHeaders();
      try {
        const res = await this.fetch({ method: 'DELETE', headers, signal });
        await ignoreDiscarding(res.body?.cancel());
        // 405: "the server does not allow clients to terminate sessions"; nothing else to do.
        this.recordExchange('DELETE', headers, res, undefined);
      } catch (err) {
        this.recordFailure('DELETE', headers, err, undefined);
      }
    }
    this.options.authorizer?.close();
    this.trace.append({ dir: 'meta', kind: 'note', raw: `disconnected from ${this.endpoint}`, info: { transport: 'http', closed: true } });
    this.messageEmitter.dispose();
    this.resolveExited({ code: null, signal: null });
  }

  private async post(line: string, msg: JsonRpcMessage | undefined, c2sSeq: number): Promise<void> {
    await this.options.authorizer?.beforeRequest(this.trace);
    let headers = this.postHeaders(msg);
    const controller = new AbortController();
    this.controllers.add(controller);
    const request = isRequest(msg) ? msg : undefined;
    const key = request ? idKey(request.id) : undefined;
    if (request && key) {
      this.inflight.set(key, { controller, modern: modernVersionOf(request) !== undefined, method: request.method });
      if (request.method === 'initialize') this.initializeId = request.id;
      if (request.method === 'tools/list') this.toolsListIds.add(key);
    }
    try {
      let res: Response;
      try {
        res = await sendAuthorized({
          authorizer: this.options.authorizer,
          trace: this.trace,
          headers,
          send: (sent) => this.fetch({ method: 'POST', headers: (headers = sent), body: line, signal: controller.signal }),
          nextHeaders: () => this.postHeaders(msg),
          recordChallenge: async (refused, sent) => this.recordExchange('POST', sent, refused, c2sSeq, await this.readBody(refused, 'POST', c2sSeq), { authChallenge: true }),
        });
      } catch (err) {
        if (this.closing || controller.signal.aborted) throw new TransportClosedError();
        if (!(err instanceof Error) || err.name === 'AuthorizationError') throw err;
        throw this.recordFailure('POST', headers, err, c2sSeq);
      }
      await this.answer(res, headers, msg, c2sSeq, controller);
    } finally {
      this.controllers.delete(controller);
      if (key) this.inflight.delete(key);
    }
  }

  /** Reads the HTTP answer to one POST. */
  private async answer(res: Response, headers: Record<string, string>, msg: JsonRpcMessage | undefined, c2sSeq: number, controller: AbortController): Promise<void> {
    const method = msg && 'method' in msg ? msg.method : undefined;
    const request = isRequest(msg) ? msg : undefined;
    if (!res.ok) {
      const body = await this.readBody(res, 'POST', c2sSeq);
      this.recordExchange('POST', headers, res, c2sSeq, body, this.options.sseFallback?.(res.status, body) ? { sseFallback: true } : undefined);
      const rpc = this.recordBody(body, res, 'json', c2sSeq);
      const error = rpc.map(errorOf).find((e) => e !== undefined);
      const session = headers['Mcp-Session-Id'];
      if (res.status === 404 && session !== undefined) {
        // "When a client receives HTTP 404 in response to a request containing an MCP-Session-Id,
        // it MUST start a new session by sending a new InitializeRequest without a session ID".
        if (this.sessionId === session) this.forgetSession();
        const said = error ? `: ${error.message}` : '';
        throw new HttpStatusError(`${method ?? 'The message'} was refused: HTTP 404 from ${this.endpoint} (the server no longer knows session ${session}${said})`, 404, this.endpoint, true);
      }
      if (error) throw new ProtocolError(error.code, error.message, error.data, error.seq, method);
      throw new HttpStatusError(`${method ?? 'The message'} was refused: HTTP ${res.status} from ${this.endpoint} (${statusText(res)})`, res.status, this.endpoint);
    }
    this.recordExchange('POST', headers, res, c2sSeq);
    if (request?.method === 'initialize') {
      // "A server using the Streamable HTTP transport MAY assign a session ID at initialization time".
      this.sessionId = res.headers.get('mcp-session-id') ?? undefined;
    }
    if (res.status === 202 || !request) {
      const body = await this.readBody(res, 'POST', c2sSeq);
      // A notification or response "MUST" get 202 with no body; anything else is the server's to explain.
      const rpc = body.trim() ? this.recordBody(body, res, 'json', c2sSeq) : [];
      const error = rpc.map(errorOf).find((e) => e !== undefined);
      if (error) throw new ProtocolError(error.code, error.message, error.data, error.seq, method);
      if (isNotification(msg) && msg.method === 'notifications/initialized' && !this.getStreamOpened) this.openGetStream();
      return;
    }
    const type = (res.headers.get('content-type') ?? '').toLowerCase();
    const answered = (events: TraceEvent[]) => events.some((e) => isResponse(e.msg) && e.msg.id !== null && idKey(e.msg.id) === idKey(request.id));
    let events: TraceEvent[];
    if (type.startsWith('text/event-stream')) {
      // Legacy streams may be resumed; 2026-07-28: "Resumable SSE streams via Last-Event-ID are not supported".
      const resumable = modernVersionOf(request) === undefined;
      let end = await this.readStream(res, 'sse', c2sSeq, request.id, controller, resumable);
      events = [...end.events];
      let idle = 0;
      while (resumable && !answered(events) && end.lastEventId !== undefined && !controller.signal.aborted && !this.closing && idle < MAX_IDLE_RESUMES) {
        const before = end.lastEventId;
        end = await this.resume(end, method ?? '', c2sSeq, request.id, controller);
        events.push(...end.events);
        idle = end.lastEventId === before ? idle + 1 : 0;
      }
      if (!answered(events) && end.tooDeep !== undefined) throw tooDeepError(this.endpoint, end.tooDeep);
      if (!answered(events) && end.broken) throw new HttpNetworkError(`the event stream from ${this.endpoint} broke off before the response to ${method} (${end.broken})`, end.broken);
    } else {
      events = this.recordBody(await this.readBody(res, 'POST', c2sSeq), res, 'json', c2sSeq);
    }
    if (answered(events)) return;
    // No response carrying our id: a JSON-RPC error in its place is this request's failure.
    const error = events.map(errorOf).find((e) => e !== undefined);
    if (error) throw new ProtocolError(error.code, error.message, error.data, error.seq, method);
    if (controller.signal.aborted || this.closing) throw new TransportClosedError();
    this.trace.append({
      dir: 'meta',
      kind: 'http',
      raw: `POST ${this.endpoint}: the answer to ${method} ended without its response`,
      info: { method: 'POST', url: this.endpoint, status: res.status, phase: 'stream-ended', answered: false, requestSeq: c2sSeq },
    });
    throw new HttpNetworkError(`${method}: the HTTP response from ${this.endpoint} ended without a response to it`, 'NO_RESPONSE');
  }

  /**
   * 2025-11-25: the server "MAY close the connection (without terminating the SSE stream)"
   * and the client "SHOULD then poll" — "Resumption is always via HTTP GET with Last-Event-ID",
   * after waiting the `retry` the server asked for ("The client MUST respect the retry field").
   */
  private async resume(prev: StreamEnd, method: string, c2sSeq: number, requestId: RequestId, controller: AbortController): Promise<StreamEnd> {
    this.trace.append({
      dir: 'meta',
      kind: 'note',
      raw: `resuming the event stream of ${method} after event ${prev.lastEventId}${prev.retry ? ` in ${prev.retry} ms (the retry the server asked for)` : ''}`,
      info: { transport: 'http', phase: 'stream-resume', requestSeq: c2sSeq, lastEventId: prev.lastEventId, ...(prev.retry ? { retry: prev.retry } : {}) },
    });
    if (prev.retry) await abortableDelay(prev.retry, controller.signal);
    if (controller.signal.aborted || this.closing) throw new TransportClosedError();
    const headers: Record<string, string> = { ...this.baseHeaders(), Accept: 'text/event-stream', 'Last-Event-ID': prev.lastEventId! };
    let res: Response;
    try {
      res = await this.fetch({ method: 'GET', headers, signal: controller.signal });
    } catch (err) {
      if (this.closing || controller.signal.aborted) throw new TransportClosedError();
      throw this.recordFailure('GET', headers, err, c2sSeq, { resume: true });
    }
    if (!res.ok) {
      this.recordExchange('GET', headers, res, c2sSeq, await this.readBody(res, 'GET', c2sSeq), { resume: true });
      const sessionExpired = res.status === 404 && headers['Mcp-Session-Id'] !== undefined;
      throw new HttpStatusError(`Could not resume the event stream of ${method}: GET with Last-Event-ID got HTTP ${res.status} from ${this.endpoint}`, res.status, this.endpoint, sessionExpired);
    }
    this.recordExchange('GET', headers, res, c2sSeq, undefined, { resume: true });
    const end = await this.readStream(res, 'sse', c2sSeq, requestId, controller, true, 'GET');
    return { ...end, lastEventId: end.lastEventId ?? prev.lastEventId, retry: end.retry ?? prev.retry };
  }

  /** Reads a text/event-stream body; each event's data is one message, recorded like a stdout line. */
  private async readStream(
    res: Response,
    via: Via,
    c2sSeq: number | undefined,
    requestId: RequestId | undefined,
    controller: AbortController,
    resumable = false,
    // A resumed POST stream arrives on a GET: the break is that GET's.
    httpMethod: 'GET' | 'POST' = via === 'get' ? 'GET' : 'POST',
  ): Promise<StreamEnd> {
    const parser = new SseParser();
    const decoder = new TextDecoder();
    const events: TraceEvent[] = [];
    const reader = res.body?.getReader();
    if (!reader) return { events };
    let dispatched = 0;
    let tooDeep: number | undefined;
    const take = (text: string) => {
      for (const e of parser.push(text)) {
        dispatched++;
        // An event with empty data (a resumption primer) carries no message.
        if (e.data === '') continue;
        const depth = depthOver(e.data);
        if (depth !== undefined) {
          tooDeep = depth;
          events.push(this.deliverTooDeep(e.data, depth, via, res.status, c2sSeq));
          continue;
        }
        const stored = this.deliver({ ...lineEvent('s2c', e.data) }, via, res.status, c2sSeq, e.id);
        events.push(stored);
      }
    };
    const ended = (): StreamEnd => {
      const end: StreamEnd = { events };
      if (parser.lastEventId !== undefined) end.lastEventId = parser.lastEventId;
      if (parser.lastRetry !== undefined) end.retry = parser.lastRetry;
      if (tooDeep !== undefined) end.tooDeep = tooDeep;
      return end;
    };
    // A response stream the client gives up on (timeout, close) that sent bytes but not one event.
    const opened = performance.now();
    let bytes = 0;
    const idle = () => {
      if (via !== 'sse' || dispatched > 0 || bytes === 0) return;
      const ms = Math.round(performance.now() - opened);
      this.trace.append({
        dir: 'meta',
        kind: 'http',
        raw: `${httpMethod} ${this.endpoint}: the event stream sent ${bytes} bytes (${parser.comments} comment lines) and no event in ${ms} ms`,
        info: { method: httpMethod, url: this.endpoint, status: res.status, phase: 'stream-no-event', bytes, comments: parser.comments, ms, requestSeq: c2sSeq },
      });
    };
    controller.signal.addEventListener('abort', idle, { once: true });
    try {
      // One event (or the bytes before the first) may be no bigger than a whole body.
      let sinceEvent = 0;
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          bytes += value.byteLength;
          sinceEvent += value.byteLength;
          const before = dispatched;
          take(decoder.decode(value, { stream: true }));
          if (dispatched > before) sinceEvent = 0;
          if (sinceEvent > MAX_BODY_BYTES) {
            const over = new BodyOverCapError(sinceEvent, MAX_BODY_BYTES, res.headers.get('content-encoding') ?? undefined);
            await ignoreDiscarding(reader.cancel());
            this.recordOverCap(res, httpMethod, c2sSeq, over);
            throw over;
          }
        }
        take(decoder.decode());
      } catch (err) {
        if (err instanceof BodyOverCapError) throw err;
        if (controller.signal.aborted || this.closing) return ended();
        const answered = requestId !== undefined && events.some((e) => isResponse(e.msg) && e.msg.id !== null && idKey(e.msg.id) === idKey(requestId));
        const code = networkCode(err);
        const resuming = resumable && !answered && parser.lastEventId !== undefined;
        this.trace.append({
          dir: 'meta',
          kind: 'http',
          raw: `${httpMethod} ${this.endpoint}: the event stream broke off (${code})${answered ? ' after the response' : resuming ? `; resuming after event ${parser.lastEventId}` : ''}`,
          info: { method: httpMethod, url: this.endpoint, status: res.status, phase: 'stream-error', error: { code, message: networkMessage(err) }, answered, resuming, requestSeq: c2sSeq, lastEventId: parser.lastEventId },
        });
        return { ...ended(), broken: code };
      }
      const { incomplete } = parser.end();
      if (incomplete) {
        this.trace.append({
          dir: 'meta',
          kind: 'note',
          raw: `the event stream from ${this.endpoint} ended in the middle of an event (not dispatched, as SSE requires)`,
          info: { transport: 'http', phase: 'stream-partial', requestSeq: c2sSeq },
        });
      }
      return ended();
    } finally {
      controller.signal.removeEventListener('abort', idle);
    }
  }

  /**
   * Legacy: "The client MAY issue an HTTP GET to the MCP endpoint" to receive server-initiated
   * messages. "The server MAY close the SSE stream at any time": it is reopened (resuming after
   * its last event id, after its `retry` time) until it stops bringing anything new.
   */
  private openGetStream(): void {
    this.getStreamOpened = true;
    if (this.options.getStream === false || this.closing) return;
    const controller = new AbortController();
    this.controllers.add(controller);
    this.getStream = controller;
    void (async () => {
      let lastEventId: string | undefined;
      let retry = DEFAULT_RECONNECT_MS;
      let idle = 0;
      try {
        while (!this.closing && !controller.signal.aborted && idle < MAX_IDLE_RESUMES) {
          const headers: Record<string, string> = { ...this.baseHeaders(), Accept: 'text/event-stream' };
          if (lastEventId !== undefined) headers['Last-Event-ID'] = lastEventId;
          const res = await this.fetch({ method: 'GET', headers, signal: controller.signal });
          if (!res.ok) {
            // 405: "the server does not offer an SSE stream at this endpoint" — allowed.
            this.recordExchange('GET', headers, res, undefined, await this.readBody(res, 'GET', undefined));
            return;
          }
          this.recordExchange('GET', headers, res, undefined);
          // Reopened with Last-Event-ID below, whether the server ended the stream or the network cut it.
          const end = await this.readStream(res, 'get', undefined, undefined, controller, true);
          if (this.closing || controller.signal.aborted) return;
          const progressed = end.events.length > 0 || (end.lastEventId !== undefined && end.lastEventId !== lastEventId);
          idle = progressed ? 0 : idle + 1;
          lastEventId = end.lastEventId ?? lastEventId;
          retry = end.retry ?? retry;
          if (idle >= MAX_IDLE_RESUMES) break;
          const after = lastEventId === undefined ? '' : ` with Last-Event-ID ${lastEventId}`;
          this.trace.append({ dir: 'meta', kind: 'note', raw: `the GET event stream ${end.broken ? 'broke off' : 'ended'}; reopening it${after} in ${retry} ms`, info: { transport: 'http', phase: 'get-reopen', lastEventId, retry } });
          await abortableDelay(retry, controller.signal);
        }
      } catch (err) {
        // An oversize body is recorded where it was read.
        if (!controller.signal.aborted && !this.closing && !(err instanceof BodyOverCapError)) this.recordFailure('GET', { ...this.baseHeaders(), Accept: 'text/event-stream' }, err, undefined);
      } finally {
        this.controllers.delete(controller);
      }
    })();
  }

  /**
   * 2026-07-28: "Closing the SSE response stream MUST be treated by the server as cancellation";
   * no notifications/cancelled is sent over HTTP. Legacy requests are cancelled by notification.
   */
  private cancelByClosing(requestId: unknown): boolean {
    if (typeof requestId !== 'string' && typeof requestId !== 'number') return false;
    const flight = this.inflight.get(idKey(requestId));
    if (!flight?.modern) return false;
    this.trace.append({
      dir: 'meta',
      kind: 'note',
      raw: `closed the response stream of ${flight.method} (id ${requestId}): on Streamable HTTP that is the cancellation`,
      info: { transport: 'http', cancelledBy: 'closing the stream', id: requestId, method: flight.method },
    });
    flight.controller.abort();
    return true;
  }

  /** A response body, at most MAX_BODY_BYTES decoded: past that the response is aborted, recorded, and the exchange fails. */
  private async readBody(res: Response, method: string, c2sSeq: number | undefined): Promise<string> {
    try {
      return await readCapped(res);
    } catch (err) {
      if (!(err instanceof BodyOverCapError)) throw err;
      this.recordOverCap(res, method, c2sSeq, err);
      throw err;
    }
  }

  private recordOverCap(res: Response, method: string, c2sSeq: number | undefined, err: BodyOverCapError): void {
    const info: Record<string, unknown> = { method, url: this.endpoint, status: res.status, phase: 'body-over-cap', bytes: err.bytes, cap: err.cap };
    if (err.encoding) info.encoding = err.encoding;
    if (c2sSeq !== undefined) info.requestSeq = c2sSeq;
    this.trace.append({ dir: 'meta', kind: 'http', raw: `${method} ${this.endpoint}: ${err.message}`, info });
  }

  /**
   * A JSON text nested deeper than MAX_JSON_DEPTH is not parsed (what reads a value after
   * JSON.parse recurses and would overflow the stack): it becomes an event with its head
   * kept and the depth named, and the exchange fails.
   */
  private deliverTooDeep(text: string, depth: number, via: Via, status: number, c2sSeq: number | undefined): TraceEvent {
    return this.deliver(tooDeepEvent('s2c', text, depth), via, status, c2sSeq);
  }

  /** Records a JSON body (one message or a batch array) as s2c events. */
  private recordBody(body: string, res: Response, via: Via, c2sSeq: number): TraceEvent[] {
    if (!body.trim()) return [];
    const type = (res.headers.get('content-type') ?? '').toLowerCase();
    const depth = depthOver(body);
    if (depth !== undefined) {
      this.deliverTooDeep(body, depth, via, res.status, c2sSeq);
      throw tooDeepError(this.endpoint, depth);
    }
    const parsed = tryParse(body);
    // An HTML error page is not something the server said in the protocol: it stays in the http event.
    if (!parsed.ok && !type.includes('json')) return [];
    if (parsed.ok && Array.isArray(parsed.value)) {
      return parsed.value.map((v) => this.deliver(jsonEvent('s2c', JSON.stringify(v), v), via, res.status, c2sSeq));
    }
    const e: NewTraceEvent = parsed.ok ? jsonEvent('s2c', body, parsed.value) : lineEvent('s2c', body);
    // "a JSON-RPC error response that has no id": kept as the message it is.
    if (parsed.ok && e.kind === 'not-jsonrpc' && errorObject(parsed.value)) e.info = { rpcError: errorObject(parsed.value) };
    return [this.deliver(e, via, res.status, c2sSeq)];
  }

  private deliver(e: NewTraceEvent, via: Via, status: number, c2sSeq: number | undefined, eventId?: string): TraceEvent {
    const http: Record<string, unknown> = { via, status };
    if (c2sSeq !== undefined) http.requestSeq = c2sSeq;
    if (eventId !== undefined) http.eventId = eventId;
    e.info = { ...e.info, http };
    const stored = this.trace.append(e);
    if (stored.msg) {
      this.learn(stored.msg);
      this.messageEmitter.fire(stored);
    }
    return stored;
  }

  /** What the transport itself needs from the answers passing through: the negotiated version and tool header mirrors. */
  private learn(msg: JsonRpcMessage): void {
    if (!isResponse(msg) || msg.id === null || !msg.result) return;
    if (this.initializeId !== undefined && idKey(msg.id) === idKey(this.initializeId) && typeof msg.result.protocolVersion === 'string') {
      // "the client MUST include the MCP-Protocol-Version … on all subsequent requests".
      this.negotiatedVersion = msg.result.protocolVersion;
    }
    if (this.toolsListIds.delete(idKey(msg.id)) && Array.isArray(msg.result.tools)) {
      for (const tool of msg.result.tools as { name?: unknown; inputSchema?: unknown }[]) {
        if (typeof tool?.name !== 'string') continue;
        const mirrors = paramHeaders(tool.inputSchema);
        if (mirrors?.length) this.toolHeaders.set(tool.name, mirrors);
        else this.toolHeaders.delete(tool.name);
      }
    }
  }

  /** The next initialize starts a new session: no session id, no negotiated version, a new GET stream. */
  private forgetSession(): void {
    this.sessionId = undefined;
    this.negotiatedVersion = undefined;
    this.getStreamOpened = false;
    // The old session's GET stream must not be reopened under the new session.
    this.getStream?.abort();
    this.getStream = undefined;
  }

  /** One request to the endpoint (the authorizer adds a DPoP proof where the token needs one). */
  private fetch(request: EndpointRequest): Promise<Response> {
    return authorizedFetch(this.options.authorizer, this.spec.url, request, fetchFollowing);
  }

  /** Config headers, then the legacy session headers once the server assigned them. */
  private baseHeaders(): Record<string, string> {
    const headers: Record<string, string> = { ...this.spec.headers };
    const authorization = this.options.authorizer?.authorization();
    if (authorization) headers.Authorization = authorization;
    if (this.negotiatedVersion) headers['MCP-Protocol-Version'] = this.negotiatedVersion;
    if (this.sessionId !== undefined) headers['Mcp-Session-Id'] = this.sessionId;
    return headers;
  }

  private postHeaders(msg: JsonRpcMessage | undefined): Record<string, string> {
    const headers = this.baseHeaders();
    // "The client MUST include an Accept header listing both application/json and text/event-stream".
    headers.Accept = 'application/json, text/event-stream';
    headers['Content-Type'] = 'application/json';
    const modern = modernVersionOf(msg);
    if (msg && modern) Object.assign(headers, modernHeaders(msg, modern, this.toolHeaders));
    return headers;
  }

  private recordExchange(method: string, headers: Record<string, string>, res: Response, requestSeq: number | undefined, body?: string, extra?: Record<string, unknown>): void {
    const type = res.headers.get('content-type') ?? '';
    const info: Record<string, unknown> = {
      method,
      url: this.endpoint,
      status: res.status,
      statusText: res.statusText,
      requestHeaders: redactHeaders(headers, this.secrets),
      headers: redactHeaders(headerRecord(res.headers), this.secrets),
    };
    if (requestSeq !== undefined) info.requestSeq = requestSeq;
    const sessionId = res.headers.get('mcp-session-id') ?? headers['Mcp-Session-Id'];
    if (sessionId !== undefined) info.sessionId = sessionId;
    if (body && body.trim()) info.body = hideSecrets(body.slice(0, BODY_EXCERPT), this.secrets);
    Object.assign(info, extra);
    const shape = type ? ` (${type.split(';')[0]})` : '';
    this.trace.append({ dir: 'meta', kind: 'http', raw: `${method} ${this.endpoint} → ${res.status} ${res.statusText}${shape}`.trim(), info });
  }

  private recordFailure(method: string, headers: Record<string, string>, err: unknown, requestSeq: number | undefined, extra?: Record<string, unknown>): HttpNetworkError {
    const code = networkCode(err);
    const message = hideSecrets(networkMessage(err), this.secrets);
    const info: Record<string, unknown> = { method, url: this.endpoint, error: { code, message }, requestHeaders: redactHeaders(headers, this.secrets) };
    if (requestSeq !== undefined) info.requestSeq = requestSeq;
    if (err instanceof HttpRedirectError) info.redirect = { ...err.redirect, chain: err.redirect.chain.map((u) => redactUrl(u, this.secrets)), location: redactUrl(err.redirect.location, this.secrets) };
    // undici refuses a response whose header block is over Node's --max-http-header-size.
    if (code === 'UND_ERR_HEADERS_OVERFLOW') info.headerLimit = maxHeaderSize;
    Object.assign(info, extra);
    this.trace.append({ dir: 'meta', kind: 'http', raw: `${method} ${this.endpoint} failed: ${code} (${message})`, info });
    if (err instanceof HttpRedirectError) return new HttpNetworkError(`${method} ${this.endpoint}: ${message}`, code);
    if (code === 'UND_ERR_HEADERS_OVERFLOW') return new HttpNetworkError(`${method} ${this.endpoint}: the response headers are over the ${maxHeaderSize}-byte limit (${message})`, code);
    return new HttpNetworkError(`Cannot reach ${this.endpoint}: ${code} (${message})`, code);
  }

  private refuse(message: string): HttpNetworkError {
    // `exited` settles on close(): the caller closes a client whose connect() failed.
    this.trace.append({ dir: 'meta', kind: 'http', raw: message, info: { method: 'POST', url: this.endpoint, error: { code: 'EINVAL', message } } });
    return new HttpNetworkError(message, 'EINVAL');
  }
}

function tooDeepError(endpoint: string, depth: number): HttpNetworkError {
  return new HttpNetworkError(`the answer from ${endpoint} is JSON nested ${depth} levels deep, over the cap of ${MAX_JSON_DEPTH}: not read`, 'JSON_TOO_DEEP');
}

function messageOf(value: unknown): JsonRpcMessage | undefined {
  const c = classify(value);
  return c.kind === 'not-jsonrpc' ? undefined : c.msg;
}

function idKey(id: RequestId): string {
  return `${typeof id}:${String(id)}`;
}

export function headerRecord(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => (out[name] = value));
  return out;
}

function statusText(res: Response): string {
  return res.statusText || 'error';
}

/** A body as text, at most MAX_BODY_BYTES of it ('' past that: the legacy transport's error bodies are only shown). */
export async function readText(res: Response): Promise<string> {
  try {
    return await readCapped(res);
  } catch {
    return '';
  }
}

/** `{error: {code, message}}` of a JSON value, message-shaped or not ("a JSON-RPC error response that has no id"). */
function errorObject(value: unknown): { code: number; message: string; data?: unknown } | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const e = (value as { error?: unknown }).error as { code?: unknown; message?: unknown; data?: unknown } | undefined;
  if (!e || typeof e !== 'object' || typeof e.code !== 'number') return undefined;
  return { code: e.code, message: typeof e.message === 'string' ? e.message : '', data: e.data };
}

/** The JSON-RPC error an s2c event carries, with its seq (for ProtocolError evidence). */
function errorOf(e: TraceEvent): { code: number; message: string; data?: unknown; seq: number } | undefined {
  const err = isResponse(e.msg) ? e.msg.error : (e.info?.rpcError as { code: number; message: string; data?: unknown } | undefined);
  return err ? { ...err, seq: e.seq } : undefined;
}
