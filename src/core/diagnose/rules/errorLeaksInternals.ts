import type { Rule } from '../rule';
import { onFirstAnswer } from '../answer';
import { describeRequest, quote } from '../describe';
import { internalsIn } from '../internals';

/**
 * An error a tool call produced (a JSON-RPC error or an isError result, which "goes to the
 * model") carries a stack trace or a path of the server's machine: it tells the model and
 * the user nothing they can act on, and tells an attacker the layout of the host.
 */
export const errorLeaksInternals: Rule = {
  id: 'error-leaks-internals',
  stage: 'invocation',
  severity: 'warning',
  on: ['s2c-response'],
  onEvent: onFirstAnswer(({ request: r, response: msg }, e, _ctx, report) => {
    if (r.method !== 'tools/call') return;
    const text = msg.error
      ? `${msg.error.message}\n${JSON.stringify(msg.error.data ?? '')}`
      : msg.result?.isError === true
        ? resultText(msg.result)
        : '';
    const leak = internalsIn(text);
    if (!leak) return;
    report({
      message: `The error of ${describeRequest(r)} shows the server's ${leak.kind}: ${quote(leak.excerpt, 120)}`,
      evidence: [r.seq, e.seq],
      hint: 'Catch the exception in the handler and answer with a sentence about the input (isError: true), logging the stack to stderr instead of sending it.',
    });
  }),
};

function resultText(result: Record<string, unknown>): string {
  const content = Array.isArray(result.content) ? result.content : [];
  return content
    .map((c) => (c && typeof c === 'object' && typeof (c as { text?: unknown }).text === 'string' ? (c as { text: string }).text : ''))
    .join('\n');
}
