import type { Rule } from '../rule';
import { describeRequest } from '../describe';
import { httpFact } from '../http';

/**
 * HTTP+SSE (2024-11-05): every answer travels on the one event stream, so when the server
 * closes it the session is over and the requests still waiting can never be answered.
 */
export const sseStreamClosed: Rule = {
  id: 'sse-stream-closed',
  stage: 'transport',
  severity: 'error',
  on: ['meta'],
  onEvent(e, ctx, report) {
    const fact = httpFact(e);
    if (!fact || fact.phase !== 'sse-closed' || e.info?.beforeEndpoint === true) return;
    const pending = ctx.pending().filter((r) => r.dir === 'c2s');
    const lost = pending.length ? `; ${pending.map(describeRequest).join(', ')} will never be answered` : '';
    report({
      message: `The server closed the HTTP+SSE event stream${fact.error ? ` (${fact.error.code})` : ''}${lost}`,
      evidence: [...pending.map((r) => r.seq), e.seq],
      severity: pending.length ? 'error' : 'warning',
      retry: true,
      hint: 'On the HTTP+SSE transport the server answers every request as a `message` event on the stream the client opened with GET: the stream must stay open for the whole session. A handler that throws, a proxy timeout on idle streams (send `: keep-alive` comments) or calling transport.close() ends it. The Streamable HTTP transport does not depend on one long-lived stream.',
    });
  },
};
