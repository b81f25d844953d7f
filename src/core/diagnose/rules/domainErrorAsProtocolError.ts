import type { Rule } from '../rule';
import { onFirstAnswer } from '../answer';
import { describeRequest, quote } from '../describe';

// Codes the specification defines in the reserved ranges (basic/index#error-codes).
const SPEC_CODES = new Set([-32002, -32020, -32021, -32022, -32042]);
// Failures that are protocol-level by nature, whatever the code.
const PROTOCOL_MESSAGE = /method not found|invalid param|parse error|invalid request|unknown tool|tool .*not found|no such tool/i;

/**
 * Tools spec: errors in the tool itself "SHOULD be reported inside the result object" with
 * isError, so the model can see them; JSON-RPC errors are for unknown tools and bad requests.
 */
export const domainErrorAsProtocolError: Rule = {
  id: 'domain-error-as-protocol-error',
  stage: 'invocation',
  severity: 'warning',
  on: ['s2c-response'],
  onEvent: onFirstAnswer(({ request: r, response: msg }, e, ctx, report) => {
    if (!msg.error || r.method !== 'tools/call') return;
    const { code, message } = msg.error;
    const serverDefined = code <= -32000 && code >= -32099 && !SPEC_CODES.has(code);
    if ((code !== -32603 && !serverDefined) || PROTOCOL_MESSAGE.test(message)) return;
    report({
      message: `${describeRequest(r)} failed with JSON-RPC error ${code} ${quote(message, 200)}: a tool failure sent as a protocol error, so the model never sees it`,
      evidence: [r.seq, e.seq],
      hint: "Catch the failure in the tool handler and return { content: [{ type: 'text', text: <what went wrong> }], isError: true }; keep JSON-RPC errors for unknown tools and malformed requests.",
    });
  }),
};
