import type { Rule } from '../rule';
import { isResponse } from '../../wire/message';

/** JSON-RPC 2.0: "Either the result member or error member MUST be included, but both members MUST NOT be included." */
export const resultAndError: Rule = {
  id: 'result-and-error',
  stage: 'envelope',
  severity: 'error',
  on: ['s2c-response'],
  onEvent(e, ctx, report) {
    if (e.dir !== 's2c' || !isResponse(e.msg) || !('result' in e.msg) || !('error' in e.msg)) return;
    const r = e.msg.id !== null ? ctx.requestFor(e.msg.id) : undefined;
    report({
      message: `The response to ${r ? r.method : 'a request'} (id ${JSON.stringify(e.msg.id)}) carries both "result" and "error"`,
      evidence: r ? [r.seq, e.seq] : [e.seq],
      hint: 'Send either {result} for success or {error: {code, message}} for failure, never both (clients disagree on which one wins).',
    });
  },
};
