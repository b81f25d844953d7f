import { TASK_METHODS } from '../session/tasksModern';
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

/** What a tool's `x-mcp-header` annotations give: the mirrors, or why the tool definition is invalid. */
export type ParamHeaderCheck = { ok: true; headers: ParamHeader[] } | { ok: false; problem: string };

/**
 * The `x-mcp-header` annotations of one tool's inputSchema, reachable "via a chain consisting
 * solely of `properties` keys", on primitive (integer/string/boolean) properties, each a
 * non-empty header-name token, unique regardless of case. A tool that breaks a rule is invalid:
 * SEP-2243 has clients reject (exclude) it while keeping the valid ones.
 */
export function checkParamHeaders(inputSchema: unknown): ParamHeaderCheck {
  const out: ParamHeader[] = [];
  const walk = (schema: unknown, path: string[]): string | undefined => {
    if (!schema || typeof schema !== 'object') return undefined;
    const s = schema as Record<string, unknown>;
    const h = s['x-mcp-header'];
    const at = path.length ? `property "${path.join('.')}"` : 'the inputSchema root';
    if (h !== undefined) {
      if (typeof h !== 'string' || h === '') return `${at} has an empty or non-string x-mcp-header ${JSON.stringify(h)}`;
      if (!TOKEN.test(h))
        return `${at} has x-mcp-header ${JSON.stringify(h)}, which is not an HTTP header-name token (ASCII letters, digits and !#$%&'*+.^_\`|~- only: no space, colon or control character)`;
      if (!['integer', 'string', 'boolean'].includes(String(s.type))) {
        return `${at} has x-mcp-header "${h}" on a ${JSON.stringify(s.type ?? 'untyped')} value; only string, integer and boolean properties can be mirrored`;
      }
      const twin = out.find((p) => p.name.toLowerCase() === h.toLowerCase());
      if (twin) return `${at} repeats x-mcp-header "${h}" (already on property "${twin.path.join('.')}"; names are case-insensitive)`;
      out.push({ name: h, path });
    }
    const props = s.properties;
    if (props && typeof props === 'object') {
      for (const [key, child] of Object.entries(props as Record<string, unknown>)) {
        const problem = walk(child, [...path, key]);
        if (problem) return problem;
      }
    }
    return undefined;
  };
  const problem = walk(inputSchema, []);
  return problem ? { ok: false, problem } : { ok: true, headers: out.filter((p) => p.path.length > 0) };
}

/** The mirrors of a valid tool; undefined when its annotations make the tool definition invalid. */
export function paramHeaders(inputSchema: unknown): ParamHeader[] | undefined {
  const checked = checkParamHeaders(inputSchema);
  return checked.ok ? checked.headers : undefined;
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
 * `Mcp-Method`, and `Mcp-Name` for tools/call, resources/read and prompts/get (and a task's
 * id for the tasks extension's methods), plus the tool's `Mcp-Param-*` mirrors.
 */
export function modernHeaders(
  msg: JsonRpcMessage,
  version: string,
  toolHeaders: ReadonlyMap<string, ParamHeader[]>,
): Record<string, string> {
  const headers: Record<string, string> = { 'MCP-Protocol-Version': version };
  if (!('method' in msg)) return headers;
  headers['Mcp-Method'] = msg.method;
  const params = (msg.params ?? {}) as Record<string, unknown>;
  const name =
    msg.method === 'resources/read'
      ? params.uri
      : msg.method === 'tools/call' || msg.method === 'prompts/get'
        ? params.name
        : TASK_METHODS.has(msg.method)
          ? params.taskId
          : undefined; // SEP-2663: "tasks/get, tasks/update, and tasks/cancel MUST carry Mcp-Name: <taskId>"
  if (typeof name === 'string') headers['Mcp-Name'] = encodeHeaderValue(name);
  if (msg.method === 'tools/call' && typeof params.name === 'string') {
    for (const p of toolHeaders.get(params.name) ?? []) {
      const value = paramHeaderValue(params.arguments, p.path);
      if (value !== undefined) headers[`Mcp-Param-${p.name}`] = value;
    }
  }
  return headers;
}
