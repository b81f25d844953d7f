import { recordVerdict, type Probe } from '../probe';
import { probeExchange } from './exchange';
import { checkSession, closeProbeSession, legacyHeaders, openProbeSession, statusOf } from './probeSession';

/**
 * "The client MAY issue an HTTP GET to the MCP endpoint … The server MUST either return
 * Content-Type: text/event-stream in response to this HTTP GET, or else return HTTP 405 Method
 * Not Allowed, indicating that the server does not offer an SSE stream at this endpoint."
 * On a session of the probe's own: a server may allow one GET stream per session, and the
 * check's client may hold it already.
 */
export const getStreamProbe: Probe = {
  id: 'get-stream',
  title: 'GET is answered with an SSE stream or 405',
  skip(ctx) {
    if (!ctx.http) return 'stdio has no GET stream (it is a Streamable HTTP feature)';
    if (ctx.info.era === 'modern')
      return `${ctx.info.protocolVersion} Streamable HTTP has no GET stream: the revision removed it (server messages come on each request's own stream)`;
    return undefined;
  },
  async run(ctx) {
    const session = checkSession(ctx) ? await openProbeSession(ctx, 'get-stream') : undefined;
    // A stateful server that would not open a second session leaves nothing to ask on.
    if (checkSession(ctx) && !session) return;
    try {
      const answer = await probeExchange(ctx, 'get-stream', ctx.http!.url, {
        method: 'GET',
        headers: { ...legacyHeaders(ctx, session?.id), Accept: 'text/event-stream' },
        read: 'headers',
      });
      if (answer.status === undefined || answer.status === 405) return;
      const type = answer.headers['content-type'] ?? '';
      if (answer.status >= 200 && answer.status < 300 && type.toLowerCase().startsWith('text/event-stream')) return;
      recordVerdict(ctx.client.trace, 'get-stream', {
        rule: 'get-stream-invalid',
        message: `GET with Accept: text/event-stream${session ? ` on session ${JSON.stringify(session.id)}` : ''} was answered ${statusOf(answer)}${type ? ` (${type.split(';')[0]})` : ''}: it must be an SSE stream (Content-Type: text/event-stream) or 405 Method Not Allowed.`,
        hint: 'Answer GET on the MCP endpoint with a text/event-stream for server messages, or with 405 Method Not Allowed if the server offers none.',
        evidence: [...(session ? [session.answer.seq] : []), answer.seq],
      });
    } finally {
      if (session) await closeProbeSession(ctx, 'get-stream', session);
    }
  },
};
