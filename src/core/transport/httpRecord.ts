/**
 * How the Streamable HTTP transport writes what happened on the wire into the trace: every
 * exchange a meta 'http' event (status, redacted headers, an excerpt of an error body), every
 * failure to reach the endpoint, every body over the cap, and each message a body or an event
 * carried an s2c event tagged with where it came from.
 */
import { maxHeaderSize } from 'node:http';
import type { NewTraceEvent, TraceEvent } from '../trace/event';
import type { Trace } from '../trace/trace';
import { depthOver, MAX_JSON_DEPTH } from '../wire/jsonDepth';
import { jsonEvent, lineEvent, tryParse } from '../wire/lineEvent';
import { tooDeepEvent } from '../wire/stdoutClassifier';
import { isResponse, type JsonRpcMessage, type RequestId } from '../wire/message';
import { BodyOverCapError, readCapped } from './httpBody';
import { HttpNetworkError, networkCode, networkMessage } from './httpErrors';
import { HttpRedirectError } from './httpFetch';
import { hideSecrets, redactHeaders, redactUrl } from './httpRedact';

/** What an s2c event read from HTTP records about where it came from. */
export type Via = 'json' | 'sse' | 'get';

/** The most of an error body kept in the trace. */
const BODY_EXCERPT = 2000;

/** The facts every meta 'http' event of an exchange starts with: what was sent and what came back. */
export function exchangeInfo(
  method: string,
  url: string,
  headers: Record<string, string>,
  res: Response,
  secrets: readonly string[],
): Record<string, unknown> {
  return {
    method,
    url,
    status: res.status,
    statusText: res.statusText,
    requestHeaders: redactHeaders(headers, secrets),
    headers: redactHeaders(headerRecord(res.headers), secrets),
  };
}

/** `POST url → 200 OK (text/event-stream)`: an exchange's line in the trace. */
export function exchangeLine(method: string, url: string, res: Response): string {
  const type = res.headers.get('content-type') ?? '';
  const shape = type ? ` (${type.split(';')[0]})` : '';
  return `${method} ${url} → ${res.status} ${res.statusText}${shape}`.trim();
}

/** The head of a body as the trace keeps it, secrets hidden. */
export function bodyExcerpt(body: string, secrets: readonly string[]): string {
  return hideSecrets(body.slice(0, BODY_EXCERPT), secrets);
}

/** What an exchange's trace line records besides its method: the request's headers, the response, the request's seq, the body read, fields of the caller's. */
export type ExchangeFacts = [
  headers: Record<string, string>,
  res: Response,
  requestSeq: number | undefined,
  body?: string,
  extra?: Record<string, unknown>,
];

export class HttpRecorder {
  constructor(
    private readonly trace: Trace,
    /** The endpoint as the trace shows it (secrets hidden). */
    private readonly endpoint: string,
    private readonly secrets: readonly string[],
    /** Told each s2c event that carries a message, once it is in the trace. */
    private readonly delivered: (stored: TraceEvent & { msg: JsonRpcMessage }) => void,
  ) {}

  exchange(method: string, ...[headers, res, requestSeq, body, extra]: ExchangeFacts): void {
    const info = exchangeInfo(method, this.endpoint, headers, res, this.secrets);
    if (requestSeq !== undefined) info.requestSeq = requestSeq;
    const sessionId = res.headers.get('mcp-session-id') ?? headers['Mcp-Session-Id'];
    if (sessionId !== undefined) info.sessionId = sessionId;
    if (body && body.trim()) info.body = bodyExcerpt(body, this.secrets);
    Object.assign(info, extra);
    this.trace.append({ dir: 'meta', kind: 'http', raw: exchangeLine(method, this.endpoint, res), info });
  }

  failure(
    method: string,
    headers: Record<string, string>,
    err: unknown,
    requestSeq: number | undefined,
    extra?: Record<string, unknown>,
  ): HttpNetworkError {
    const code = networkCode(err);
    const message = hideSecrets(networkMessage(err), this.secrets);
    const info: Record<string, unknown> = {
      method,
      url: this.endpoint,
      error: { code, message },
      requestHeaders: redactHeaders(headers, this.secrets),
    };
    if (requestSeq !== undefined) info.requestSeq = requestSeq;
    if (err instanceof HttpRedirectError)
      info.redirect = {
        ...err.redirect,
        chain: err.redirect.chain.map((u) => redactUrl(u, this.secrets)),
        location: redactUrl(err.redirect.location, this.secrets),
      };
    // undici refuses a response whose header block is over Node's --max-http-header-size.
    if (code === 'UND_ERR_HEADERS_OVERFLOW') info.headerLimit = maxHeaderSize;
    Object.assign(info, extra);
    this.trace.append({ dir: 'meta', kind: 'http', raw: `${method} ${this.endpoint} failed: ${code} (${message})`, info });
    if (err instanceof HttpRedirectError) return new HttpNetworkError(`${method} ${this.endpoint}: ${message}`, code);
    if (code === 'UND_ERR_HEADERS_OVERFLOW')
      return new HttpNetworkError(
        `${method} ${this.endpoint}: the response headers are over the ${maxHeaderSize}-byte limit (${message})`,
        code,
      );
    return new HttpNetworkError(`Cannot reach ${this.endpoint}: ${code} (${message})`, code);
  }

