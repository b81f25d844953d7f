import type { Rule } from '../rule';
import { describeRequest } from '../describe';
import { exchangeOf, httpFact } from '../http';

/** The response's header block was over Node's limit (undici's UND_ERR_HEADERS_OVERFLOW): the response was not read. */
export const httpHeadersOversize: Rule = {
  id: 'http-headers-oversize',
  stage: 'transport',
  severity: 'error',
  on: ['meta'],
  onEvent(e, ctx, report) {
    const fact = httpFact(e);
    if (!fact || fact.error?.code !== 'UND_ERR_HEADERS_OVERFLOW') return;
    const limit = typeof e.info?.headerLimit === 'number' ? `${e.info.headerLimit} bytes` : "Node's limit";
    const request = exchangeOf(fact, ctx);
    const what = request ? describeRequest(request) : `a ${fact.method}`;
    report({
      message: `The response headers from ${fact.url} to ${what} are over ${limit} in all (the most Node reads): the response was not read`,
      evidence: fact.requestSeq !== undefined ? [fact.requestSeq, e.seq] : [e.seq],
      retry: false,
      hint: 'The server (or a proxy in front of it) sends an oversized header block: thousands of headers or huge cookies. Find what adds them; a client cannot read a response whose headers never end.',
    });
  },
};
