import type { Rule } from '../rule';
import { isResponse } from '../../wire/message';
import { describeRequest } from '../describe';

export const duplicateResponse: Rule = {
  id: 'duplicate-response',
  stage: 'envelope',
  // No MUST names a second answer (JSON-RPC asks for one Response per call); clients drop it: a warning.
  severity: 'warning',
  on: ['s2c-response'],
  onEvent(e, ctx, report) {
    if (e.dir !== 's2c' || !isResponse(e.msg) || e.msg.id === null || e.msg.id === undefined) return;
    const r = ctx.requestFor(e.msg.id);
    if (!r || r.responseSeq === undefined) return;
    report({
      message: `${describeRequest(r)} was answered again (first answer at seq ${r.responseSeq}); a request gets exactly one response`,
      evidence: [r.responseSeq, e.seq],
      hint: 'Send one response per request id: look for a handler that both returns and writes a reply, or a retry path that answers twice.',
    });
  },
};
