import type { Rule } from '../rule';
import { idKey, type RequestRecord } from '../context';
import { describeRequest } from '../describe';
import { isNotification } from '../../wire/message';

/** The last progress notification each pending request got: a handler that reports and never finishes. */
type LastProgress = WeakMap<RequestRecord, { seq: number; count: number }>;

export const timeout: Rule = {
  id: 'timeout',
  stage: 'flow',
  severity: 'error',
  on: ['meta', 's2c-notification'],
  notifications: ['notifications/progress'],
  onEvent(e, ctx, report) {
    const lastProgress = ctx.stateOf<LastProgress>('timeout', () => new WeakMap());
    if (e.dir === 's2c' && isNotification(e.msg)) {
      const token = e.msg.params?.progressToken;
      const r = typeof token === 'string' || typeof token === 'number' ? ctx.progressTokens.get(idKey(token)) : undefined;
      if (r && r.responseSeq === undefined) lastProgress.set(r, { seq: e.seq, count: (lastProgress.get(r)?.count ?? 0) + 1 });
      return;
    }
    if (e.dir !== 'meta' || e.kind !== 'timeout') return;
    // A silent server/discover is how a legacy server is recognised; no stdout at all is no-response.
    const r = ctx.requestFor(e.info?.id);
    if ((r && r === ctx.discover) || e.info?.method === 'server/discover' || ctx.firstS2cSeq === undefined) return;
    const after = typeof e.info?.afterMs === 'number' ? ` within ${e.info.afterMs} ms` : '';
    const what = r ? describeRequest(r) : `${String(e.info?.method ?? 'request')} (id ${JSON.stringify(e.info?.id)})`;
    const progress = r && lastProgress.get(r);
    if (progress) {
      // Progress spec: the client "MAY reset on progress but SHOULD always enforce a maximum timeout".
      report({
        message: `${what} got no response${after}, though it reported progress ${progress.count} time${progress.count === 1 ? '' : 's'} (the last at seq ${progress.seq})`,
        evidence: [r.seq, progress.seq, e.seq],
        hint: 'The handler keeps reporting progress but does not finish: clients cap the wait however often progress comes. Check that its loop ends for every input (a huge or negative count, a zero step), or run long work as a task.',
      });
      return;
    }
    report({
      message: `${what} got no response${after}`,
      evidence: r ? [r.seq, e.seq] : [e.seq],
      hint: 'For long work send notifications/progress (most clients reset their timeout on it, up to a maximum) or raise the timeout; if the handler is stuck, look for an awaited promise that never settles.',
    });
  },
};
