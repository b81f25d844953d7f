import type { Rule } from '../rule';
import { describeRequest } from '../describe';
import { exchangeOf, header, httpFact } from '../http';

/**
 * Legacy Streamable HTTP: "The server MAY terminate the session at any time, after which it
 * MUST respond to requests containing that session ID with HTTP 404 Not Found", and the
 * client "MUST start a new session by sending a new InitializeRequest without a session ID".
 */
export const sessionExpired: Rule = {
  id: 'session-expired',
  stage: 'transport',
  // The server "MAY terminate the session at any time"; the client starts a new one: an observation.
  severity: 'info',
  on: ['meta'],
  onEvent(e, ctx, report) {
    const fact = httpFact(e);
    if (!fact || fact.status !== 404) return;
    const session = header(fact.requestHeaders, 'mcp-session-id');
    if (session === undefined) return;
    const request = exchangeOf(fact, ctx);
    const evidence = [ctx.initializeResultSeq, fact.requestSeq, e.seq].filter((s): s is number => s !== undefined);
    report({
      message: `The server no longer knows session ${session}: ${request ? describeRequest(request) : fact.method} got HTTP 404`,
      evidence,
      hint: 'The server restarted or ended the session (an in-memory session store loses every session on restart). MCP Lens starts a new session (a new initialize) and sends the refused request once more; anything the server kept for the old session is gone. A server that should keep sessions across restarts needs a persistent session store.',
    });
  },
};
