import type { Rule } from '../rule';
import { describeRequest } from '../describe';

export const timeout: Rule = {
  id: 'timeout',
  stage: 'flow',
  severity: 'error',
  on: ['meta'],
  onEvent(e, ctx, report) {
    if (e.dir !== 'meta' || e.kind !== 'timeout') return;
    // A silent server/discover is how a legacy server is recognised; no stdout at all is no-response.
    const r = ctx.requestFor(e.info?.id);
    if ((r && r === ctx.discover) || e.info?.method === 'server/discover' || ctx.firstS2cSeq === undefined) return;
    const after = typeof e.info?.afterMs === 'number' ? ` within ${e.info.afterMs} ms` : '';
    const what = r ? describeRequest(r) : `${String(e.info?.method ?? 'request')} (id ${JSON.stringify(e.info?.id)})`;
    report({
      message: `${what} got no response${after}`,
      evidence: r ? [r.seq, e.seq] : [e.seq],
      hint: 'For long work send notifications/progress (the client resets its timeout on progress) or raise the timeout; if the handler is stuck, look for an awaited promise that never settles.',
    });
  },
};
