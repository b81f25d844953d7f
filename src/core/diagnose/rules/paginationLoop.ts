import type { Rule } from '../rule';
import { firstAnswer } from '../answer';
import { LIST_METHODS } from '../capabilities';
import { isRequest } from '../../wire/message';

/** One listing: the pages a client fetched by following nextCursor from a first request without a cursor. */
interface Chain {
  /** Every nextCursor this listing was handed, with the seq of the page that handed it. */
  cursors: Map<string, number>;
  /** The last nextCursor handed out and not yet followed. */
  awaiting?: string;
  method: string;
  fired: boolean;
}

interface State {
  /** The listing each page request belongs to, by the request's seq. */
  byRequest: Map<number, Chain>;
  /** Listings waiting for their next page, oldest first. */
  open: Chain[];
}

/** The paginated lists: the base protocol's, and the Skills extension's ("Pagination mirrors the base protocol's list methods"). */
const PAGINATED = new Set([...Object.keys(LIST_METHODS), 'skills/list']);

/** Listings left waiting (a client that stopped following) are forgotten past this many. */
const OPEN_KEEP = 100;

/**
 * A nextCursor that leads back to a page already listed: a client following cursors never
 * ends. Each listing is followed by its own request chain (the request that sends cursor C
 * continues the listing that handed out C), so two listings of one method that overlap (a
 * list_changed refresh during the first) are never mistaken for one that loops.
 */
export const paginationLoop: Rule = {
  id: 'pagination-loop',
  stage: 'flow',
  severity: 'error',
  on: ['c2s-request', 's2c-response'],
  onEvent(e, ctx, report) {
    const state = ctx.stateOf<State>('pagination-loop', () => ({ byRequest: new Map(), open: [] }));
    if (e.dir === 'c2s') {
      if (!isRequest(e.msg) || !PAGINATED.has(e.msg.method)) return;
      const method = e.msg.method;
      const cursor = e.msg.params?.cursor;
      const i = typeof cursor === 'string' ? state.open.findIndex((c) => c.method === method && c.awaiting === cursor) : -1;
      const chain = i >= 0 ? state.open.splice(i, 1)[0] : { cursors: new Map<string, number>(), method, fired: false };
      chain.awaiting = undefined;
      state.byRequest.set(e.seq, chain);
      return;
    }
    const answer = firstAnswer(e, ctx);
    if (!answer) return;
    const { request: r, response: msg } = answer;
    const chain = state.byRequest.get(r.seq);
    state.byRequest.delete(r.seq);
    if (!chain || !msg.result) return;
    const sent = r.params?.cursor;
    const next = msg.result.nextCursor;
    // "Treat a missing nextCursor as the end of results."
    if (typeof next !== 'string') return;
    const seen = next === sent ? r.seq : chain.cursors.get(next);
    if (seen === undefined) {
      chain.cursors.set(next, e.seq);
      chain.awaiting = next;
      state.open.push(chain);
      if (state.open.length > OPEN_KEEP) state.open.shift();
      return;
    }
    if (chain.fired) return;
    chain.fired = true;
    report({
      message: `${r.method} returned nextCursor ${JSON.stringify(next)}${next === sent ? ' for the request that sent that same cursor' : `, which an earlier page of the same listing (seq ${seen}) already returned`}: following the cursors never ends`,
      evidence: [seen, e.seq],
      hint: 'Each nextCursor must lead to the next page, and the last page must omit nextCursor (an empty string is a cursor, not the end).',
    });
  },
};
