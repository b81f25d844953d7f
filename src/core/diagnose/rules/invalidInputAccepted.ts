import type { Rule } from '../rule';
import { onFirstAnswer } from '../answer';
import { describeRequest } from '../describe';
import { formatToolErrors, validateAgainst } from '../toolSchemas';

/**
 * Arguments that break the tool's own inputSchema were answered with a success. The schema is
 * the only contract a model has: a server that accepts what its schema forbids either checks
 * nothing (the input reaches the code unvalidated) or advertises a stricter schema than it means.
 */
export const invalidInputAccepted: Rule = {
  id: 'invalid-input-accepted',
  stage: 'invocation',
  severity: 'warning',
  on: ['s2c-response'],
  onEvent: onFirstAnswer(({ request: r, response: msg }, e, ctx, report) => {
    if (r.method !== 'tools/call' || !msg.result || msg.result.isError === true || msg.result.resultType === 'input_required') return;
    const tool = ctx.tools.get(String(r.params?.name ?? ''));
    if (!tool || typeof tool.inputSchema !== 'object' || tool.inputSchema === null) return;
    const errors = validateAgainst(tool.inputSchema, r.params?.arguments ?? {});
    if (!errors || errors.length === 0) return;
    report({
      message: `${describeRequest(r)} succeeded with arguments its inputSchema rejects: ${formatToolErrors(errors)}`,
      evidence: [tool.seq, r.seq, e.seq],
      hint: `Validate the arguments against the inputSchema "${tool.name}" advertises (seq ${tool.seq}) and answer a violation with isError or -32602; or make the schema say what the tool really accepts.`,
    });
  }),
};