  /** A URL that cannot work, refused before anything is sent. */
  refusal(message: string): HttpNetworkError {
    // `exited` settles on close(): the caller closes a client whose connect() failed.
    this.trace.append({
      dir: 'meta',
      kind: 'http',
      raw: message,
      info: { method: 'POST', url: this.endpoint, error: { code: 'EINVAL', message } },
    });
    return new HttpNetworkError(message, 'EINVAL');
  }

  /** A response body, at most MAX_BODY_BYTES decoded: past that the response is aborted, recorded, and the exchange fails. */
  async readBody(res: Response, method: string, c2sSeq: number | undefined): Promise<string> {
    try {
      return await readCapped(res);
    } catch (err) {
      if (!(err instanceof BodyOverCapError)) throw err;
      this.overCap(res, method, c2sSeq, err);
      throw err;
    }
  }

  overCap(res: Response, method: string, c2sSeq: number | undefined, err: BodyOverCapError): void {
    const info: Record<string, unknown> = {
      method,
      url: this.endpoint,
      status: res.status,
      phase: 'body-over-cap',
      bytes: err.bytes,
      cap: err.cap,
    };
    if (err.encoding) info.encoding = err.encoding;
    if (c2sSeq !== undefined) info.requestSeq = c2sSeq;
    this.trace.append({ dir: 'meta', kind: 'http', raw: `${method} ${this.endpoint}: ${err.message}`, info });
  }

  /** Records a JSON body (one message or a batch array) as s2c events. */
  body(body: string, res: Response, via: Via, c2sSeq: number): TraceEvent[] {
    if (!body.trim()) return [];
    const type = (res.headers.get('content-type') ?? '').toLowerCase();
    const depth = depthOver(body);
    if (depth !== undefined) {
      this.tooDeep(body, depth, via, res.status, c2sSeq);
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

  /**
   * A JSON text nested deeper than MAX_JSON_DEPTH is not parsed (what reads a value after
   * JSON.parse recurses and would overflow the stack): it becomes an event with its head
   * kept and the depth named, and the exchange fails.
   */
  tooDeep(text: string, depth: number, via: Via, status: number, c2sSeq: number | undefined): TraceEvent {
    return this.deliver(tooDeepEvent('s2c', text, depth), via, status, c2sSeq);
  }

  deliver(e: NewTraceEvent, via: Via, status: number, c2sSeq: number | undefined, eventId?: string): TraceEvent {
    const http: Record<string, unknown> = { via, status };
    if (c2sSeq !== undefined) http.requestSeq = c2sSeq;
    if (eventId !== undefined) http.eventId = eventId;
    e.info = { ...e.info, http };
    const stored = this.trace.append(e);
    if (stored.msg) this.delivered(stored as TraceEvent & { msg: JsonRpcMessage });
    return stored;
  }
}

export function tooDeepError(endpoint: string, depth: number): HttpNetworkError {
  return new HttpNetworkError(
    `the answer from ${endpoint} is JSON nested ${depth} levels deep, over the cap of ${MAX_JSON_DEPTH}: not read`,
    'JSON_TOO_DEEP',
  );
}

export function headerRecord(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => (out[name] = value));
  return out;
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
export function errorOf(e: TraceEvent): { code: number; message: string; data?: unknown; seq: number } | undefined {
  const err = isResponse(e.msg) ? e.msg.error : (e.info?.rpcError as { code: number; message: string; data?: unknown } | undefined);
  return err ? { ...err, seq: e.seq } : undefined;
}

/** The first JSON-RPC error among recorded events: in place of a response, the request's failure. */
export function firstError(events: readonly TraceEvent[]): ReturnType<typeof errorOf> {
  return events.map(errorOf).find((e) => e !== undefined);
}

/** Whether the events hold the response to this request. */
export function answers(events: readonly TraceEvent[], requestId: RequestId): boolean {
  return events.some((e) => isResponse(e.msg) && e.msg.id !== null && idKey(e.msg.id) === idKey(requestId));
}

/** A request id as a map key: 1 and "1" are different ids. */
export function idKey(id: RequestId): string {
  return `${typeof id}:${String(id)}`;
}
