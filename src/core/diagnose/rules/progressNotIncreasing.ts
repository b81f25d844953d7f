import type { Rule } from '../rule';
import { isNotification } from '../../wire/message';
import { idKey } from '../context';
import { describeRequest } from '../describe';

/** Progress spec: "The progress value MUST increase with each notification"; "Progress notifications MUST stop after completion". */
export const progressNotIncreasing: Rule = {
  id: 'progress-not-increasing',
  stage: 'flow',
  severity: 'warning',
  on: ['s2c-notification'],
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
    const last = ctx.stateOf('progress-not-increasing', () => new Map<string, { progress: number; seq: number }>());
    const key = `${r?.seq ?? ''}|${idKey(token)}`;
    const previous = last.get(key);
    last.set(key, { progress, seq: e.seq });
    if (!previous || progress > previous.progress) return;
    report({
      message: `Progress for token ${JSON.stringify(token)}${r ? ` (${describeRequest(r)})` : ''} went from ${previous.progress} to ${progress}; it must increase with each notification`,
      evidence: [previous.seq, e.seq],
      hint: 'Report cumulative progress (work done so far), strictly increasing; put phase changes in `message`, not in a restarted counter.',
    });
  },
};
