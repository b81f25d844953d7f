import type { JsonRpcMessage } from '../wire/message';

const META_PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';

/**
 * Streamable HTTP 2026-07-28, "Value Encoding": a value that is not plain visible ASCII
 * (or has leading/trailing whitespace, or looks like the sentinel itself) is sent as
 * `=?base64?{Base64 of its UTF-8}?=`.
 */
export function encodeHeaderValue(value: string): string {
  const plain = /^[\x20-\x7e\t]*$/.test(value) && value.trim() === value;
  const sentinel = value.startsWith('=?base64?') && value.endsWith('?=');
  return plain && !sentinel ? value : `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/** The protocol version a modern request names in `_meta`, if it is one. */
export function modernVersionOf(msg: JsonRpcMessage | undefined): string | undefined {
  const params = msg && 'params' in msg ? (msg.params as Record<string, unknown> | undefined) : undefined;
  const meta = params?._meta as Record<string, unknown> | undefined;
  const v = meta?.[META_PROTOCOL_VERSION];
  return typeof v === 'string' ? v : undefined;
}

/** One `x-mcp-header` annotation: which argument path goes into which `Mcp-Param-{Name}` header. */
export interface ParamHeader {
  name: string;
  path: string[];
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * The `x-mcp-header` annotations of one tool's inputSchema, reachable "via a chain consisting
 * solely of `properties` keys", on primitive (integer/string/boolean) properties. Returns
 * undefined when an annotation breaks the rules (the tool definition is then invalid).
 */
export function paramHeaders(inputSchema: unknown): ParamHeader[] | undefined {
  const out: ParamHeader[] = [];
  const walk = (schema: unknown, path: string[]): boolean => {
    if (!schema || typeof schema !== 'object') return true;
    const s = schema as Record<string, unknown>;
    const h = s['x-mcp-header'];
    if (h !== undefined) {
      if (typeof h !== 'string' || !TOKEN.test(h) || !['integer', 'string', 'boolean'].includes(String(s.type))) return false;
      if (out.some((p) => p.name.toLowerCase() === h.toLowerCase())) return false;
      out.push({ name: h, path });
    }
    const props = s.properties;
    if (props && typeof props === 'object') {
      for (const [key, child] of Object.entries(props as Record<string, unknown>)) if (!walk(child, [...path, key])) return false;
    }
    return true;
  };
  return walk(inputSchema, []) ? out.filter((p) => p.path.length > 0) : undefined;
}

/** The header value of an annotated argument ("If no value is present at that path … the header is omitted"; null too). */
export function paramHeaderValue(args: unknown, path: string[]): string | undefined {
  let v: unknown = args;
  for (const key of path) {
    if (!v || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  if (typeof v === 'string') return encodeHeaderValue(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number' && Number.isSafeInteger(v)) return String(v);
  return undefined;
}

/**
 * The standard request headers of a modern POST: `MCP-Protocol-Version` (matching `_meta`),
 * `Mcp-Method`, and `Mcp-Name` for tools/call, resources/read and prompts/get, plus the
 * tool's `Mcp-Param-*` mirrors.
 */
export function modernHeaders(msg: JsonRpcMessage, version: string, toolHeaders: ReadonlyMap<string, ParamHeader[]>): Record<string, string> {
  const headers: Record<string, string> = { 'MCP-Protocol-Version': version };
  if (!('method' in msg)) return headers;
  headers['Mcp-Method'] = msg.method;
  const params = (msg.params ?? {}) as Record<string, unknown>;
  const name = msg.method === 'resources/read' ? params.uri : msg.method === 'tools/call' || msg.method === 'prompts/get' ? params.name : undefined;
  if (typeof name === 'string') headers['Mcp-Name'] = encodeHeaderValue(name);
  if (msg.method === 'tools/call' && typeof params.name === 'string') {
    for (const p of toolHeaders.get(params.name) ?? []) {
      const value = paramHeaderValue(params.arguments, p.path);
      if (value !== undefined) headers[`Mcp-Param-${p.name}`] = value;
    }
  }
  return headers;
}
