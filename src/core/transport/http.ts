import { ProtocolError } from '../session/errors';
import type { TraceEvent } from '../trace/event';
import type { Trace } from '../trace/trace';
import { lineEvent, tryParse } from '../wire/lineEvent';
import { classify, isNotification, isRequest, type JsonRpcMessage, type JsonRpcRequest } from '../wire/message';
import { authorizedFetch, sendAuthorized } from './authorizedSend';
import type { EndpointRequest, HttpAuthorizer } from './httpAuthorizer';
import { HttpNetworkError, HttpStatusError } from './httpErrors';
import { fetchFollowing } from './httpFetch';
import { modernVersionOf } from './httpHeaders';
import { redactHeaders } from './httpRedact';
import { answers, firstError, HttpRecorder, tooDeepError } from './httpRecord';
import { HttpSession, type SessionHost, type SessionOptions } from './httpSession';
import { readEventStream } from './httpStream';
import { httpUrlProblem, RemoteTransport } from './remoteTransport';
import { StatelessRequests } from './statelessHttp';
import { TransportClosedError } from './transportErrors';

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

/** `getStream`, `closeTimeoutMs`: for legacy (2025-era) sessions, see SessionOptions. */
export interface HttpTransportOptions extends SessionOptions {
  /** The MCP authorization flow (src/core/auth): supplies the Authorization header and answers 401/403. */
  authorizer?: HttpAuthorizer;
  /**
   * Asked when a POST is refused: true when the caller will try the HTTP+SSE transport next
   * (sseFallback.ts), so the refusal is recorded as a step of that, not as the endpoint's fault.
   */
  sseFallback?: (status: number, body: string) => boolean;
}

/**
 * The Streamable HTTP transport, both shapes: 2025-03-26…2025-11-25 (Mcp-Session-Id assigned
 * with the InitializeResult, MCP-Protocol-Version after negotiation, optional GET stream,
 * DELETE to end the session: httpSession.ts) and 2026-07-28 (no sessions; every POST carries
 * the request metadata headers; closing a response stream is the cancellation: statelessHttp.ts).
 * Every message either way is a trace event exactly as on stdio, and every HTTP exchange adds a
 * meta 'http' event with its status and (redacted) headers (httpRecord.ts), so the diagnostics
 * can explain HTTP-level failures.
 */
export class HttpTransport extends RemoteTransport {
  private readonly record: HttpRecorder;
  /** What the session and the stream reader use of this transport. */
  private readonly host: SessionHost;
  private readonly session: HttpSession;
  private readonly stateless = new StatelessRequests();
  private readonly controllers = new Set<AbortController>();
  private closing: Promise<void> | undefined;

  constructor(
    spec: HttpServerSpec,
    trace: Trace,
    private readonly options: HttpTransportOptions = {},
  ) {
    super(spec, trace);
    this.record = new HttpRecorder(trace, this.shownUrl, this.secrets, (stored) => {
      this.session.learn(stored.msg);
      this.stateless.learn(stored.msg);
      this.messageEmitter.fire(stored);
    });
    this.host = {
      trace,
      endpoint: this.shownUrl,
      record: this.record,
      isClosing: () => this.closing !== undefined,
      fetch: (request) => this.fetch(request),
      baseHeaders: () => this.baseHeaders(),
      track: (controller) => this.controllers.add(controller),
      untrack: (controller) => this.controllers.delete(controller),
    };
    this.session = new HttpSession(this.host, options);
  }

  /** HTTP has nothing to open before the first POST; a URL that cannot work is refused here. */
  start(): Promise<void> {
    const problem = httpUrlProblem(this.spec.url, this.shownUrl, 'Streamable HTTP');
    if (problem) return Promise.reject(this.record.refusal(problem));
    this.trace.append({
      dir: 'meta',
      kind: 'note',
      raw: `Streamable HTTP endpoint ${this.shownUrl}`,
      info: { transport: 'http', url: this.shownUrl, headers: redactHeaders(this.spec.headers ?? {}, this.secrets) },
    });
    return Promise.resolve();
  }

