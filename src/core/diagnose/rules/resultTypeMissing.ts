import { onFirstAnswer } from '../answer';
import { describeRequest } from '../describe';
import { isModernRequest } from '../modernResult';
import type { Rule } from '../rule';

/**
 * 2026-07-28 Result.resultType: "Servers implementing this protocol version MUST include this
 * field" (a client treats an absent one as "complete" only for an earlier revision).
 */
export const resultTypeMissing: Rule = {
  id: 'result-type-missing',
  stage: 'envelope',
  severity: 'error',
  on: ['s2c-response'],
  onEvent: onFirstAnswer(({ request: r, response: msg }, e, _ctx, report) => {
    if (!isModernRequest(r) || msg.result === undefined || 'resultType' in msg.result) return;
    report({
      message: `${describeRequest(r)} was answered without "resultType", which every ${r.version} result MUST include`,
      evidence: [e.seq, r.seq],
      hint: 'Add resultType: "complete" to every result (or "input_required" when asking the client for input); the 2026-07-28 SDKs do this for you.',
    });
  }),
};
