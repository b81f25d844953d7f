import { randomUUID } from 'node:crypto';
import { recordVerdict, type Probe, type ProbeContext } from '../probe';
import { probeExchange } from './exchange';
import {
  accepted,
  checkSession,
  closeProbeSession,
  noSessionsReason,
  openProbeSession,
  harmlessRequest,
  statusOf,
  type CheckSession,
} from './probeSession';

/** The Streamable HTTP session lifecycle of 2025-03-26…2025-11-25 ("Session Management"). */
export const sessionProbe: Probe = {
  id: 'session',
  title: 'the session id is visible ASCII, and requests without it, with an unknown one, or after DELETE are refused',
  skip(ctx) {
    const none = noSessionsReason(ctx);
    if (none) return none;
    if (!checkSession(ctx))
      return 'the server issued no Mcp-Session-Id with its InitializeResult (a stateless server): there is no session to check';
    return undefined;
  },
  async run(ctx) {
    const session = checkSession(ctx)!;
    checkSessionId(ctx, session);
    await requestWithoutSession(ctx, session);
    await requestWithUnknownSession(ctx);
    await requestAfterDelete(ctx);
  },
};

/** "The session ID MUST only contain visible ASCII characters (ranging from 0x21 to 0x7E)." */
function checkSessionId(ctx: ProbeContext, session: CheckSession): void {
  const bad = [...session.id].map((c, i) => ({ c, i, code: c.codePointAt(0)! })).filter(({ code }) => code < 0x21 || code > 0x7e);
  if (bad.length === 0) return;
  const first = bad[0];
  const named = first.code === 0x20 ? 'a space' : `the character U+${first.code.toString(16).toUpperCase().padStart(4, '0')}`;
  recordVerdict(ctx.client.trace, 'session', {
    rule: 'session-id-invalid',
    message: `The server's session id ${JSON.stringify(session.id)} has ${named} at position ${first.i + 1}${bad.length > 1 ? ` (and ${bad.length - 1} more outside 0x21–0x7E)` : ''}: a session id may only contain visible ASCII (0x21–0x7E).`,
    hint: 'Generate session ids from visible ASCII only, for example a UUID or base64url of random bytes.',
    evidence: [session.seq],
  });
}

/** "Servers that require a session ID SHOULD respond to requests without an Mcp-Session-Id header (other than initialization) with HTTP 400 Bad Request." */
async function requestWithoutSession(ctx: ProbeContext, session: CheckSession): Promise<void> {
  const ping = harmlessRequest(ctx, 'session', undefined);
  const answer = await probeExchange(ctx, 'session', ctx.http!.url, { method: 'POST', ...ping });
  if (answer.status === undefined || answer.status === 400) return;
  const how = accepted(answer)
    ? `was answered ${statusOf(answer)}, as if no session were needed`
    : `was refused with ${statusOf(answer)} rather than 400 Bad Request`;
  recordVerdict(ctx.client.trace, 'session', {
    rule: 'session-not-required',
    message: `A ping sent without Mcp-Session-Id ${how}, although the server issued session ${JSON.stringify(session.id)}.`,
    hint: 'Answer a request that lacks the Mcp-Session-Id header (other than initialize) with HTTP 400 Bad Request.',
    evidence: [session.seq, answer.seq],
  });
}

/** "The server MAY terminate the session at any time, after which it MUST respond to requests containing that session ID with HTTP 404 Not Found." */
async function requestWithUnknownSession(ctx: ProbeContext): Promise<void> {
  const unknown = `mcp-lens-unknown-${randomUUID()}`;
  const answer = await probeExchange(ctx, 'session', ctx.http!.url, { method: 'POST', ...harmlessRequest(ctx, 'session', unknown) });
  if (answer.status === undefined || answer.status === 404) return;
  const ok = accepted(answer);
  recordVerdict(ctx.client.trace, 'session', {
    rule: 'unknown-session-accepted',
    message: ok
      ? `A ping with Mcp-Session-Id ${unknown}, a session the server never issued, was answered ${statusOf(answer)}.`
      : `A ping with Mcp-Session-Id ${unknown}, a session the server never issued, was refused with ${statusOf(answer)} rather than 404 Not Found: a client only knows to start a new session from a 404.`,
    hint: 'Answer a request whose Mcp-Session-Id names no live session with HTTP 404 Not Found.',
    evidence: [answer.seq],
    ...(ok ? {} : { severity: 'warning' as const }),
  });
}

/**
 * "Clients that no longer need a particular session … SHOULD send an HTTP DELETE to the MCP
 * endpoint with the Mcp-Session-Id header … The server MAY respond to this request with HTTP
 * 405 Method Not Allowed, indicating that the server does not allow clients to terminate
 * sessions." On a session of the probe's own: the check's session stays open.
 */
async function requestAfterDelete(ctx: ProbeContext): Promise<void> {
  const session = await openProbeSession(ctx, 'session');
  if (!session) return;
  const before = await probeExchange(ctx, 'session', ctx.http!.url, { method: 'POST', ...harmlessRequest(ctx, 'session', session.id) });
  const deleted = await closeProbeSession(ctx, 'session', session);
  // A session that never worked, or a DELETE refused (405 included), says nothing about termination.
  if (!accepted(before) || !accepted(deleted)) return;
  const after = await probeExchange(ctx, 'session', ctx.http!.url, { method: 'POST', ...harmlessRequest(ctx, 'session', session.id) });
  if (after.status === undefined || after.status === 404) return;
  recordVerdict(ctx.client.trace, 'session', {
    rule: 'session-not-terminated',
    message: `DELETE of session ${JSON.stringify(session.id)} was answered ${statusOf(deleted)}, yet a ping on that session afterwards was answered ${statusOf(after)} instead of 404 Not Found.`,
    hint: 'When DELETE ends a session, forget it: answer every later request carrying its Mcp-Session-Id with HTTP 404 Not Found (or answer the DELETE with 405 if clients may not end sessions).',
    evidence: [session.answer.seq, deleted.seq, after.seq],
  });
}