  /** POSTs one JSON-RPC message and reads its answer; resolves when the exchange is over. */
  async send(line: string): Promise<void> {
    if (this.closing) throw new TransportClosedError();
    const parsed = tryParse(line);
    const msg = parsed.ok ? messageOf(parsed.value) : undefined;
    if (
      isNotification(msg) &&
      msg.method === 'notifications/cancelled' &&
      this.stateless.cancelByClosing(msg.params?.requestId, this.trace)
    )
      return;
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
    if (this.session.active) await this.session.terminate();
    this.options.authorizer?.close();
    this.trace.append({ dir: 'meta', kind: 'note', raw: `disconnected from ${this.shownUrl}`, info: { transport: 'http', closed: true } });
    this.messageEmitter.dispose();
    this.settleExited();
  }

  private async post(line: string, msg: JsonRpcMessage | undefined, c2sSeq: number): Promise<void> {
    await this.options.authorizer?.beforeRequest(this.trace);
    let headers = this.postHeaders(msg);
    const controller = new AbortController();
    this.controllers.add(controller);
    const request = isRequest(msg) ? msg : undefined;
    const key = request ? this.stateless.sending(request, controller) : undefined;
    if (request) this.session.sending(request);
    try {
      let res: Response;
      try {
        res = await sendAuthorized({
          authorizer: this.options.authorizer,
          trace: this.trace,
          headers,
          send: (sent) => this.fetch({ method: 'POST', headers: (headers = sent), body: line, signal: controller.signal }),
          nextHeaders: () => this.postHeaders(msg),
          recordChallenge: async (refused, sent) =>
            this.record.exchange('POST', sent, refused, c2sSeq, await this.record.readBody(refused, 'POST', c2sSeq), {
              authChallenge: true,
            }),
        });
      } catch (err) {
        if (this.closing || controller.signal.aborted) throw new TransportClosedError();
        if (!(err instanceof Error) || err.name === 'AuthorizationError') throw err;
        throw this.record.failure('POST', headers, err, c2sSeq);
      }
      await this.answer(res, headers, msg, c2sSeq, controller);
    } finally {
      this.controllers.delete(controller);
      if (key) this.stateless.ended(key);
    }
  }

  /** Reads the HTTP answer to one POST. */
  private async answer(
    res: Response,
    headers: Record<string, string>,
    msg: JsonRpcMessage | undefined,
    c2sSeq: number,
    controller: AbortController,
  ): Promise<void> {
    if (!res.ok) return this.refused(res, headers, msg, c2sSeq);
    this.record.exchange('POST', headers, res, c2sSeq);
    const request = isRequest(msg) ? msg : undefined;
    this.session.accepted(request, res);
    if (res.status === 202 || !request) return this.acknowledged(res, msg, c2sSeq);
    const events = await this.readAnswer(res, request, c2sSeq, controller);
    if (!answers(events, request.id)) this.noResponse(events, res, request.method, c2sSeq, controller);
  }

  /** A refused POST fails with the JSON-RPC error it carried, the session it lost, or its status. */
  private async refused(res: Response, headers: Record<string, string>, msg: JsonRpcMessage | undefined, c2sSeq: number): Promise<never> {
    const method = methodOf(msg);
    const body = await this.record.readBody(res, 'POST', c2sSeq);
    this.record.exchange(
      'POST',
      headers,
      res,
      c2sSeq,
      body,
      this.options.sseFallback?.(res.status, body) ? { sseFallback: true } : undefined,
    );
    const error = firstError(this.record.body(body, res, 'json', c2sSeq));
    const session = headers['Mcp-Session-Id'];
    if (res.status === 404 && session !== undefined) {
      // "When a client receives HTTP 404 in response to a request containing an MCP-Session-Id,
      // it MUST start a new session by sending a new InitializeRequest without a session ID".
      this.session.expired(session);
      const said = error ? `: ${error.message}` : '';
      throw new HttpStatusError(
        `${method ?? 'The message'} was refused: HTTP 404 from ${this.shownUrl} (the server no longer knows session ${session}${said})`,
        404,
        this.shownUrl,
        true,
      );
    }
    if (error) throw new ProtocolError(error.code, error.message, error.data, error.seq, method);
    throw new HttpStatusError(
      `${method ?? 'The message'} was refused: HTTP ${res.status} from ${this.shownUrl} (${res.statusText || 'error'})`,
      res.status,
      this.shownUrl,
    );
  }

