import type { Rule } from '../rule';
import type { RedirectFact } from '../../transport/httpFetch';
import { MAX_REDIRECTS } from '../../transport/httpFetch';
import { describeRequest } from '../describe';
import { exchangeOf, httpFact } from '../http';

/**
 * The endpoint answered with a redirect the client does not follow: another origin, a scheme
 * that is not http(s), a method-changing 301/302/303 on a POST, a loop, or too many hops.
 */
export const httpRedirect: Rule = {
  id: 'http-redirect',
  stage: 'transport',
  severity: 'error',
  on: ['meta'],
  onEvent(e, ctx, report) {
    const fact = httpFact(e);
    const redirect = e.info?.redirect as RedirectFact | undefined;
    if (!fact || fact.error?.code !== 'HTTP_REDIRECT' || !redirect) return;
    const request = exchangeOf(fact, ctx);
    const what = request ? ` ${describeRequest(request)}` : '';
    report({
      message: `${fact.method} ${fact.url} answered${what} with HTTP ${redirect.status}, a redirect to ${redirect.location}, not followed: ${redirect.reason}`,
      evidence: fact.requestSeq !== undefined ? [fact.requestSeq, e.seq] : [e.seq],
      retry: false,
      hint: `Give "url" as the MCP endpoint's final address. Only a redirect to the same origin with 307 or 308 (which keep the POST and its body) is followed, at most ${MAX_REDIRECTS} hops, so a message, a session id or a token never goes anywhere else.`,
    });
  },
};
