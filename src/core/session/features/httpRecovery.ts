import { HttpStatusError } from '../../transport/httpErrors';
import type { ServerInfo } from '../clientOptions';
import { ProtocolError, type RejectedToolError } from '../errors';
import { HEADER_MISMATCH } from '../protocol';
import { ToolGate } from '../toolGate';
import type { ClientFeature, FeatureHost } from './feature';

/** What recovering needs of the client: the tools listed again, a new legacy session. */
export interface HttpRecoveryDeps {
  listTools(): Promise<unknown>;
  /** Sends initialize again and takes its answer as the server's info. */
  startNewSession(protocolVersion: string): Promise<ServerInfo>;
}

/**
 * What Streamable HTTP asks of a client beyond the transport: tools whose `Mcp-Param-*`
 * headers cannot be mirrored are left out (toolGate.ts), and the refusals a client is told
 * to recover from are each retried once.
 */
export class HttpRecovery implements ClientFeature {
  private readonly toolGate = new ToolGate();
  private newSession: Promise<ServerInfo> | undefined;

  constructor(
    private readonly host: FeatureHost,
    private readonly deps: HttpRecoveryDeps,
  ) {}

  /** Tool parameters become `Mcp-Param-*` headers on 2026-07-28 Streamable HTTP only. */
  private mirrorsHeaders(): boolean {
    return this.host.overHttp && this.host.info()?.era === 'modern';
  }

  /** A result as the caller gets it: a tools/list page without the tools the client rejects. */
  screenResult(method: string, result: Record<string, unknown>): Record<string, unknown> {
    return method === 'tools/list' && this.mirrorsHeaders() ? this.toolGate.screen(result) : result;
  }

  /** Why a call to `name` is refused before it is sent, or undefined. */
  refusal(name: string): RejectedToolError | undefined {
    return this.mirrorsHeaders() ? this.toolGate.refusal(name) : undefined;
  }

  /** The Streamable HTTP refusals a client is told to recover from, each retried once. */
  async recover(err: unknown, method: string, retry: () => Promise<Record<string, unknown>>): Promise<Record<string, unknown>> {
    // "If the server rejects a request with a HeaderMismatch error because required Mcp-Param-*
    // headers are missing or do not match the body, the client SHOULD call tools/list to check
    // for changes to the tool's inputSchema, then retry" (the transport mirrors what it lists).
    if (err instanceof ProtocolError && err.code === HEADER_MISMATCH && method === 'tools/call' && this.mirrorsHeaders()) {
      await this.deps.listTools();
      return retry();
    }
    return this.afterSessionExpired(err, retry);
  }

  /**
   * Streamable HTTP, legacy: a 404 for our Mcp-Session-Id means the server ended the session;
   * the client "MUST start a new session by sending a new InitializeRequest", then the refused
   * request (which never ran) is sent once more.
   */
  private async afterSessionExpired(err: unknown, retry: () => Promise<Record<string, unknown>>): Promise<Record<string, unknown>> {
    const info = this.host.info();
    if (!(err instanceof HttpStatusError) || !err.sessionExpired || info?.era !== 'legacy' || this.host.exchange.isClosed) throw err;
    this.newSession ??= (async () => {
      this.host.trace.append({
        dir: 'meta',
        kind: 'note',
        raw: 'the server ended the HTTP session (404): starting a new one with initialize',
        info: { transport: 'http', reason: 'session-expired' },
      });
      try {
        return await this.deps.startNewSession(info.protocolVersion);
      } finally {
        this.newSession = undefined;
      }
    })();
    await this.newSession;
    return retry();
  }
}
