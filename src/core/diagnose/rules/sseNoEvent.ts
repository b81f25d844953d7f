import type { Rule } from '../rule';
import { describeRequest } from '../describe';
import { exchangeOf, httpFact } from '../http';

/**
 * A request timed out on an SSE response stream that kept the connection alive (comments,
 * keep-alive bytes) without ever sending an event: "The SSE stream SHOULD eventually include
 * a JSON-RPC response". The timeout rule stays silent when nothing else came; this says why.
 */
export const sseNoEvent: Rule = {
  id: 'sse-no-event',
  stage: 'transport',
  severity: 'error',
  on: ['meta'],
  onEvent(e, ctx, report) {
    const fact = httpFact(e);
    if (!fact || fact.phase !== 'stream-no-event') return;
    const request = exchangeOf(fact, ctx);
    if (!request || request === ctx.discover || request.timeoutSeq === undefined) return;
    const comments = Number(e.info?.comments);
    report({
      message: `The event stream answering ${describeRequest(request)} sent ${comments} comment line${comments === 1 ? '' : 's'} (${String(e.info?.bytes)} bytes) and no event in ${String(e.info?.ms)} ms, so the request timed out`,
      evidence: [request.seq, request.timeoutSeq, e.seq],
      hint: 'The server keeps the stream alive (": keep-alive" comments) but never writes the response as a "data:" event: a handler that never returns, or a response written to another stream. Keep-alives do not reset the client timeout; send notifications/progress for long work.',
    });
  },
};
