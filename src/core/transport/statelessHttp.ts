/**
 * What Streamable HTTP adds in the 2026-07-28 revision: no session; every POST carries the
 * request metadata headers (MCP-Protocol-Version, Mcp-Method, the `Mcp-Param-*` mirrors of the
 * tool arguments its `x-mcp-header` annotations name), and closing a response stream is the
 * cancellation. The 2025-era session lives in httpSession.ts.
 */
import type { Trace } from '../trace/trace';
import { isResponse, type JsonRpcMessage, type JsonRpcRequest } from '../wire/message';
import { modernHeaders, modernVersionOf, paramHeaders, type ParamHeader } from './httpHeaders';
import { idKey } from './httpRecord';

export class StatelessRequests {
  /** Modern tools' x-mcp-header annotations, learned from the tools/list results passing through. */
  private readonly toolHeaders = new Map<string, ParamHeader[]>();
  private readonly toolsListIds = new Set<string>();
  /** Modern requests in flight by id, so a cancellation can close the right stream. */
  private readonly inflight = new Map<string, { controller: AbortController; method: string }>();

  /** The request metadata headers of a modern message (none for a 2025-era one). */
  headers(msg: JsonRpcMessage | undefined): Record<string, string> | undefined {
    const modern = modernVersionOf(msg);
    return msg && modern ? modernHeaders(msg, modern, this.toolHeaders) : undefined;
  }

  /** A request is being POSTed; `ended` is called with the key returned once its exchange is over. */
  sending(request: JsonRpcRequest, controller: AbortController): string {
    const key = idKey(request.id);
    if (modernVersionOf(request) !== undefined) this.inflight.set(key, { controller, method: request.method });
    if (request.method === 'tools/list') this.toolsListIds.add(key);
    return key;
  }

  ended(key: string): void {
    this.inflight.delete(key);
  }

  /** The tool header mirrors, from the tools/list results passing through. */
  learn(msg: JsonRpcMessage): void {
    if (!isResponse(msg) || msg.id === null || !msg.result) return;
    if (this.toolsListIds.delete(idKey(msg.id)) && Array.isArray(msg.result.tools)) {
      for (const tool of msg.result.tools as { name?: unknown; inputSchema?: unknown }[]) {
        if (typeof tool?.name !== 'string') continue;
        const mirrors = paramHeaders(tool.inputSchema);
        if (mirrors?.length) this.toolHeaders.set(tool.name, mirrors);
        else this.toolHeaders.delete(tool.name);
      }
    }
  }

  /**
   * 2026-07-28: "Closing the SSE response stream MUST be treated by the server as cancellation";
   * no notifications/cancelled is sent over HTTP. Legacy requests are cancelled by notification.
   */
  cancelByClosing(requestId: unknown, trace: Trace): boolean {
    if (typeof requestId !== 'string' && typeof requestId !== 'number') return false;
    const flight = this.inflight.get(idKey(requestId));
    if (!flight) return false;
    trace.append({
      dir: 'meta',
      kind: 'note',
      raw: `closed the response stream of ${flight.method} (id ${requestId}): on Streamable HTTP that is the cancellation`,
      info: { transport: 'http', cancelledBy: 'closing the stream', id: requestId, method: flight.method },
    });
    flight.controller.abort();
    return true;
  }
}
