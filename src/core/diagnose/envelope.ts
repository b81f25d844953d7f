import type { TraceEvent } from '../trace/event';
import { isNotification, isResponse } from '../wire/message';
import type { DiagnoseContext } from './context';

/** `request tools/list (id 2)`, `notification notifications/progress`, `response (id 2)`. */
export function describeMessage(e: TraceEvent): string {
  const msg = e.msg as Record<string, unknown> | undefined;
  if (!msg) return `line ${e.seq}`;
  if (typeof msg.method === 'string')
    return 'id' in msg ? `request ${msg.method} (id ${JSON.stringify(msg.id)})` : `notification ${msg.method}`;
  return `response (id ${JSON.stringify(msg.id)})`;
}

/**
 * A server line shaped like a response (result/error) that no request can own — id null,
 * absent or unknown — right after the client sent a notification. JSON-RPC 2.0: "The
 * Server MUST NOT reply to a Notification". The other envelope rules defer to this one.
 */
export function isReplyToNotification(e: TraceEvent, ctx: DiagnoseContext): boolean {
  if (e.dir !== 's2c' || !ctx.lastC2s || !isNotification(ctx.lastC2s.msg)) return false;
  if (isResponse(e.msg)) return e.msg.id === null || e.msg.id === undefined || ctx.requestFor(e.msg.id) === undefined;
  if (e.kind !== 'not-jsonrpc') return false;
  const json = e.json;
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return false;
  return ('result' in json || 'error' in json) && !('method' in json) && (!('id' in json) || (json as { id: unknown }).id === null);
}
