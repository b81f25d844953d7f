import * as z from 'zod';

/** JSON-RPC ids: "a string or integer, never null" (MCP basic/index). */
export type RequestId = string | number;

export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: RequestId;
  method: string;
  params?: Record<string, unknown>;
}
export interface JsonRpcNotification {
  jsonrpc: '2.0';
  method: string;
  params?: Record<string, unknown>;
}
export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}
export interface JsonRpcResponse {
  jsonrpc: '2.0';
  id: RequestId | null;
  result?: Record<string, unknown>;
  error?: JsonRpcErrorObject;
}
export type JsonRpcMessage = JsonRpcRequest | JsonRpcNotification | JsonRpcResponse;

// The schemas are deliberately lenient about the envelope's faults (null ids, result AND
// error) so that such a message is still classified and shown; the envelope rules of
// DESIGN.md §4 report the faults instead of the classifier hiding the message.
const id = z.union([z.string(), z.number()]);
const params = z.record(z.string(), z.unknown());

export const requestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: id.or(z.null()),
  method: z.string(),
  params: params.optional(),
});
export const notificationSchema = z.object({
  jsonrpc: z.literal('2.0'),
  method: z.string(),
  params: params.optional(),
});
export const responseSchema = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: id.or(z.null()),
    result: z.unknown().optional(),
    error: z.object({ code: z.number(), message: z.string(), data: z.unknown().optional() }).optional(),
  })
  .refine((value) => 'result' in value || 'error' in value);

export type Classified =
  | { kind: 'request'; msg: JsonRpcRequest }
  | { kind: 'notification'; msg: JsonRpcNotification }
  | { kind: 'response'; msg: JsonRpcResponse }
  | { kind: 'not-jsonrpc' };

/** Sorts a parsed JSON value into the three JSON-RPC message kinds, or none. */
export function classify(value: unknown): Classified {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { kind: 'not-jsonrpc' };
  const quick = wellFormedKind(value as Record<string, unknown>);
  if (quick) return { kind: quick, msg: value } as Classified;
  if ('method' in value) {
    if ('id' in value) {
      const parsed = requestSchema.safeParse(value);
      if (parsed.success) return { kind: 'request', msg: value as JsonRpcRequest };
    } else {
      const parsed = notificationSchema.safeParse(value);
      if (parsed.success) return { kind: 'notification', msg: value as JsonRpcNotification };
    }
    return { kind: 'not-jsonrpc' };
  }
  const parsed = responseSchema.safeParse(value);
  if (parsed.success) return { kind: 'response', msg: value as JsonRpcResponse };
  return { kind: 'not-jsonrpc' };
}

/**
 * classify(value).kind, undefined for 'not-jsonrpc' (the message, when there is one, is the
 * value itself), with no object made for a well-formed message: this runs once per line.
 */
export function messageKind(value: unknown): 'request' | 'response' | 'notification' | undefined {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const quick = wellFormedKind(value as Record<string, unknown>);
    if (quick) return quick;
  }
  const c = classify(value);
  return c.kind === 'not-jsonrpc' ? undefined : c.kind;
}

/**
 * The hot path for a flood of messages: a well-formed message is recognised by plain checks
 * that accept only what the schemas above accept; anything else goes to zod, which decides.
 */
function wellFormedKind(v: Record<string, unknown>): 'request' | 'response' | 'notification' | undefined {
  if (v.jsonrpc !== '2.0') return undefined;
  const p = v.params;
  if (p !== undefined && (typeof p !== 'object' || p === null || Array.isArray(p))) return undefined;
  const id = v.id;
  const hasId = 'id' in v;
  if (hasId && typeof id !== 'string' && typeof id !== 'number' && id !== null) return undefined;
  if (typeof v.method === 'string') return hasId ? 'request' : 'notification';
  if ('method' in v || !hasId) return undefined;
  const e = v.error as Record<string, unknown> | undefined;
  const errorOk = e === undefined || (typeof e === 'object' && e !== null && typeof e.code === 'number' && typeof e.message === 'string');
  if (errorOk && ('result' in v || 'error' in v)) return 'response';
  return undefined;
}

export function isRequest(msg: JsonRpcMessage | undefined): msg is JsonRpcRequest {
  return msg !== undefined && 'method' in msg && 'id' in msg;
}
export function isNotification(msg: JsonRpcMessage | undefined): msg is JsonRpcNotification {
  return msg !== undefined && 'method' in msg && !('id' in msg);
}
export function isResponse(msg: JsonRpcMessage | undefined): msg is JsonRpcResponse {
  return msg !== undefined && !('method' in msg);
}
