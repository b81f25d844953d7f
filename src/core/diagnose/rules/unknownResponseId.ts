import type { Rule } from '../rule';
import { isResponse } from '../../wire/message';
import { isReplyToNotification } from '../envelope';

export const unknownResponseId: Rule = {
  id: 'unknown-response-id',
  stage: 'envelope',
  // JSON-RPC 2.0: a response's id "MUST be the same as the value of the id member in the Request Object".
  severity: 'error',
  on: ['s2c-response'],
  onEvent(e, ctx, report) {
    if (e.dir !== 's2c' || !isResponse(e.msg) || e.msg.id === null || e.msg.id === undefined) return;
    const id = e.msg.id;
    if (ctx.requestFor(id) || isReplyToNotification(e, ctx)) return;
    // The commonest cause: the id's type changed on the way back (1 → "1").
    const other = typeof id === 'string' ? ctx.requestFor(Number(id)) : ctx.requestFor(String(id));
    const typeHint =
      other && String(other.id) === String(id)
        ? `; the client sent id ${JSON.stringify(other.id)} (${typeof other.id}) in ${other.method}`
        : '';
    report({
      message: `A response with id ${JSON.stringify(id)} answers no request the client sent${typeHint}`,
      evidence: other ? [other.seq, e.seq] : [e.seq],
      hint: 'Echo the request id exactly, with its type (1 and "1" are different ids); never invent ids.',
    });
  },
};
