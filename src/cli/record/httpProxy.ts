import { closeSync, openSync, writeSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { now, type NewTraceEvent, type TraceEvent } from '../../core/trace/event';
import { serializeEvent } from '../../core/trace/jsonl';
import { redactHeaders, redactUrl } from '../../core/transport/httpRedact';
import { SseParser } from '../../core/transport/sse';
import { jsonEvent, lineEvent, tryParse } from '../../core/wire/lineEvent';
import { expandOutPath } from '../../core/record/outPath';

/** Hop-by-hop headers (RFC 9110 §7.6.1) are the connection's, not the message's: never forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'proxy-authenticate',
  'proxy-authorization',
]);

/** The most of a non-protocol body (an error page) kept in the trace. */
const BODY_EXCERPT = 2000;

export interface HttpRecordOptions {
  /** The port to listen on at 127.0.0.1 (0: any free one). */
  port: number;
  /** The MCP endpoint to forward to (Streamable HTTP, or an HTTP+SSE event stream). */
  url: string;
  out: string;
  /** Where the proxy says where it listens (stderr). */
  log: (line: string) => void;
}

/** Writes trace events as *.mcptrace.jsonl, numbered in the order they happen. */
class TraceFile {
  private seq = 0;
  constructor(private readonly fd: number) {}

  /** Writes the event at once (a recording is read while it runs) and returns its seq. */
  append(e: NewTraceEvent): number {
    const seq = ++this.seq;
    writeSync(this.fd, serializeEvent({ ...e, seq, t: now() } as TraceEvent) + '\n');
    return seq;
  }

  close(): void {
    closeSync(this.fd);
  }
}

/**
 * `mcp-lens record --listen PORT --url URL`: a reverse proxy in front of an HTTP MCP server.
 * A host connects to 127.0.0.1:PORT; every request is forwarded to the server with its
 * headers (Mcp-Session-Id, MCP-Protocol-Version, Authorization, Last-Event-ID) and every
 * answer streamed back unchanged as it arrives, while the trace gets each JSON-RPC message
 * (POST bodies, JSON answers, the data of each SSE event) and one meta `http` event per
 * exchange with its status and headers, credentials redacted. Paths and queries are kept, so
 * an HTTP+SSE server's relative endpoint (`/messages?sessionId=…`) works through it too.
 */
export function runHttpRecord(options: HttpRecordOptions): Promise<number> {
  const upstream = new URL(options.url);
  let fd: number;
  try {
    fd = openSync(expandOutPath(options.out), 'w');
  } catch (error) {
    options.log(`mcp-lens record: cannot write the trace file: ${(error as Error).message}`);
    return Promise.resolve(2);
  }
  const trace = new TraceFile(fd);
  const server = createServer((req, res) => void forward(req, res, upstream, trace));
  return new Promise<number>((resolve) => {
    server.once('error', (error) => {
      options.log(`mcp-lens record: cannot listen on port ${options.port}: ${error.message}`);
      trace.close();
      resolve(2);
    });
    server.listen(options.port, '127.0.0.1', () => {
      const port = (server.address() as AddressInfo).port;
      const listening = `http://127.0.0.1:${port}${upstream.pathname}${upstream.search}`;
      trace.append({
        dir: 'meta',
        kind: 'note',
        raw: `recording HTTP exchanges: ${listening} → ${redactUrl(upstream.href)}`,
        info: { transport: 'http', url: redactUrl(upstream.href), listen: listening },
      });
      options.log(`mcp-lens record: listening on ${listening} (forwarding to ${redactUrl(upstream.href)})`);
      const stop = () => {
        server.close();
        server.closeAllConnections();
        trace.append({ dir: 'meta', kind: 'note', raw: 'recording stopped', info: { transport: 'http', closed: true } });
        trace.close();
        resolve(0);
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
  });
}

/** One forwarded request: what its answer and its failure are recorded against. */
interface Forwarded {
  readonly trace: TraceFile;
  readonly method: string;
  readonly target: URL;
  readonly headers: Record<string, string | string[]>;
  /** The seq of the request's first message (none for a GET). */
  readonly requestSeq: number | undefined;
}

async function forward(req: IncomingMessage, res: ServerResponse, upstream: URL, trace: TraceFile): Promise<void> {
  const target = new URL(req.url ?? '/', upstream);
  const method = req.method ?? 'GET';
  const body = await readAll(req);
  const headers = forwardedHeaders(req.headers, target, body.length);
  const requestSeq = body.length ? recordBody(trace, 'c2s', body.toString('utf8'))[0] : undefined;
  const sent: Forwarded = { trace, method, target, headers, requestSeq };
  const out = (target.protocol === 'https:' ? httpsRequest : httpRequest)(target, { method, headers });
  let hostGone = false;
  out.on('response', (answer) => relayAnswer(answer, res, sent));
  out.on('error', (error: NodeJS.ErrnoException) => {
    if (!hostGone) upstreamFailed(error, res, sent);
  });
  // The host went away (closed the GET stream, cancelled a request): so does the upstream exchange.
  res.on('close', () => {
    if (res.writableFinished) return;
    hostGone = true;
    out.destroy();
  });
  out.end(body);
}

/** The server's answer, relayed to the host as it comes and recorded: an event stream event by event, a body once whole. */
function relayAnswer(answer: IncomingMessage, res: ServerResponse, sent: Forwarded): void {
  const { trace, requestSeq } = sent;
  const stream = String(answer.headers['content-type'] ?? '')
    .toLowerCase()
    .startsWith('text/event-stream');
  trace.append(exchange(sent.method, sent.target, sent.headers, answer, requestSeq));
  res.writeHead(answer.statusCode ?? 502, answer.statusMessage, responseHeaders(answer.headers));
  res.flushHeaders();
  const parser = stream ? new SseParser() : undefined;
  const decoder = new TextDecoder();
  const chunks: Buffer[] = [];
  answer.on('data', (chunk: Buffer) => {
    res.write(chunk);
    if (!parser) return chunks.push(chunk);
    for (const e of parser.push(decoder.decode(chunk, { stream: true })))
      recordSseEvent(trace, e.event, e.data, e.id, answer.statusCode ?? 0, requestSeq);
  });
  answer.on('end', () => {
    res.end();
    if (!parser) return recordAnswerBody(Buffer.concat(chunks).toString('utf8'), answer.statusCode, sent);
    if (parser.end().incomplete)
      trace.append({
        dir: 'meta',
        kind: 'note',
        raw: `the event stream of ${sent.method} ${sent.target.pathname} ended in the middle of an event`,
        info: { transport: 'http', phase: 'stream-partial', requestSeq },
      });
  });
  answer.on('error', () => res.destroy());
}

/** A protocol answer is recorded as messages; an error page stays an excerpt of the exchange. */
function recordAnswerBody(text: string, status: number | undefined, sent: Forwarded): void {
  const { trace, requestSeq } = sent;
  if (!text.trim()) return;
  if (tryParse(text).ok) {
    recordBody(trace, 's2c', text, { via: 'json', status, ...(requestSeq !== undefined ? { requestSeq } : {}) });
    return;
  }
  trace.append({
    dir: 'meta',
    kind: 'note',
    raw: `${sent.method} ${sent.target.pathname} answered ${status} with a body that is not JSON`,
    info: { transport: 'http', body: text.slice(0, BODY_EXCERPT), requestSeq },
  });
}

/** The server could not be reached: recorded, and the host gets a 502 that says so. */
function upstreamFailed(error: NodeJS.ErrnoException, res: ServerResponse, sent: Forwarded): void {
  const { method, target, requestSeq } = sent;
  const code = error.code ?? 'UNKNOWN';
  sent.trace.append({
    dir: 'meta',
    kind: 'http',
    raw: `${method} ${redactUrl(target.href)} failed: ${code} (${error.message})`,
    info: {
      method,
      url: redactUrl(target.href),
      error: { code, message: error.message },
      requestHeaders: redactHeaders(stringHeaders(sent.headers)),
      ...(requestSeq !== undefined ? { requestSeq } : {}),
    },
  });
  if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
  res.end(`mcp-lens record: cannot reach ${target.origin}: ${code}`);
}

/** One JSON body (a message or a batch) as events; returns their seqs. */
function recordBody(trace: TraceFile, dir: 'c2s' | 's2c', text: string, http?: Record<string, unknown>): number[] {
  const parsed = tryParse(text);
  const events: NewTraceEvent[] =
    parsed.ok && Array.isArray(parsed.value) ? parsed.value.map((v) => jsonEvent(dir, JSON.stringify(v), v)) : [lineEvent(dir, text)];
  const seqs: number[] = [];
  for (const e of events) {
    if (http) e.info = { ...e.info, http };
    seqs.push(trace.append(e));
  }
  return seqs;
}

function recordSseEvent(
  trace: TraceFile,
  event: string,
  data: string,
  id: string | undefined,
  status: number,
  requestSeq: number | undefined,
): void {
  if (event === 'endpoint') {
    trace.append({
      dir: 'meta',
      kind: 'http',
      raw: `endpoint event → POST messages to ${data}`,
      info: { method: 'GET', url: data, status, phase: 'sse-endpoint', endpoint: data },
    });
    return;
  }
  // An event with empty data (a resumption primer) carries no message.
  if (data === '') return;
  const e = lineEvent('s2c', data);
  e.info = {
    ...e.info,
    http: {
      via: requestSeq === undefined ? 'get' : 'sse',
      status,
      ...(requestSeq !== undefined ? { requestSeq } : {}),
      ...(id !== undefined ? { eventId: id } : {}),
    },
  };
  trace.append(e);
}

function exchange(
  method: string,
  target: URL,
  sent: Record<string, string | string[]>,
  answer: IncomingMessage,
  requestSeq: number | undefined,
): NewTraceEvent {
  const headers = stringHeaders(answer.headers as Record<string, string | string[] | undefined>);
  const requestHeaders = stringHeaders(sent);
  const info: Record<string, unknown> = {
    method,
    url: redactUrl(target.href),
    status: answer.statusCode,
    statusText: answer.statusMessage ?? '',
    requestHeaders: redactHeaders(requestHeaders),
    headers: redactHeaders(headers),
  };
  if (requestSeq !== undefined) info.requestSeq = requestSeq;
  const sessionId = headers['mcp-session-id'] ?? requestHeaders['mcp-session-id'];
  if (sessionId !== undefined) info.sessionId = sessionId;
  const type = headers['content-type'];
  return {
    dir: 'meta',
    kind: 'http',
    raw: `${method} ${redactUrl(target.href)} → ${answer.statusCode} ${answer.statusMessage ?? ''}${type ? ` (${type.split(';')[0]})` : ''}`.trim(),
    info,
  };
}

/** The host's headers as the server should get them: Host is the server's, hop-by-hop ones dropped. */
function forwardedHeaders(headers: IncomingHttpHeaders, target: URL, length: number): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || name === 'host' || name === 'content-length') continue;
    out[name] = value;
  }
  out.host = target.host;
  if (length > 0) out['content-length'] = String(length);
  return out;
}

function responseHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  return out;
}

function stringHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

function readAll(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
