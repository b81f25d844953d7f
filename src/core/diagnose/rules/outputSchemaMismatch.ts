import type { Rule } from '../rule';
import { onFirstAnswer } from '../answer';
import { describeRequest } from '../describe';
import { formatToolErrors, validateAgainst } from '../toolSchemas';

/** Tools spec: "If an output schema is provided: Servers MUST provide structured results that conform to this schema." */
export const outputSchemaMismatch: Rule = {
  id: 'output-schema-mismatch',
  stage: 'invocation',
  severity: 'error',
  on: ['s2c-response'],
  onEvent: onFirstAnswer(({ request: r, response: msg }, e, ctx, report) => {
    if (!msg.result) return;
    const result = msg.result;
    if (result.isError === true || result.resultType === 'input_required') return;
    if (r.method !== 'tools/call') return;
    const tool = ctx.tools.get(String(r.params?.name ?? ''));
    if (!tool || typeof tool.outputSchema !== 'object' || tool.outputSchema === null) return;
    const hint = `Make structuredContent conform to the outputSchema "${tool.name}" advertises in tools/list (seq ${tool.seq}), or fix the schema: SDK clients reject a result that does not validate.`;
    if (!('structuredContent' in result)) {
      report({
        message: `${describeRequest(r)} returned no structuredContent although the tool declares an outputSchema`,
        evidence: [tool.seq, e.seq],
        hint,
      });
      return;
    }
    const errors = validateAgainst(tool.outputSchema, result.structuredContent);
    if (!errors || errors.length === 0) return;
    report({
      message: `structuredContent of ${describeRequest(r)} does not match the tool's outputSchema: ${formatToolErrors(errors)}`,
      evidence: [tool.seq, e.seq],
      hint,
    });
  }),
};
