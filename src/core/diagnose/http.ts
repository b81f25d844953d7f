import type { TraceEvent } from '../trace/event';
import type { DiagnoseContext, RequestRecord } from './context';

/** Where an s2c event read from a Streamable HTTP response came from (set by the HTTP transport). */
export interface HttpOrigin {
  via: 'json' | 'sse' | 'get';
  status: number;
  /** The seq of the c2s message whose POST this answered. */
  requestSeq?: number;
}

export function httpOrigin(e: TraceEvent): HttpOrigin | undefined {
  const h = e.info?.http as HttpOrigin | undefined;
  return h && typeof h === 'object' && typeof h.status === 'number' ? h : undefined;
}

/**
 * A JSON-RPC error an HTTP response carried in place of an answer (an error status, or an
 * error with no usable id): the HTTP rules explain it ("The HTTP response body MAY comprise
 * a JSON-RPC error response that has no id"), so the stdio envelope rules leave it alone.
 */
export function isHttpErrorReply(e: TraceEvent): boolean {
  const origin = httpOrigin(e);
  if (!origin || e.dir !== 's2c') return false;
  if (origin.status >= 400) return true;
  const m = e.msg as { id?: unknown; error?: unknown } | undefined;
  return (m !== undefined && m.error !== undefined && (m.id === null || m.id === undefined)) || e.info?.rpcError !== undefined;
}

/** The fields of a meta 'http' event. */
export interface HttpFact {
  method: string;
  url: string;
  status?: number;
  statusText?: string;
  headers?: Record<string, string>;
  requestHeaders?: Record<string, string>;
  sessionId?: string;
  requestSeq?: number;
  body?: string;
  error?: { code: string; message: string };
  phase?: string;
  answered?: boolean;
  /** A stream that broke off with an event id: the client resumes it (GET with Last-Event-ID). */
  resuming?: boolean;
  /** A step of trying the HTTP+SSE transport after a refused POST (transport/sseFallback.ts). */
  sseFallback?: boolean;
  /** A 401/403 the authorization flow answered (the request was sent again with a token). */
  authChallenge?: boolean;
  /** This GET resumed a stream ("Resumption is always via HTTP GET with Last-Event-ID"). */
  resume?: boolean;
}

export function httpFact(e: TraceEvent): HttpFact | undefined {
  if (e.dir !== 'meta' || e.kind !== 'http' || !e.info) return undefined;
  // A probe's own exchange (src/core/probe/http): the 404s and 403s it asks for on purpose are
  // judged by the probe's verdict, not taken for the session's failures.
  if (e.info.probe !== undefined) return undefined;
  return e.info as unknown as HttpFact;
}

/** A header by name, case-insensitively ("Clients and servers MUST use case-insensitive comparisons for header names"). */
export function header(headers: Record<string, string> | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : headers[key];
}

/** The client message an HTTP exchange carried: a request record, or a notification's method. */
export function exchangeOf(fact: { requestSeq?: number }, ctx: DiagnoseContext): RequestRecord | undefined {
  return fact.requestSeq === undefined ? undefined : ctx.requestsBySeq.get(fact.requestSeq);
}

/** Whether an HTTP body is the JSON-RPC error response to request `id`. */
export function isErrorResponseTo(body: string | undefined, id: unknown): boolean {
  if (!body) return false;
  try {
    const v = JSON.parse(body) as { jsonrpc?: unknown; id?: unknown; error?: unknown };
    return v?.jsonrpc === '2.0' && v.id === id && typeof v.error === 'object' && v.error !== null;
  } catch {
    return false;
  }
}

/** The JSON-RPC error message inside an error body, if it has one. */
export function bodyError(body: string | undefined): string | undefined {
  if (!body) return undefined;
  try {
    const v = JSON.parse(body) as { error?: { code?: unknown; message?: unknown } };
    if (v && typeof v.error === 'object' && v.error) return `${String(v.error.code)} "${String(v.error.message ?? '')}"`;
  } catch {
    // Not JSON: an HTML or text error page.
  }
  return undefined;
}
