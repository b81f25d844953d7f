import type { Rule } from '../rule';
import { describeRequest } from '../describe';
import { exchangeOf, httpFact } from '../http';

const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'ECONNABORTED']);
const GATEWAY = new Set([502, 503, 504]);

/**
 * The HTTP connection broke: a response stream cut off before the response, a reset with no
 * answer, or a gateway in front of the server that could not reach it (502/503/504).
 * Retrying can help; the request's outcome on the server is unknown.
 */
export const connectionReset: Rule = {
  id: 'connection-reset',
  stage: 'transport',
  severity: 'error',
  on: ['meta'],
  onEvent(e, ctx, report) {
    const fact = httpFact(e);
    if (!fact) return;
    const request = exchangeOf(fact, ctx);
    const what = request ? describeRequest(request) : fact.method === 'GET' ? 'the GET event stream' : 'a message';
    const evidence = fact.requestSeq !== undefined ? [fact.requestSeq, e.seq] : [e.seq];
    if (fact.phase === 'stream-error') {
      if (fact.answered || fact.resuming) return;
      report({
        message: `The event stream of ${what} broke off (${fact.error?.code ?? 'reset'}) before its response arrived`,
        evidence,
        hint: 'The server (or a proxy) closed the connection mid-stream: a crash in the handler, a proxy timeout on long calls, or a server restart. The request may or may not have run; retry it. Proxies need response buffering off for SSE (X-Accel-Buffering: no).',
      });
      return;
    }
    if (fact.phase === 'stream-ended') {
      report({
        message: `The answer to ${what} ended without its response (HTTP ${String(fact.status)} stream closed, no event id to resume from)`,
        evidence,
        hint: 'The server closed the response stream before writing the JSON-RPC response: "The SSE stream SHOULD eventually include a JSON-RPC response". A server that closes streams on purpose must give its events ids (and a retry time) so the client can resume with Last-Event-ID.',
      });
      return;
    }
    if (fact.resume && fact.status !== undefined && fact.status >= 400 && !(fact.status === 404 && fact.sessionId !== undefined)) {
      report({
        message: `The event stream of ${what} could not be resumed: GET with Last-Event-ID answered HTTP ${fact.status}`,
        evidence,
        hint: 'The server closed the stream after giving event ids, so the client resumed it as 2025-11-25 says ("Resumption is always via HTTP GET with Last-Event-ID"); the server must then answer that GET with the rest of the stream (an event store), not an error.',
      });
      return;
    }
    if (fact.status !== undefined && GATEWAY.has(fact.status)) {
      report({
        message: `${fact.method} ${fact.url} answered HTTP ${fact.status}${fact.statusText ? ` ${fact.statusText}` : ''} to ${what}: a gateway could not reach the MCP server`,
        evidence,
        hint: 'A proxy or load balancer in front of the server got no (valid) answer from it: the server is down, restarting, or too slow for the proxy timeout. Retry once it is up.',
      });
      return;
    }
    if (fact.status === undefined && fact.error && RESET_CODES.has(fact.error.code)) {
      report({
        message: `The connection was reset while sending ${what} (${fact.error.code}): no HTTP response`,
        evidence,
        hint: 'The server closed the connection without answering: it crashed or restarted. Retry once it is up.',
      });
    }
  },
};
