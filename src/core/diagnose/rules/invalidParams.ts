import type { Rule } from '../rule';
import { onFirstAnswer } from '../answer';
import { describeRequest, quote } from '../describe';
import { paramDetails } from '../paramDetails';
import { formatToolErrors, validateAgainst } from '../toolSchemas';

// These -32602s are explained by the initialization rules (missing-meta, unsupported-version).
const CLAIMED = /_meta|protocolVersion|clientCapabilities|unsupported protocol version/i;

export const invalidParams: Rule = {
  id: 'invalid-params',
  stage: 'invocation',
  // The server followed the spec (-32602 for bad params); the request failed, which `call` reports itself.
  severity: 'warning',
  on: ['s2c-response'],
  onEvent: onFirstAnswer(({ request: r, response: msg }, e, ctx, report) => {
    if (msg.error?.code !== -32602 || r.method === 'initialize' || r.method === 'server/discover') return;
    const { message, data } = msg.error;
    if (CLAIMED.test(`${message} ${JSON.stringify(data ?? '')}`)) return;
    const details = paramDetails(message, data);
    const parts = [`${describeRequest(r)} was rejected with -32602 ${quote(message, 200)}`];
    if (details.fields.length) parts.push(`field ${details.fields.map((f) => `"${f}"`).join(', ')}`);
    if (details.permitted) parts.push(`permitted: ${details.permitted.join(', ')}`);
    let hint = 'Fix the request parameters named above.';
    if (r.method === 'tools/call') {
      const name = String(r.params?.name ?? '');
      const tool = ctx.tools.get(name);
      if (ctx.tools.size > 0 && !tool) {
        hint = `There is no tool "${name}" in tools/list (${[...ctx.tools.keys()].slice(0, 10).join(', ')}): call one of those.`;
      } else if (tool?.inputSchema) {
        const errors = validateAgainst(tool.inputSchema, r.params?.arguments ?? {});
        if (errors && errors.length > 0) {
          parts.push(`against the inputSchema (tools/list seq ${tool.seq}): ${formatToolErrors(errors)}`);
          hint = `Fix the arguments to satisfy the tool's inputSchema: ${formatToolErrors(errors)}.`;
        } else if (errors) {
          hint = `The arguments satisfy the inputSchema the server advertised in tools/list (seq ${tool.seq}), yet the server rejected them: its validation and its inputSchema disagree.`;
        }
      }
    }
    report({ message: parts.join('; '), evidence: [r.seq, e.seq], hint });
  }),
};
