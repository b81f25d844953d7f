import type { Rule } from '../rule';
import { isNotification } from '../../wire/message';
import { idKey, type IdKey } from '../context';
import { describeRequest } from '../describe';

const UNKNOWN_TOKENS_KEEP = 1_000;

interface Last {
  progress: number;
  seq: number;
}

/** Progress spec: "The progress value MUST increase with each notification"; "Progress notifications MUST stop after completion". */
export const progressNotIncreasing: Rule = {
  id: 'progress-not-increasing',
  stage: 'flow',
  severity: 'error',
  on: ['s2c-notification'],
  notifications: ['notifications/progress'],
  onEvent(e, ctx, report) {
    if (e.dir !== 's2c' || !isNotification(e.msg) || e.msg.method !== 'notifications/progress') return;
    const token = e.msg.params?.progressToken;
    const progress = e.msg.params?.progress;
    if ((typeof token !== 'string' && typeof token !== 'number') || typeof progress !== 'number') return;
    const r = ctx.progressTokens.get(idKey(token));
    // Progress after a cancel is message-after-cancel's to report.
    if (r?.cancelledSeq !== undefined) return;
    if (r?.responseSeq !== undefined) {
      report({
        message: `Progress ${progress} for token ${JSON.stringify(token)} arrived after ${describeRequest(r)} had completed (seq ${r.responseSeq})`,
        evidence: [r.responseSeq, e.seq],
        hint: 'Send progress only while the request runs: await every progress notification before returning the result.',
      });
      return;
    }
    // Keyed by the request when the token is known (no string built per notification), else by the token.
    // Weakly: once the context forgets a settled request, its last progress goes with it.
    const state = ctx.stateOf('progress-not-increasing', () => ({
      byRequest: new WeakMap<object, Last>(),
      byToken: new Map<IdKey, Last>(),
    }));
    const previous = r ? state.byRequest.get(r) : state.byToken.get(idKey(token));
    if (!previous) {
      const first = { progress, seq: e.seq };
      if (r) state.byRequest.set(r, first);
      else {
        state.byToken.set(idKey(token), first);
        // Tokens no request carried are a fault; keep the newest few, not one per notification forever.
        if (state.byToken.size > UNKNOWN_TOKENS_KEEP) state.byToken.delete(state.byToken.keys().next().value as IdKey);
      }
      return;
    }
    const before = previous.progress;
    const beforeSeq = previous.seq;
    previous.progress = progress;
    previous.seq = e.seq;
    if (progress > before) return;
    report({
      message: `Progress for token ${JSON.stringify(token)}${r ? ` (${describeRequest(r)})` : ''} went from ${before} to ${progress}; it must increase with each notification`,
      evidence: [beforeSeq, e.seq],
      hint: 'Report cumulative progress (work done so far), strictly increasing; put phase changes in `message`, not in a restarted counter.',
    });
  },
};
