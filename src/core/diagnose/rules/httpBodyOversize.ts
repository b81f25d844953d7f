import type { Rule } from '../rule';
import { describeRequest } from '../describe';
import { exchangeOf, httpFact } from '../http';

const MIB = 1024 * 1024;

/** An HTTP body (or one SSE event) went over the cap, counted after decompression: reading stopped. */
export const httpBodyOversize: Rule = {
  id: 'http-body-oversize',
  stage: 'framing',
  severity: 'error',
  on: ['meta'],
  onEvent(e, ctx, report) {
    const fact = httpFact(e);
    if (!fact || fact.phase !== 'body-over-cap') return;
    const bytes = Number(e.info?.bytes);
    const cap = Number(e.info?.cap);
    const encoding = typeof e.info?.encoding === 'string' ? ` after ${e.info.encoding} decoding` : '';
    const request = exchangeOf(fact, ctx);
    const what = request ? ` to ${describeRequest(request)}` : '';
    report({
      message: `The HTTP ${String(fact.status)} answer${what} from ${fact.url} went over the ${cap / MIB} MiB body cap: ${bytes} bytes read${encoding} when reading stopped, so its message is lost`,
      evidence: fact.requestSeq !== undefined ? [fact.requestSeq, e.seq] : [e.seq],
      hint: encoding
        ? 'A small compressed body inflated past the cap (a decompression bomb, or a handler that streams without end). Return large content as a resource link or in pages.'
        : 'Return large content as a resource link (or in pages) instead of one giant message; a body this size is more than any client should hold.',
    });
  },
};
