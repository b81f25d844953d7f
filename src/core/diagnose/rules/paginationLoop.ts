import type { Rule } from '../rule';
import { onFirstAnswer } from '../answer';
import { LIST_METHODS } from '../capabilities';

/** A nextCursor that leads back to a page already listed: a client following cursors never ends. */
export const paginationLoop: Rule = {
  id: 'pagination-loop',
  stage: 'flow',
  severity: 'error',
  on: ['s2c-response'],
  onEvent: onFirstAnswer(({ request: r, response: msg }, e, ctx, report) => {
    if (!msg.result || !LIST_METHODS[r.method]) return;
    const chains = ctx.stateOf('pagination-loop', () => new Map<string, { cursors: Map<string, number>; fired: boolean }>());
    const sent = r.params?.cursor;
    let chain = chains.get(r.method);
    if (typeof sent !== 'string' || !chain) {
      chain = { cursors: new Map(), fired: false };
      chains.set(r.method, chain);
    }
    const next = msg.result.nextCursor;
    if (typeof next !== 'string') return;
    const seen = next === sent ? r.seq : chain.cursors.get(next);
    if (seen === undefined) {
      chain.cursors.set(next, e.seq);
      return;
    }
    if (chain.fired) return;
    chain.fired = true;
    report({
      message: `${r.method} returned nextCursor ${JSON.stringify(next)}${next === sent ? ' for the request that sent that same cursor' : `, which an earlier page (seq ${seen}) already returned`}: following the cursors never ends`,
      evidence: [seen, e.seq],
      hint: 'Each nextCursor must lead to the next page, and the last page must omit nextCursor (an empty string is a cursor, not the end).',
    });
  }),
};
