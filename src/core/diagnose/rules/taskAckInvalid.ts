import { onFirstAnswer } from '../answer';
import { describeRequest } from '../describe';
import { isModernRequest } from '../modernResult';
import type { Rule } from '../rule';
import { ENVELOPE_KEYS } from '../taskShapes';

/**
 * SEP-2663: tasks/update and tasks/cancel answer with "An empty acknowledgement. The resultType
 * field MUST be set to "complete"" — no task envelope; the task's new state is read with the
 * next tasks/get. (A missing resultType is result-type-missing's finding.)
 */
export const taskAckInvalid: Rule = {
  id: 'task-ack-invalid',
  stage: 'envelope',
  severity: 'error',
  on: ['s2c-response'],
  onEvent: onFirstAnswer(({ request: r, response: msg }, e, _ctx, report) => {
    if ((r.method !== 'tasks/update' && r.method !== 'tasks/cancel') || !msg.result || !isModernRequest(r)) return;
    const faults: string[] = [];
    if (msg.result.resultType !== undefined && msg.result.resultType !== 'complete')
      faults.push(`resultType ${JSON.stringify(msg.result.resultType)}`);
    const envelope = ENVELOPE_KEYS.filter((k) => k in msg.result!);
    if (envelope.length) faults.push(`the task fields ${envelope.join(', ')}`);
    if (faults.length === 0) return;
    report({
      message: `${describeRequest(r)} was acknowledged with ${faults.join(' and ')}; its answer is an empty acknowledgement ({resultType: "complete"})`,
      evidence: [e.seq, r.seq],
      hint: `Answer ${r.method} with {resultType: "complete"} only; the client reads the task's state with tasks/get (SEP-2663).`,
    });
  }),
};
