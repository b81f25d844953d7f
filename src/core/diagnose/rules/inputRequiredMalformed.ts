import type { Rule } from '../rule';
import { onFirstAnswer } from '../answer';
import { describeRequest } from '../describe';
import { INPUT_REQUEST_METHODS, inputRequiredFault } from '../../session/inputRequired';

/**
 * 2026-07-28 InputRequiredResult: "At least one of `inputRequests` or `requestState` MUST be
 * present", each input request a sampling, roots or elicitation request; a requestState the
 * client cannot echo (over its cap) ends the exchange too. Unknown methods are their own rule.
 */
export const inputRequiredMalformed: Rule = {
  id: 'input-required-malformed',
  stage: 'envelope',
  severity: 'error',
  on: ['s2c-response'],
  onEvent: onFirstAnswer(({ request: r, response: msg }, e, _ctx, report) => {
    const result = msg.result as Record<string, unknown> | undefined;
    if (result?.resultType !== 'input_required') return;
    const fault = inputRequiredFault(result);
    if (!fault || fault.includes(', not sampling/createMessage')) return;
    report({
      message: `${describeRequest(r)} was answered with ${fault}: the client cannot complete it`,
      evidence: [r.seq, e.seq],
      hint: 'An input_required result carries inputRequests (a map of key → sampling/createMessage, roots/list or elicitation/create request) and/or a string requestState the client echoes back unchanged.',
    });
  }),
};

/** An InputRequest whose method is none of the three the spec allows. */
export const unknownInputRequest: Rule = {
  id: 'unknown-input-request',
  stage: 'envelope',
  severity: 'error',
  on: ['s2c-response'],
  onEvent: onFirstAnswer(({ request: r, response: msg }, e, _ctx, report) => {
    const result = msg.result as Record<string, unknown> | undefined;
    const requests = result?.resultType === 'input_required' ? result.inputRequests : undefined;
    if (typeof requests !== 'object' || requests === null) return;
    for (const [key, request] of Object.entries(requests)) {
      const method = (request as { method?: unknown } | null)?.method;
      if (typeof method === 'string' && INPUT_REQUEST_METHODS.has(method)) continue;
      report({
        message: `${describeRequest(r)} asked for input "${key}" with method ${JSON.stringify(method)}, which no client can answer inside an InputRequiredResult`,
        evidence: [r.seq, e.seq],
        hint: 'An input request is sampling/createMessage, roots/list or elicitation/create (InputRequest in the 2026-07-28 schema).',
      });
      return;
    }
  }),
};
