import type { NewTraceEvent } from '../trace/event';
import type { Trace } from '../trace/trace';
import { lineEvent } from '../wire/lineEvent';
import type { HttpServerSpec } from './http';
import { authorizedFetch, sendAuthorized } from './authorizedSend';
import type { HttpAuthorizer } from './httpAuthorizer';
import { HttpNetworkError, HttpStatusError, networkCode, networkMessage } from './httpErrors';
import { hideSecrets, redactHeaders, redactUrl } from './httpRedact';
import { bodyExcerpt, exchangeInfo, exchangeLine, readText, type ExchangeFacts } from './httpRecord';
import { httpUrlProblem, RemoteTransport } from './remoteTransport';
import { SseParser, type SseEvent } from './sse';
import { EndpointWait, endpointProblem } from './sseEndpoint';
import { TransportClosedError } from './transportErrors';

export { endpointProblem } from './sseEndpoint';

export interface LegacySseOptions {
  /** Supplies the Authorization header and answers 401/403, as for Streamable HTTP. */
  authorizer?: HttpAuthorizer;
  /** How long start() waits for the `endpoint` event. Default 10 000 ms. */
  endpointTimeoutMs?: number;
  /**
   * Tried after a Streamable HTTP POST was refused (sseFallback.ts): the GET's failures are
   * tagged `sseFallback`, since what failed is the endpoint as a whole, told once by the caller.
   */
  fallback?: boolean;
}

/**
 * The HTTP+SSE transport of protocol 2024-11-05 (`"type": "sse"`): "the server MUST send an
 * endpoint event containing a URI for the client to use for sending messages. All subsequent
 * client messages MUST be sent as HTTP POST requests to this endpoint." "Server messages are
 * sent as SSE message events, with the message content encoded as JSON in the event data."
 * The stream is the session: when the server closes it, the connection is over.
 */
export class LegacySseTransport extends RemoteTransport {
  private postUrl: string | undefined;
  private readonly controllers = new Set<AbortController>();
  private closing: Promise<void> | undefined;
  private ended = false;

  constructor(
    spec: HttpServerSpec,
    trace: Trace,
    private readonly options: LegacySseOptions = {},
  ) {
    super(spec, trace);
  }

  /** Opens the event stream and waits for its `endpoint` event. */
  async start(): Promise<void> {
    const problem = httpUrlProblem(this.spec.url, this.shownUrl, 'HTTP+SSE');
    if (problem) throw this.refuse(problem);
    this.trace.append({
      dir: 'meta',
      kind: 'note',
      raw: `HTTP+SSE endpoint ${this.shownUrl} (2024-11-05 transport)`,
      info: { transport: 'sse', url: this.shownUrl, headers: redactHeaders(this.spec.headers ?? {}, this.secrets) },
    });
    const { res, controller } = await this.openStream();
    await this.readEndpoint(res, controller);
  }

