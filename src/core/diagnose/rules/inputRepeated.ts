import type { Rule } from '../rule';

/** The client's note when a server asked exactly the same inputRequests and requestState round after round. */
export const inputRepeated: Rule = {
  id: 'input-repeated',
  stage: 'flow',
  severity: 'error',
  on: ['meta'],
  onEvent(e, _ctx, report) {
    if (e.kind !== 'note' || e.info?.reason !== 'input-repeated') return;
    report({
      message: `The server asked the same thing ${String(e.info.rounds)} rounds in a row for ${String(e.info.method)}, whatever the client answered; the client stopped`,
      evidence: [e.seq],
      hint: 'Read inputResponses (and your requestState) on the retried request: an answered question must move the request on, to a complete result or a different question.',
    });
  },
};
