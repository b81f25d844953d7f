import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { hideSecrets, redactHeaders, redactUrl } from '../../transport/httpRedact';
import { SseParser, type SseEvent } from '../../transport/sse';
import { isRecord } from '../../schema/isRecord';
import type { ProbeContext, ProbeId } from '../probe';

/** The most of a probe's response body read (and then the connection is closed): an answer to a ping is far smaller. */
export const PROBE_BODY_CAP = 64 * 1024;

/** The most of a body kept in the trace, as the transport keeps of an error body. */
const BODY_EXCERPT = 2000;

export interface ProbeRequest {
  method: 'GET' | 'POST' | 'DELETE';
  headers: Record<string, string>;
  body?: string;
  /** 'headers': the status and headers only (a GET stream is closed at once); 'body' (default): up to the cap. */
  read?: 'headers' | 'body';
  /** An SSE answer is read until this says enough (default: the first event that is a JSON-RPC response). */
  enough?: (events: SseEvent[]) => boolean;
  /** A shorter bound than the probe's timeout, for a stream that may legitimately stay silent. */
  timeoutMs?: number;
}

/** What one raw exchange gave, and the seq of the meta 'http' event that records it. */
export interface ProbeAnswer {
  seq: number;
  status?: number;
  statusText?: string;
  /** Response headers, names in lower case. */
  headers: Record<string, string>;
  body: string;
  /** The SSE events read, when the answer was text/event-stream. */
  events: SseEvent[];
  /** The request could not be made or was not answered in time (the probe then judges nothing). */
  error?: { code: string; message: string };
}

/**
 * One HTTP exchange a probe makes outside the client's session, recorded as a meta 'http'
 * event in the shape the transport records (src/core/transport/http.ts), credentials redacted,
 * plus `probe`: the probe judges its own exchanges, the HTTP rules leave them alone. node:http
 * rather than fetch: the host probe must set `Host`, which fetch forbids.
 */
export async function probeExchange(ctx: ProbeContext, probe: ProbeId, url: string, req: ProbeRequest): Promise<ProbeAnswer> {
  const answer = await send(url, req, Math.min(req.timeoutMs ?? ctx.timeoutMs, ctx.timeoutMs), ctx.signal);
  const shownUrl = redactUrl(url);
  const info: Record<string, unknown> = { method: req.method, url: shownUrl, requestHeaders: redactHeaders(req.headers), probe };
  if (req.body !== undefined) info.requestBody = req.body.slice(0, BODY_EXCERPT);
  let raw: string;
  if (answer.status === undefined) {
    info.error = answer.error;
    raw = `${req.method} ${shownUrl} failed: ${answer.error?.code} (${answer.error?.message}) [probe ${probe}]`;
  } else {
    Object.assign(info, { status: answer.status, statusText: answer.statusText, headers: redactHeaders(answer.headers) });
    const sessionId = answer.headers['mcp-session-id'] ?? headerValue(req.headers, 'mcp-session-id');
    if (sessionId !== undefined) info.sessionId = sessionId;
    if (answer.body.trim()) info.body = hideSecrets(answer.body.slice(0, BODY_EXCERPT), []);
    if (answer.error) info.error = answer.error;
    const type = answer.headers['content-type'];
    raw =
      `${req.method} ${shownUrl} → ${answer.status} ${answer.statusText ?? ''}${type ? ` (${type.split(';')[0]})` : ''} [probe ${probe}]`.replace(
        / +\[/,
        ' [',
      );
  }
  const event = ctx.client.trace.append({ dir: 'meta', kind: 'http', raw, info });
  return { ...answer, seq: event.seq };
}

export function headerValue(headers: Record<string, string>, name: string): string | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : headers[key];
}

function send(url: string, req: ProbeRequest, timeoutMs: number, signal: AbortSignal | undefined): Promise<Omit<ProbeAnswer, 'seq'>> {
  return new Promise((resolve) => {
    const out: Omit<ProbeAnswer, 'seq'> = { headers: {}, body: '', events: [] };
    let settled = false;
    let res: IncomingMessage | undefined;
    const finish = (error?: { code: string; message: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (error) out.error = error;
      res?.destroy();
      request?.destroy();
      resolve(out);
    };
    const onAbort = () => finish({ code: 'ABORTED', message: 'the check was cancelled' });
    const timer = setTimeout(() => finish({ code: 'ETIMEDOUT', message: `no complete answer within ${timeoutMs} ms` }), timeoutMs);
    let request: ReturnType<typeof httpRequest> | undefined;
    try {
      const target = new URL(url);
      const headers = { ...req.headers };
      if (req.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(req.body));
      request = (target.protocol === 'https:' ? httpsRequest : httpRequest)(target, { method: req.method, headers });
    } catch (err) {
      // An invalid header value (a session id with a control character) is refused by Node before sending.
      finish({ code: (err as { code?: string }).code ?? 'EINVAL', message: err instanceof Error ? err.message : String(err) });
      return;
    }
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    request.on('error', (err: NodeJS.ErrnoException) =>
      finish(out.status === undefined ? { code: err.code ?? 'ERROR', message: err.message } : undefined),
    );
    request.on('response', (response) => {
      res = response;
      out.status = response.statusCode;
      out.statusText = response.statusMessage;
      for (const [name, value] of Object.entries(response.headers)) {
        if (value !== undefined) out.headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      if (req.read === 'headers') return finish();
      const sse = (out.headers['content-type'] ?? '').toLowerCase().startsWith('text/event-stream');
      const parser = new SseParser();
      const enough = req.enough ?? ((events: SseEvent[]) => events.some((e) => isResponseData(e.data)));
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        const room = PROBE_BODY_CAP - out.body.length;
        const text = chunk.slice(0, room);
        out.body += text;
        if (sse) {
          out.events.push(...parser.push(text));
          if (enough(out.events)) return finish();
        }
        if (chunk.length >= room) finish();
      });
      response.on('end', () => finish());
      response.on('error', () => finish());
    });
    request.end(req.body);
  });
}

function isResponseData(data: string): boolean {
  try {
    const v = JSON.parse(data) as { id?: unknown; result?: unknown; error?: unknown };
    return v !== null && typeof v === 'object' && 'id' in v && ('result' in v || 'error' in v);
  } catch {
    return false;
  }
}

/** The JSON-RPC response of a raw answer: its JSON body, or the first SSE event that is one. */
export function answerResponse(answer: ProbeAnswer): Record<string, unknown> | undefined {
  const texts = answer.events.length > 0 ? answer.events.map((e) => e.data) : [answer.body];
  for (const text of texts) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (isRecord(parsed) && ('result' in parsed || 'error' in parsed)) return parsed;
    } catch {
      // Not JSON: not a response.
    }
  }
  return undefined;
}

/** The JSON-RPC error code of a raw answer, beside errorCodeOf for the client's own exchanges. */
export function answerErrorCode(answer: ProbeAnswer): number | undefined {
  const error = answerResponse(answer)?.error;
  return isRecord(error) && typeof error.code === 'number' ? error.code : undefined;
}
