import { onFirstAnswer } from '../answer';
import { describeRequest } from '../describe';
import { INPUT_REQUIRED_METHODS, isModernRequest } from '../modernResult';
import type { Rule } from '../rule';

/**
 * 2026-07-28 schema: only CallToolResultResponse, GetPromptResultResponse and
 * ReadResourceResultResponse admit an InputRequiredResult ("anyOf InputRequiredResult"); a
 * list, server/discover or completion/complete result is always complete, so a host never has
 * to answer a question to learn what a server offers.
 */
export const inputRequiredMisplaced: Rule = {
  id: 'input-required-misplaced',
  stage: 'flow',
  severity: 'error',
  on: ['s2c-response'],
  onEvent: onFirstAnswer(({ request: r, response: msg }, e, _ctx, report) => {
    if (!isModernRequest(r) || INPUT_REQUIRED_METHODS.has(r.method) || msg.result?.resultType !== 'input_required') return;
    report({
      message: `${describeRequest(r)} was answered with resultType "input_required"; ${r.method} has no input round in ${r.version}`,
      evidence: [e.seq, r.seq],
      hint: `Answer ${r.method} with its complete result; ask for input (elicitation, sampling, roots) only from tools/call, prompts/get or resources/read.`,
    });
  }),
};
