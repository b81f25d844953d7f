import type { NewTraceEvent, TraceEvent } from '../trace/event';
import type { Trace } from '../trace/trace';
import { Emitter, type Disposable } from '../util/disposable';
import { lineEvent } from '../wire/lineEvent';
import { headerRecord, readText, type HttpServerSpec } from './http';
import { authorizedFetch, sendAuthorized } from './authorizedSend';
import type { HttpAuthorizer } from './httpAuthorizer';
import { HttpNetworkError, HttpStatusError, networkCode, networkMessage } from './httpErrors';
import { hideSecrets, redactHeaders, redactUrl } from './httpRedact';
import { SseParser, type SseEvent } from './sse';
import { TransportClosedError } from './stdio';
import type { ExitInfo, Transport } from './transport';

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

/** The most of an error body kept in the trace. */
const BODY_EXCERPT = 2000;

/** The URL an `endpoint` event names, or why it cannot be used. */
export function endpointProblem(e: SseEvent, streamUrl: string): { problem: string } | { url: string } {
  // 2025-03-26 backwards compatibility: "an SSE stream with an endpoint event as the first event".
  if (e.event !== 'endpoint') return { problem: `the first event is "${e.event}", not "endpoint"` };
  let url: URL;
  try {
    url = new URL(e.data.trim(), streamUrl);
  } catch {
    return { problem: `its data ${JSON.stringify(e.data.slice(0, 200))} is not a URI` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { problem: `its URI ${url.href} is not http(s)` };
  // Messages carry the configured credentials: they go only where the stream came from.
  if (url.origin !== new URL(streamUrl).origin) return { problem: `its URI ${url.origin} is not the origin of the stream (${new URL(streamUrl).origin})` };
  return { url: url.href };
}

/**
 * The HTTP+SSE transport of protocol 2024-11-05 (`"type": "sse"`): "the server MUST send an
 * endpoint event containing a URI for the client to use for sending messages. All subsequent
 * client messages MUST be sent as HTTP POST requests to this endpoint." "Server messages are
 * sent as SSE message events, with the message content encoded as JSON in the event data."
 * The stream is the session: when the server closes it, the connection is over.
 */
export class LegacySseTransport implements Transport {
  private readonly messageEmitter = new Emitter<TraceEvent>();
  private readonly secrets: string[];
  private readonly streamUrl: string;
  private postUrl: string | undefined;
  private readonly controllers = new Set<AbortController>();
  private closing: Promise<void> | undefined;
  private ended = false;
  private resolveExited!: (info: ExitInfo) => void;

  readonly exited: Promise<ExitInfo>;
  readonly pid = undefined;
  readonly onMessage = (listener: (e: TraceEvent) => void): Disposable => this.messageEmitter.event(listener);

  constructor(
    readonly spec: HttpServerSpec,
    readonly trace: Trace,
    private readonly options: LegacySseOptions = {},
  ) {
    this.secrets = spec.secrets ?? [];
    this.streamUrl = redactUrl(spec.url, this.secrets);
    this.exited = new Promise((resolve) => (this.resolveExited = resolve));
  }

  /** Opens the event stream and waits for its `endpoint` event. */
  async start(): Promise<void> {
    let url: URL;
    try {
      url = new URL(this.spec.url);
    } catch {
      throw this.refuse(`"${this.streamUrl}" is not a valid URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw this.refuse(`"${this.streamUrl}" is not an http(s) URL (HTTP+SSE needs http:// or https://)`);
    this.trace.append({
      dir: 'meta',
      kind: 'note',
      raw: `HTTP+SSE endpoint ${this.streamUrl} (2024-11-05 transport)`,
      info: { transport: 'sse', url: this.streamUrl, headers: redactHeaders(this.spec.headers ?? {}, this.secrets) },
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
    let headers = this.postHeaders();
    try {
      let res: Response;
      try {
        res = await sendAuthorized({
          authorizer: this.options.authorizer,
          trace: this.trace,
          headers,
          send: (now) => authorizedFetch(this.options.authorizer, postUrl, { method: 'POST', headers: (headers = now), body: line, signal: controller.signal }, fetch),
          nextHeaders: () => this.postHeaders(),
          recordChallenge: async (refused, now) => this.recordExchange('POST', postUrl, now, refused, sent.seq, await readText(refused), { authChallenge: true }),
        });
      } catch (err) {
        if (this.closing || controller.signal.aborted) throw new TransportClosedError();
        if (!(err instanceof Error) || err.name === 'AuthorizationError') throw err;
        throw this.recordFailure('POST', postUrl, headers, err, sent.seq);
      }
      const body = await readText(res);
      this.recordExchange('POST', postUrl, headers, res, sent.seq, res.ok ? undefined : body);
      // The SDKs answer 202 Accepted; the JSON-RPC response comes as a `message` event on the stream.
      if (!res.ok) throw new HttpStatusError(`The message was refused: HTTP ${res.status} from ${redactUrl(postUrl, this.secrets)} (${res.statusText || 'error'})`, res.status, redactUrl(postUrl, this.secrets));
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
    this.trace.append({ dir: 'meta', kind: 'note', raw: `disconnected from ${this.streamUrl}`, info: { transport: 'sse', closed: true } });
    this.finish();
    return Promise.resolve();
  }

  private finish(): void {
    if (this.ended) return;
    this.ended = true;
    this.messageEmitter.dispose();
    this.resolveExited({ code: null, signal: null });
  }

  private async openStream(): Promise<{ res: Response; controller: AbortController }> {
    await this.options.authorizer?.beforeRequest(this.trace);
    const controller = this.track(new AbortController());
    let headers = this.streamHeaders();
    let res: Response;
    try {
      res = await sendAuthorized({
        authorizer: this.options.authorizer,
        trace: this.trace,
        headers,
        send: (now) => authorizedFetch(this.options.authorizer, this.spec.url, { method: 'GET', headers: (headers = now), signal: controller.signal }, fetch),
        nextHeaders: () => this.streamHeaders(),
        recordChallenge: async (refused, now) => this.recordExchange('GET', this.spec.url, now, refused, undefined, await readText(refused), { authChallenge: true }),
      });
    } catch (err) {
      this.controllers.delete(controller);
      if (this.closing) throw new TransportClosedError();
      if (!(err instanceof Error) || err.name === 'AuthorizationError') throw err;
      throw this.recordFailure('GET', this.spec.url, headers, err, undefined);
    }
    const type = (res.headers.get('content-type') ?? '').toLowerCase();
    if (!res.ok || !type.startsWith('text/event-stream')) {
      this.controllers.delete(controller);
      const body = await readText(res);
      const notStream = res.ok ? { phase: 'sse-endpoint', error: { code: 'NOT_EVENT_STREAM', message: `the GET answered ${type || 'no content type'}, not text/event-stream` } } : undefined;
      this.recordExchange('GET', this.spec.url, headers, res, undefined, body, notStream);
      throw new HttpStatusError(
        res.ok ? `GET ${this.streamUrl} answered ${type || 'no content type'}, not an event stream (text/event-stream)` : `GET ${this.streamUrl} was refused: HTTP ${res.status} (${res.statusText || 'error'})`,
        res.status,
        this.streamUrl,
      );
    }
    this.recordExchange('GET', this.spec.url, headers, res, undefined);
    return { res, controller };
  }

  /** Reads the stream until its first event: the endpoint; the rest is read in the background. */
  private readEndpoint(res: Response, controller: AbortController): Promise<void> {
    const reader = res.body!.getReader();
    const parser = new SseParser();
    const decoder = new TextDecoder();
    return new Promise<void>((resolve, reject) => {
      let settled = false;
      const timer = setTimeout(() => fail('NO_ENDPOINT', `no endpoint event within ${this.options.endpointTimeoutMs ?? 10_000} ms`), this.options.endpointTimeoutMs ?? 10_000);
      // close() while waiting: the caller gave up; nothing about the server to record.
      const abandon = () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(new TransportClosedError());
      };
      const fail = (code: string, problem: string, event?: SseEvent) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        controller.abort();
        const info: Record<string, unknown> = { method: 'GET', url: this.streamUrl, status: res.status, phase: 'sse-endpoint', error: { code, message: problem } };
        if (this.options.fallback) info.sseFallback = true;
        if (event) info.event = { event: event.event, data: hideSecrets(event.data.slice(0, BODY_EXCERPT), this.secrets) };
        this.trace.append({ dir: 'meta', kind: 'http', raw: `GET ${this.streamUrl}: no usable endpoint event (${problem})`, info });
        reject(new HttpNetworkError(`The HTTP+SSE server at ${this.streamUrl} gave no usable endpoint: ${problem}`, code));
      };
      const take = (events: SseEvent[]) => {
        for (const e of events) {
          if (!settled) {
            const endpoint = endpointProblem(e, this.spec.url);
            if ('problem' in endpoint) return fail('BAD_ENDPOINT', `the endpoint event is unusable: ${endpoint.problem}`, e);
            settled = true;
            clearTimeout(timer);
            this.postUrl = endpoint.url;
            this.trace.append({
              dir: 'meta',
              kind: 'http',
              raw: `GET ${this.streamUrl}: endpoint event → POST messages to ${redactUrl(endpoint.url, this.secrets)}`,
              info: { method: 'GET', url: this.streamUrl, status: res.status, phase: 'sse-endpoint', endpoint: redactUrl(endpoint.url, this.secrets) },
            });
            resolve();
            continue;
          }
          this.onStreamEvent(e, res.status);
        }
      };
      void (async () => {
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            take(parser.push(decoder.decode(value, { stream: true })));
          }
          take(parser.push(decoder.decode()));
        } catch (err) {
          if (controller.signal.aborted || this.closing) return abandon();
          this.streamEnded(parser, res.status, err);
          fail('STREAM_CLOSED', 'the stream broke off before the endpoint event');
          return;
        }
        if (this.closing) return abandon();
        this.streamEnded(parser, res.status);
        fail('STREAM_CLOSED', 'the server closed the stream before the endpoint event');
      })();
    });
  }

  /** After the endpoint: `message` events are the server's messages; anything else is noted. */
  private onStreamEvent(e: SseEvent, status: number): void {
    if (e.event !== 'message') {
      this.trace.append({ dir: 'meta', kind: 'note', raw: `ignored an SSE "${e.event}" event (HTTP+SSE carries messages as "message" events)`, info: { transport: 'sse', phase: 'sse-other-event', event: e.event, data: hideSecrets(e.data.slice(0, BODY_EXCERPT), this.secrets) } });
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
      this.trace.append({ dir: 'meta', kind: 'note', raw: `the event stream from ${this.streamUrl} ended in the middle of an event (not dispatched, as SSE requires)`, info: { transport: 'sse', phase: 'stream-partial' } });
    }
    const how = err === undefined ? 'the server closed the event stream' : `the event stream broke off (${networkCode(err)}: ${hideSecrets(networkMessage(err), this.secrets)})`;
    const info: Record<string, unknown> = { method: 'GET', url: this.streamUrl, status, phase: 'sse-closed' };
    if (err !== undefined) info.error = { code: networkCode(err), message: hideSecrets(networkMessage(err), this.secrets) };
    // Before the endpoint event the endpoint failure (readEndpoint) is the story.
    if (this.postUrl === undefined) info.beforeEndpoint = true;
    this.trace.append({ dir: 'meta', kind: 'http', raw: `GET ${this.streamUrl}: ${how}; the HTTP+SSE session is over`, info });
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

  private recordExchange(method: string, url: string, headers: Record<string, string>, res: Response, requestSeq: number | undefined, body?: string, extra?: Record<string, unknown>): void {
    const shown = redactUrl(url, this.secrets);
    const info: Record<string, unknown> = {
      method,
      url: shown,
      status: res.status,
      statusText: res.statusText,
      requestHeaders: redactHeaders(headers, this.secrets),
      headers: redactHeaders(headerRecord(res.headers), this.secrets),
      transport: 'sse',
    };
    if (requestSeq !== undefined) info.requestSeq = requestSeq;
    if (method === 'GET' && this.options.fallback) info.sseFallback = true;
    if (body && body.trim()) info.body = hideSecrets(body.slice(0, BODY_EXCERPT), this.secrets);
    Object.assign(info, extra);
    const type = res.headers.get('content-type');
    const shape = type ? ` (${type.split(';')[0]})` : '';
    this.trace.append({ dir: 'meta', kind: 'http', raw: `${method} ${shown} → ${res.status} ${res.statusText}${shape}`.trim(), info });
  }

  private recordFailure(method: string, url: string, headers: Record<string, string>, err: unknown, requestSeq: number | undefined): HttpNetworkError {
    const shown = redactUrl(url, this.secrets);
    const code = networkCode(err);
    const message = hideSecrets(networkMessage(err), this.secrets);
    const info: Record<string, unknown> = { method, url: shown, error: { code, message }, requestHeaders: redactHeaders(headers, this.secrets), transport: 'sse' };
    if (requestSeq !== undefined) info.requestSeq = requestSeq;
    if (method === 'GET' && this.options.fallback) info.sseFallback = true;
    this.trace.append({ dir: 'meta', kind: 'http', raw: `${method} ${shown} failed: ${code} (${message})`, info });
    return new HttpNetworkError(`Cannot reach ${shown}: ${code} (${message})`, code);
  }

  private refuse(message: string): HttpNetworkError {
    this.trace.append({ dir: 'meta', kind: 'http', raw: message, info: { method: 'GET', url: this.streamUrl, error: { code: 'EINVAL', message } } });
    return new HttpNetworkError(message, 'EINVAL');
  }
}
