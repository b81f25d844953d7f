import type { Rule } from '../rule';
import { describeRequest, quote } from '../describe';
import { bodyError, exchangeOf, header, httpFact, isErrorResponseTo } from '../http';

/** `WWW-Authenticate: Bearer resource_metadata="…", scope="…"` → its parameters (RFC 9110 §11.6.1 auth-params). */
export function authParams(value: string): { scheme: string; params: Record<string, string> } {
  const scheme = /^\s*([A-Za-z][\w.+-]*)/.exec(value)?.[1] ?? '';
  const params: Record<string, string> = {};
  for (const m of value.matchAll(/([A-Za-z_][\w-]*)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/g))
    params[m[1]!.toLowerCase()] = m[2] ?? m[3] ?? '';
  return { scheme, params };
}

function authHint(status: number, wwwAuthenticate: string | undefined, sentAuth: boolean): string {
  const parts: string[] = [];
  if (wwwAuthenticate) {
    const { scheme, params } = authParams(wwwAuthenticate);
    if (params.resource_metadata) {
      parts.push(
        `The server names its protected resource metadata (RFC 9728) at ${params.resource_metadata}: it lists the authorization server that issues tokens for it.`,
      );
    }
    if (params.error === 'insufficient_scope' || (status === 403 && params.scope))
      parts.push(`The token lacks scope${params.scope ? ` "${params.scope}"` : ''}: get one with that scope.`);
    else if (params.error) parts.push(`It says ${params.error}${params.error_description ? `: ${params.error_description}` : ''}.`);
    if (scheme && !params.resource_metadata) parts.push(`It asks for ${scheme} credentials.`);
  } else if (status === 401) {
    parts.push(
      'It sent no WWW-Authenticate header (the MCP authorization spec requires one on 401), so the kind of credential is unknown.',
    );
  }
  parts.push(
    sentAuth
      ? 'An Authorization header was sent and refused: check that the token is current and meant for this server.'
      : 'Add the credential to the server\'s "headers" in .vscode/mcp.json, e.g. "Authorization": "Bearer ${input:token}" with a password input, so it is kept in secret storage.',
  );
  return parts.join(' ');
}

/**
 * An HTTP error status on the MCP endpoint: 404 wrong path, 405 (no GET stream: fine; no POST:
 * not a Streamable HTTP endpoint), 401/403 with the WWW-Authenticate challenge, 5xx. A 404
 * for a known session is session-expired's; 502-504 and broken streams are connection-reset's.
 */
export const httpStatus: Rule = {
  id: 'http-status',
  stage: 'transport',
  severity: 'error',
  on: ['meta'],
  onEvent(e, ctx, report) {
    const fact = httpFact(e);
    const status = fact?.status;
    if (!fact || status === undefined || status < 400) return;
    if (status === 404 && header(fact.requestHeaders, 'mcp-session-id') !== undefined) return;
    if (status === 502 || status === 503 || status === 504) return;
    const request = exchangeOf(fact, ctx);
    // The dual-era probe: "On 400 Bad Request … If the body is empty or is not a recognized modern JSON-RPC error, fall back to initialize".
    if (status === 400 && request?.method === 'server/discover') return;
    if (fact.method === 'DELETE' && status === 405) return; // "the server does not allow clients to terminate sessions"
    if (fact.resume) return; // a failed resumption is connection-reset's
    if (fact.sseFallback) return; // a step of trying HTTP+SSE; if that fails too, the refusal is recorded again without the tag
    if (fact.authChallenge) return; // the authorization flow answered it; its failures are the authorization stage's
    // 2026-07-28 servers send a JSON-RPC error with a matching HTTP status (the v2 SDK: -32601 as
    // 404, -32602 as 400): the error in the body is the answer, judged by the JSON-RPC rules.
    if (ctx.era === 'modern' && status !== 401 && status !== 403 && request && isErrorResponseTo(fact.body, request.id)) return;
    const what = request ? describeRequest(request) : fact.method === 'POST' ? 'a notification' : `${fact.method}`;
    const said = bodyError(fact.body) ?? (fact.body ? quote(fact.body.trim(), 160) : undefined);
    const base = `${fact.method} ${fact.url} answered HTTP ${status}${fact.statusText ? ` ${fact.statusText}` : ''}${fact.method === 'POST' ? ` to ${what}` : ''}${said ? `: ${said}` : ''}`;
    const evidence = fact.requestSeq !== undefined ? [fact.requestSeq, e.seq] : [e.seq];
    if (fact.method === 'GET' && status === 405) {
      report({
        message: `The server offers no GET event stream (HTTP 405): server-initiated messages can only arrive on the response streams of requests`,
        evidence,
        severity: 'info',
        retry: false,
        hint: 'Nothing to fix: the GET stream is optional ("the server MUST either return Content-Type: text/event-stream … or else return HTTP 405"), and 2026-07-28 removed it.',
      });
      return;
    }
    if (status === 401 || status === 403) {
      const sentAuth = header(fact.requestHeaders, 'authorization') !== undefined;
      report({
        message: `${base} (${status === 401 ? 'unauthorized' : 'forbidden'})`,
        evidence,
        retry: false,
        hint: authHint(status, header(fact.headers, 'www-authenticate'), sentAuth),
      });
      return;
    }
    let hint: string;
    let retry = false;
    if (status === 404) {
      hint = `Nothing answers MCP at ${fact.url}: check the path in "url" (SDK servers commonly serve /mcp). A server of the old HTTP+SSE transport (2024-11-05) has a GET /sse endpoint instead; MCP Lens speaks Streamable HTTP.`;
    } else if (status === 405) {
      hint =
        'The endpoint does not accept POST, so it is not a Streamable HTTP MCP endpoint: check the path, or whether this is an old HTTP+SSE (2024-11-05) server.';
    } else if (status === 406) {
      hint =
        'The server rejected the Accept header; the client sends "application/json, text/event-stream" as the spec requires, so the server should accept it.';
    } else if (status === 400) {
      hint =
        'The server rejected the request itself; its message (quoted) says why. A legacy server answers 400 to a request without a valid Mcp-Session-Id or before initialize.';
    } else if (status >= 500) {
      retry = true;
      hint =
        "The server failed while handling the request: read the server's own log. A 500 on every request usually means it crashed on startup of the handler.";
    } else {
      hint =
        'Read the quoted body for the reason; the Streamable HTTP transport expects 200 (a JSON or SSE response) or 202 (a notification).';
    }
    report({ message: base, evidence, retry, hint });
  },
};
