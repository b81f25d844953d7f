import { META_CLIENT_CAPABILITIES, META_CLIENT_INFO, META_PROTOCOL_VERSION } from '../../session/protocol';
import { modernHeaders } from '../../transport/httpHeaders';
import type { JsonRpcRequest } from '../../wire/message';
import type { ProbeContext, ProbeId } from '../probe';
import { headerValue, probeExchange, type ProbeAnswer } from './exchange';
import { probeRequestId } from '../requestId';

/** The session the check's own client holds: the id the server issued, and the trace event that shows it. */
export interface CheckSession {
  id: string;
  seq: number;
}

/**
 * "A server using the Streamable HTTP transport MAY assign a session ID at initialization time,
 * by including it in an Mcp-Session-Id header on the HTTP response containing the
 * InitializeResult." The transport keeps the id to itself; its meta 'http' events show it.
 * The newest one counts: a session the server ended (404) is followed by a new initialize.
 */
export function checkSession(ctx: ProbeContext): CheckSession | undefined {
  const events = ctx.client.trace.events;
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e.dir !== 'meta' || e.kind !== 'http' || !e.info || e.info.probe !== undefined) continue;
    const id = headerValue((e.info.headers as Record<string, string> | undefined) ?? {}, 'mcp-session-id');
    if (id !== undefined) return { id, seq: e.seq };
  }
  return undefined;
}

/** What a probe's own requests call their client. */
export const PROBE_CLIENT = { name: 'mcp-lens-probe', version: '1.0.0' };

/** The 2026-07-28 `_meta` of a probe's own request: its version, the capabilities it declares (none by default), its client. */
export function probeMeta(version: string, capabilities: Record<string, unknown> = {}): Record<string, unknown> {
  return { [META_PROTOCOL_VERSION]: version, [META_CLIENT_CAPABILITIES]: capabilities, [META_CLIENT_INFO]: PROBE_CLIENT };
}

/** The headers of a probe's raw 2026-07-28 POST of `msg`: the session's own (auth included) and the standard ones for `version`. */
export function modernPostHeaders(ctx: ProbeContext, msg: JsonRpcRequest, version: string): Record<string, string> {
  return {
    ...ctx.http!.headers,
    Accept: 'application/json, text/event-stream',
    'Content-Type': 'application/json',
    ...modernHeaders(msg, version, new Map()),
  };
}

/**
 * A request every server of the era answers without side effects, on `session` when there is
 * one: `ping` in 2025-11-25 and before; `server/discover` in 2026-07-28, which removed `ping`
 * ("Servers MUST implement server/discover"), so that a 404 for the removed method is never
 * mistaken for a refusal of the request's Origin or Host.
 */
export function harmlessRequest(
  ctx: ProbeContext,
  probe: ProbeId,
  session: string | undefined,
): { headers: Record<string, string>; body: string } {
  if (ctx.info.era === 'modern') {
    const msg: JsonRpcRequest = {
      jsonrpc: '2.0',
      id: probeRequestId(probe),
      method: harmlessMethod(ctx),
      params: { _meta: probeMeta(ctx.info.protocolVersion) },
    };
    return { headers: modernPostHeaders(ctx, msg, ctx.info.protocolVersion), body: JSON.stringify(msg) };
  }
  const headers: Record<string, string> = {
    ...ctx.http!.headers,
    Accept: 'application/json, text/event-stream',
    'Content-Type': 'application/json',
    'MCP-Protocol-Version': ctx.info.protocolVersion,
  };
  if (session !== undefined) headers['Mcp-Session-Id'] = session;
  return { headers, body: JSON.stringify({ jsonrpc: '2.0', id: probeRequestId(probe), method: harmlessMethod(ctx) }) };
}

/** The method harmlessRequest sends, as a verdict names it. */
export function harmlessMethod(ctx: ProbeContext): 'ping' | 'server/discover' {
  return ctx.info.era === 'modern' ? 'server/discover' : 'ping';
}

/** A legacy session of the probe's own, so the check's session is never ended or disturbed. */
export interface ProbeSession {
  id: string;
  /** The initialize exchange that issued it. */
  answer: ProbeAnswer;
}

/**
 * Opens a second session with a fresh initialize (and `notifications/initialized`) over raw
 * HTTP. Undefined when the server issued no session id or refused: the probe then has nothing to do.
 */
export async function openProbeSession(ctx: ProbeContext, probe: ProbeId): Promise<ProbeSession | undefined> {
  const headers = { ...ctx.http!.headers, Accept: 'application/json, text/event-stream', 'Content-Type': 'application/json' };
  const init = {
    jsonrpc: '2.0',
    id: probeRequestId(probe),
    method: 'initialize',
    params: { protocolVersion: ctx.info.protocolVersion, capabilities: {}, clientInfo: PROBE_CLIENT },
  };
  const answer = await probeExchange(ctx, probe, ctx.http!.url, { method: 'POST', headers, body: JSON.stringify(init) });
  const id = answer.headers['mcp-session-id'];
  if (answer.status === undefined || answer.status >= 300 || id === undefined) return undefined;
  const sessionHeaders = { ...headers, 'MCP-Protocol-Version': ctx.info.protocolVersion, 'Mcp-Session-Id': id };
  await probeExchange(ctx, probe, ctx.http!.url, {
    method: 'POST',
    headers: sessionHeaders,
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  });
  return { id, answer };
}

/** Ends a probe session; a server that does not allow it (405) keeps it until it expires. */
export async function closeProbeSession(ctx: ProbeContext, probe: ProbeId, session: ProbeSession): Promise<ProbeAnswer> {
  return probeExchange(ctx, probe, ctx.http!.url, { method: 'DELETE', headers: legacyHeaders(ctx, session.id), read: 'headers' });
}

/** What every legacy request on a session carries besides its body. */
export function legacyHeaders(ctx: ProbeContext, session: string | undefined): Record<string, string> {
  const headers: Record<string, string> = { ...ctx.http!.headers, 'MCP-Protocol-Version': ctx.info.protocolVersion };
  if (session !== undefined) headers['Mcp-Session-Id'] = session;
  return headers;
}

/** Whether an answer accepted the request (2xx). */
export function accepted(answer: ProbeAnswer): boolean {
  return answer.status !== undefined && answer.status >= 200 && answer.status < 300;
}

/** "200 OK", "404 Not Found": how a verdict names an answer. */
export function statusOf(answer: ProbeAnswer): string {
  return answer.status === undefined
    ? `no answer (${answer.error?.code})`
    : `${answer.status}${answer.statusText ? ` ${answer.statusText}` : ''}`;
}

/** Why a session probe does not apply, shared by the probes that need a legacy session. */
export function noSessionsReason(ctx: ProbeContext): string | undefined {
  if (!ctx.http) return 'stdio has no sessions (they are a Streamable HTTP feature)';
  if (ctx.info.era === 'modern')
    return `${ctx.info.protocolVersion} Streamable HTTP has no sessions: the revision removed Mcp-Session-Id, every request stands alone`;
  return undefined;
}
