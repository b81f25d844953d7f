import type { Rule } from '../rule';
import { onFirstAnswer } from '../answer';
import { describeRequest, quote } from '../describe';

function firstText(content: unknown): string | undefined {
  if (!Array.isArray(content)) return undefined;
  const text = content.find((c) => typeof c === 'object' && c !== null && (c as { type?: unknown }).type === 'text');
  return typeof text?.text === 'string' ? text.text : undefined;
}

/** `isError: true`: the tool ran and failed; the result goes to the model (the right channel). */
export const toolError: Rule = {
  id: 'tool-error',
  stage: 'invocation',
  severity: 'info',
  on: ['s2c-response'],
  onEvent: onFirstAnswer(({ request: r, response: msg }, e, ctx, report) => {
    if (msg.result?.isError !== true || r.method !== 'tools/call') return;
    const text = firstText(msg.result.content);
    report({
      message: `${describeRequest(r)} returned isError: true${text !== undefined ? `: ${quote(text, 200)}` : ''}`,
      evidence: [r.seq, e.seq],
      hint: "The tool ran and reported a failure to the model (the right channel for tool failures). If it is unexpected, check the arguments and the server's stderr around this call.",
    });
  }),
};
