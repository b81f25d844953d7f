import type { TraceEvent } from '../trace/event';
import type { Trace } from '../trace/trace';
import { tryParse } from '../wire/lineEvent';
import type { JsonRpcMessage } from '../wire/message';
import { HttpTransport, type HttpServerSpec, type HttpTransportOptions } from './http';
import { HttpStatusError } from './httpErrors';
import { LegacySseTransport } from './legacySse';
import { RemoteTransport } from './remoteTransport';
import type { Transport } from './transport';

/** A `url` server: HTTP+SSE when configured `"type": "sse"`, else Streamable HTTP that can fall back to it. */
export function remoteTransport(spec: HttpServerSpec, trace: Trace, options: HttpTransportOptions = {}): Transport {
  if (spec.transport === 'sse')
    return new LegacySseTransport(spec, trace, { ...(options.authorizer ? { authorizer: options.authorizer } : {}) });
  return new StreamableWithSseFallback(spec, trace, options);
}

/**
 * Streamable HTTP, and the backwards compatibility the 2025-03-26 spec describes for a URL that
 * may be either: "Attempt to POST an InitializeRequest to the server URL … If it fails with an
 * HTTP 4xx status code (e.g., 405 Method Not Allowed or 404 Not Found): Issue a GET request to
 * the server URL, expecting that this will return an SSE stream with an endpoint event as the
 * first event. When the endpoint event arrives, the client can assume this is a server running
 * the old HTTP+SSE transport, and should use that transport for all subsequent communication."
 * The first POST here is the era probe (server/discover) or initialize; 401/403 are the
 * authorization flow's, and a refusal that carries a JSON-RPC error came from an MCP server.
 */
export class StreamableWithSseFallback extends RemoteTransport {
  private current: Transport;
  private answered = false;
  private fellBack = false;

  constructor(
    spec: HttpServerSpec,
    trace: Trace,
    private readonly options: HttpTransportOptions = {},
  ) {
    super(spec, trace);
    this.current = this.adopt(
      new HttpTransport(spec, trace, { ...options, sseFallback: (status, body) => this.wouldFallBack(status, body) }),
    );
  }

  start(): Promise<void> {
    return this.current.start();
  }

  async send(line: string, message?: JsonRpcMessage): Promise<void> {
    try {
      await this.current.send(line, message);
      this.answered = true;
    } catch (err) {
      if (!(err instanceof HttpStatusError) || !this.wouldFallBack(err.status, undefined) || this.fellBack) throw err;
      await this.fallBack(err);
      await this.current.send(line, message);
      this.answered = true;
    }
  }

  close(): Promise<void> {
    return this.current.close();
  }

  private wouldFallBack(status: number, body: string | undefined): boolean {
    if (this.answered || this.fellBack || status < 400 || status > 499 || status === 401 || status === 403) return false;
    if (body === undefined) return true;
    const parsed = tryParse(body);
    return !(
      parsed.ok &&
      typeof parsed.value === 'object' &&
      parsed.value !== null &&
      (parsed.value as { jsonrpc?: unknown }).jsonrpc === '2.0'
    );
  }

  private async fallBack(refusal: HttpStatusError): Promise<void> {
    this.fellBack = true;
    const refused = lastRefusal(this.trace);
    this.trace.append({
      dir: 'meta',
      kind: 'note',
      raw: `the POST was refused with HTTP ${refusal.status}: trying the HTTP+SSE transport of 2024-11-05 (GET for an endpoint event)`,
      info: { transport: 'sse', phase: 'sse-fallback', status: refusal.status },
    });
    const legacy = new LegacySseTransport(this.spec, this.trace, {
      ...(this.options.authorizer ? { authorizer: this.options.authorizer } : {}),
      fallback: true,
    });
    try {
      await legacy.start();
    } catch {
      await legacy.close();
      // Neither transport answered: the POST's refusal is what the endpoint did wrong.
      if (refused)
        this.trace.append({
          dir: 'meta',
          kind: 'http',
          raw: `${refused.raw}; GET offered no HTTP+SSE endpoint event either`,
          info: withoutFallback(refused.info),
        });
      throw refusal;
    }
    // The Streamable HTTP transport is left as it is: it holds no session and no stream, and
    // closing it would close the authorizer both share.
    this.current = this.adopt(legacy);
    this.trace.append({
      dir: 'meta',
      kind: 'note',
      raw: `the server speaks the HTTP+SSE transport (2024-11-05): configure it with "type": "sse"`,
      info: { transport: 'sse', phase: 'sse-fallback', fellBack: true },
    });
  }

  private adopt(transport: Transport): Transport {
    transport.onMessage((e) => {
      this.answered = true;
      this.messageEmitter.fire(e);
    });
    void transport.exited.then((info) => {
      if (transport === this.current) this.settleExited(info);
    });
    return transport;
  }
}

function lastRefusal(trace: Trace): TraceEvent | undefined {
  for (let i = trace.events.length - 1; i >= 0; i--) {
    const e = trace.events[i]!;
    if (e.dir === 'meta' && e.kind === 'http' && e.info?.sseFallback === true && e.info.method === 'POST') return e;
  }
  return undefined;
}

function withoutFallback(info: Record<string, unknown> | undefined): Record<string, unknown> {
  const { sseFallback: _dropped, ...rest } = info ?? {};
  return rest;
}