  /** The answer to a notification or a response (or a 202 to anything): nothing comes back but an error. */
  private async acknowledged(res: Response, msg: JsonRpcMessage | undefined, c2sSeq: number): Promise<void> {
    const body = await this.record.readBody(res, 'POST', c2sSeq);
    // A notification or response "MUST" get 202 with no body; anything else is the server's to explain.
    const rpc = body.trim() ? this.record.body(body, res, 'json', c2sSeq) : [];
    const error = firstError(rpc);
    if (error) throw new ProtocolError(error.code, error.message, error.data, error.seq, methodOf(msg));
    this.session.delivered(msg);
  }

  /** The events a request's answer carried: a JSON body, or an event stream (resumed where the era allows). */
  private async readAnswer(res: Response, request: JsonRpcRequest, c2sSeq: number, controller: AbortController): Promise<TraceEvent[]> {
    const type = (res.headers.get('content-type') ?? '').toLowerCase();
    if (!type.startsWith('text/event-stream'))
      return this.record.body(await this.record.readBody(res, 'POST', c2sSeq), res, 'json', c2sSeq);
    // Legacy streams may be resumed; 2026-07-28: "Resumable SSE streams via Last-Event-ID are not supported".
    const resumable = modernVersionOf(request) === undefined;
    const first = await readEventStream(this.host, res, { via: 'sse', c2sSeq, requestId: request.id, controller, resumable });
    const { events, end } = resumable
      ? await this.session.resumeUntilAnswered(first, request.method, c2sSeq, request.id, controller)
      : { events: [...first.events], end: first };
    if (!answers(events, request.id) && end.tooDeep !== undefined) throw tooDeepError(this.shownUrl, end.tooDeep);
    if (!answers(events, request.id) && end.broken)
      throw new HttpNetworkError(
        `the event stream from ${this.shownUrl} broke off before the response to ${request.method} (${end.broken})`,
        end.broken,
      );
    return events;
  }

  /** No response carrying our id: a JSON-RPC error in its place is this request's failure. */
  private noResponse(events: TraceEvent[], res: Response, method: string, c2sSeq: number, controller: AbortController): never {
    const error = firstError(events);
    if (error) throw new ProtocolError(error.code, error.message, error.data, error.seq, method);
    if (controller.signal.aborted || this.closing) throw new TransportClosedError();
    this.trace.append({
      dir: 'meta',
      kind: 'http',
      raw: `POST ${this.shownUrl}: the answer to ${method} ended without its response`,
      info: { method: 'POST', url: this.shownUrl, status: res.status, phase: 'stream-ended', answered: false, requestSeq: c2sSeq },
    });
    throw new HttpNetworkError(`${method}: the HTTP response from ${this.shownUrl} ended without a response to it`, 'NO_RESPONSE');
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
    this.session.addHeaders(headers);
    return headers;
  }

  private postHeaders(msg: JsonRpcMessage | undefined): Record<string, string> {
    const headers = this.baseHeaders();
    // "The client MUST include an Accept header listing both application/json and text/event-stream".
    headers.Accept = 'application/json, text/event-stream';
    headers['Content-Type'] = 'application/json';
    const modern = this.stateless.headers(msg);
    if (modern) Object.assign(headers, modern);
    return headers;
  }
}

function messageOf(value: unknown): JsonRpcMessage | undefined {
  const c = classify(value);
  return c.kind === 'not-jsonrpc' ? undefined : c.msg;
}

function methodOf(msg: JsonRpcMessage | undefined): string | undefined {
  return msg && 'method' in msg ? msg.method : undefined;
}
