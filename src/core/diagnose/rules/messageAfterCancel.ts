import type { Rule } from '../rule';
import { isNotification, isResponse } from '../../wire/message';
import { idKey } from '../context';
import { describeRequest } from '../describe';

/** stdio: after notifications/cancelled the server "MUST NOT send any further messages for it". */
export const messageAfterCancel: Rule = {
  id: 'message-after-cancel',
  stage: 'flow',
  // A MUST NOT, but a reply already in flight when the cancel was sent is a race the spec asks both
  // sides to tolerate, and a trace cannot tell it from a violation: a warning, not an error.
  severity: 'warning',
  on: ['s2c-response', 's2c-notification'],
  // Of notifications, only progress is "for" a request.
  notifications: ['notifications/progress'],
  onEvent(e, ctx, report) {
    if (e.dir !== 's2c') return;
    let r;
    let what = '';
    if (isResponse(e.msg) && e.msg.id !== null) {
      r = ctx.requestFor(e.msg.id);
      what = 'a response';
    } else if (isNotification(e.msg) && e.msg.method === 'notifications/progress') {
      const token = e.msg.params?.progressToken;
      r = token === undefined ? undefined : ctx.progressTokens.get(idKey(token));
      what = 'progress';
    }
    if (!r || r.cancelledSeq === undefined || (r.responseSeq !== undefined && r.responseSeq < r.cancelledSeq)) return;
    const state = ctx.stateOf('message-after-cancel', () => new Set<number>());
    if (state.has(r.seq)) return;
    state.add(r.seq);
    report({
      message: `The server sent ${what} for ${describeRequest(r)} after it was cancelled (seq ${r.cancelledSeq})`,
      evidence: [r.cancelledSeq, e.seq],
      hint: 'On notifications/cancelled stop the work (an AbortSignal in the handler) and send nothing more for that id. A reply already in flight when the cancel was sent is a race clients tolerate; later output is a fault.',
    });
  },
};