  /** POSTs one message to the endpoint the server named; its answer comes on the stream. */
  async send(line: string): Promise<void> {
    if (this.closing || this.ended) throw new TransportClosedError();
    const postUrl = this.postUrl;
    if (!postUrl) throw new HttpNetworkError('The HTTP+SSE stream has not named its message endpoint yet', 'NO_ENDPOINT');
    const sent = this.trace.append(lineEvent('c2s', line));
    await this.options.authorizer?.beforeRequest(this.trace);
    const controller = this.track(new AbortController());
    try {
      const { res, headers } = await this.request('POST', postUrl, () => this.postHeaders(), controller, sent.seq, line);
      const body = await readText(res);
      this.recordExchange('POST', postUrl, headers, res, sent.seq, res.ok ? undefined : body);
      // The SDKs answer 202 Accepted; the JSON-RPC response comes as a `message` event on the stream.
      if (!res.ok)
        throw new HttpStatusError(
          `The message was refused: HTTP ${res.status} from ${redactUrl(postUrl, this.secrets)} (${res.statusText || 'error'})`,
          res.status,
          redactUrl(postUrl, this.secrets),
        );
    } finally {
      this.controllers.delete(controller);
    }
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private shutdown(): Promise<void> {
    for (const c of this.controllers) c.abort();
    this.controllers.clear();
    this.options.authorizer?.close();
    this.trace.append({ dir: 'meta', kind: 'note', raw: `disconnected from ${this.shownUrl}`, info: { transport: 'sse', closed: true } });
    this.finish();
    return Promise.resolve();
  }

  private finish(): void {
    if (this.ended) return;
    this.ended = true;
    this.messageEmitter.dispose();
    this.settleExited();
  }

  private async openStream(): Promise<{ res: Response; controller: AbortController }> {
    await this.options.authorizer?.beforeRequest(this.trace);
    const controller = this.track(new AbortController());
    let sent: { res: Response; headers: Record<string, string> };
    try {
      sent = await this.request('GET', this.spec.url, () => this.streamHeaders(), controller, undefined);
    } catch (err) {
      this.controllers.delete(controller);
      throw err;
    }
    const { res, headers } = sent;
    const type = (res.headers.get('content-type') ?? '').toLowerCase();
    if (!res.ok || !type.startsWith('text/event-stream')) {
      this.controllers.delete(controller);
      const body = await readText(res);
      const notStream = res.ok
        ? {
            phase: 'sse-endpoint',
            error: { code: 'NOT_EVENT_STREAM', message: `the GET answered ${type || 'no content type'}, not text/event-stream` },
          }
        : undefined;
      this.recordExchange('GET', this.spec.url, headers, res, undefined, body, notStream);
      throw new HttpStatusError(
        res.ok
          ? `GET ${this.shownUrl} answered ${type || 'no content type'}, not an event stream (text/event-stream)`
          : `GET ${this.shownUrl} was refused: HTTP ${res.status} (${res.statusText || 'error'})`,
        res.status,
        this.shownUrl,
      );
    }
    this.recordExchange('GET', this.spec.url, headers, res, undefined);
    return { res, controller };
  }

  /**
   * One request to `url` through the authorization flow (401/403 answered, then sent again).
   * Returns the answer and the headers last sent; a network failure is recorded and thrown.
   */
  private async request(
    method: 'GET' | 'POST',
    url: string,
    nextHeaders: () => Record<string, string>,
    controller: AbortController,
    requestSeq: number | undefined,
    body?: string,
  ): Promise<{ res: Response; headers: Record<string, string> }> {
    let headers = nextHeaders();
    try {
      const res = await sendAuthorized({
        authorizer: this.options.authorizer,
        trace: this.trace,
        headers,
        send: (now) =>
          authorizedFetch(
            this.options.authorizer,
            url,
            { method, headers: (headers = now), ...(body === undefined ? {} : { body }), signal: controller.signal },
            fetch,
          ),
        nextHeaders,
        recordChallenge: async (refused, now) =>
          this.recordExchange(method, url, now, refused, requestSeq, await readText(refused), { authChallenge: true }),
      });
      return { res, headers };
    } catch (err) {
      // Aborted only by close().
      if (this.closing || controller.signal.aborted) throw new TransportClosedError();
      if (!(err instanceof Error) || err.name === 'AuthorizationError') throw err;
      throw this.recordFailure(method, url, headers, err, requestSeq);
    }
  }

  /** Reads the stream until its first event: the endpoint; the rest is read in the background. */
  private readEndpoint(res: Response, controller: AbortController): Promise<void> {
    const reader = res.body!.getReader();
    const timeoutMs = this.options.endpointTimeoutMs ?? 10_000;
    const wait = new EndpointWait(timeoutMs, () =>
      this.endpointFailed(wait, res, controller, 'NO_ENDPOINT', `no endpoint event within ${timeoutMs} ms`),
    );
    void this.readEvents(reader, res, controller, wait);
    return wait.promise;
  }

  /** The whole stream: its first event is the endpoint, then the server's messages until it ends. */
  private async readEvents(
    reader: ReadableStreamDefaultReader<Uint8Array>,
    res: Response,
    controller: AbortController,
    wait: EndpointWait,
  ): Promise<void> {
    const parser = new SseParser();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        this.take(parser.push(decoder.decode(value, { stream: true })), res, controller, wait);
      }
      this.take(parser.push(decoder.decode()), res, controller, wait);
    } catch (err) {
      // close() while waiting: the caller gave up; nothing about the server to record.
      if (controller.signal.aborted || this.closing) return wait.abandon();
      this.streamEnded(parser, res.status, err);
      this.endpointFailed(wait, res, controller, 'STREAM_CLOSED', 'the stream broke off before the endpoint event');
      return;
    }
    if (this.closing) return wait.abandon();
    this.streamEnded(parser, res.status);
    this.endpointFailed(wait, res, controller, 'STREAM_CLOSED', 'the server closed the stream before the endpoint event');
  }

  private take(events: SseEvent[], res: Response, controller: AbortController, wait: EndpointWait): void {
    for (const e of events) {
      if (!wait.settled) {
        const endpoint = endpointProblem(e, this.spec.url);
        if ('problem' in endpoint)
          return this.endpointFailed(wait, res, controller, 'BAD_ENDPOINT', `the endpoint event is unusable: ${endpoint.problem}`, e);
        wait.settle();
        this.endpointNamed(endpoint.url, res.status);
        wait.resolve();
        continue;
      }
      this.onStreamEvent(e, res.status);
    }
  }

  private endpointNamed(url: string, status: number): void {
    this.postUrl = url;
    this.trace.append({
      dir: 'meta',
      kind: 'http',
      raw: `GET ${this.shownUrl}: endpoint event → POST messages to ${redactUrl(url, this.secrets)}`,
      info: { method: 'GET', url: this.shownUrl, status, phase: 'sse-endpoint', endpoint: redactUrl(url, this.secrets) },
    });
  }

  /** No usable endpoint event: the stream is aborted, the failure recorded, start() rejected. */
  private endpointFailed(
    wait: EndpointWait,
    res: Response,
    controller: AbortController,
    code: string,
    problem: string,
    event?: SseEvent,
  ): void {
    if (!wait.settle()) return;
    controller.abort();
    const info: Record<string, unknown> = {
      method: 'GET',
      url: this.shownUrl,
      status: res.status,
      phase: 'sse-endpoint',
      error: { code, message: problem },
    };
    if (this.options.fallback) info.sseFallback = true;
    if (event) info.event = { event: event.event, data: bodyExcerpt(event.data, this.secrets) };
    this.trace.append({ dir: 'meta', kind: 'http', raw: `GET ${this.shownUrl}: no usable endpoint event (${problem})`, info });
    wait.reject(new HttpNetworkError(`The HTTP+SSE server at ${this.shownUrl} gave no usable endpoint: ${problem}`, code));
  }

  /** After the endpoint: `message` events are the server's messages; anything else is noted. */
  private onStreamEvent(e: SseEvent, status: number): void {
    if (e.event !== 'message') {
      this.trace.append({
        dir: 'meta',
        kind: 'note',
        raw: `ignored an SSE "${e.event}" event (HTTP+SSE carries messages as "message" events)`,
        info: { transport: 'sse', phase: 'sse-other-event', event: e.event, data: bodyExcerpt(e.data, this.secrets) },
      });
      return;
    }
    const event: NewTraceEvent = lineEvent('s2c', e.data);
    const http: Record<string, unknown> = { via: 'get', status };
    if (e.id !== undefined) http.eventId = e.id;
    event.info = { ...event.info, http };
    const stored = this.trace.append(event);
    if (stored.msg && !this.ended) this.messageEmitter.fire(stored);
  }

  /** The stream is the session: once the server closes it, nothing more can be answered. */
  private streamEnded(parser: SseParser, status: number, err?: unknown): void {
    if (parser.end().incomplete) {
      this.trace.append({
        dir: 'meta',
        kind: 'note',
        raw: `the event stream from ${this.shownUrl} ended in the middle of an event (not dispatched, as SSE requires)`,
        info: { transport: 'sse', phase: 'stream-partial' },
      });
    }
    const how =
      err === undefined
        ? 'the server closed the event stream'
        : `the event stream broke off (${networkCode(err)}: ${hideSecrets(networkMessage(err), this.secrets)})`;
    const info: Record<string, unknown> = { method: 'GET', url: this.shownUrl, status, phase: 'sse-closed' };
    if (err !== undefined) info.error = { code: networkCode(err), message: hideSecrets(networkMessage(err), this.secrets) };
    // Before the endpoint event the endpoint failure (readEndpoint) is the story.
    if (this.postUrl === undefined) info.beforeEndpoint = true;
    this.trace.append({ dir: 'meta', kind: 'http', raw: `GET ${this.shownUrl}: ${how}; the HTTP+SSE session is over`, info });
    if (this.postUrl !== undefined) this.finish();
  }

  private baseHeaders(): Record<string, string> {
    const headers: Record<string, string> = { ...this.spec.headers };
    const authorization = this.options.authorizer?.authorization();
    if (authorization) headers.Authorization = authorization;
    return headers;
  }

  private streamHeaders(): Record<string, string> {
    return { ...this.baseHeaders(), Accept: 'text/event-stream' };
  }

  private postHeaders(): Record<string, string> {
    return { ...this.baseHeaders(), 'Content-Type': 'application/json' };
  }

  private track(controller: AbortController): AbortController {
    this.controllers.add(controller);
    return controller;
  }

  private recordExchange(method: string, url: string, ...[headers, res, requestSeq, body, extra]: ExchangeFacts): void {
    const shown = redactUrl(url, this.secrets);
    const info: Record<string, unknown> = { ...exchangeInfo(method, shown, headers, res, this.secrets), transport: 'sse' };
    if (requestSeq !== undefined) info.requestSeq = requestSeq;
    if (method === 'GET' && this.options.fallback) info.sseFallback = true;
    if (body && body.trim()) info.body = bodyExcerpt(body, this.secrets);
    Object.assign(info, extra);
    this.trace.append({ dir: 'meta', kind: 'http', raw: exchangeLine(method, shown, res), info });
  }

  private recordFailure(
    method: string,
    url: string,
    headers: Record<string, string>,
    err: unknown,
    requestSeq: number | undefined,
  ): HttpNetworkError {
    const shown = redactUrl(url, this.secrets);
    const code = networkCode(err);
    const message = hideSecrets(networkMessage(err), this.secrets);
    const info: Record<string, unknown> = {
      method,
      url: shown,
      error: { code, message },
      requestHeaders: redactHeaders(headers, this.secrets),
      transport: 'sse',
    };
    if (requestSeq !== undefined) info.requestSeq = requestSeq;
    if (method === 'GET' && this.options.fallback) info.sseFallback = true;
    this.trace.append({ dir: 'meta', kind: 'http', raw: `${method} ${shown} failed: ${code} (${message})`, info });
    return new HttpNetworkError(`Cannot reach ${shown}: ${code} (${message})`, code);
  }

  private refuse(message: string): HttpNetworkError {
    this.trace.append({
      dir: 'meta',
      kind: 'http',
      raw: message,
      info: { method: 'GET', url: this.shownUrl, error: { code: 'EINVAL', message } },
    });
    return new HttpNetworkError(message, 'EINVAL');
  }
}
