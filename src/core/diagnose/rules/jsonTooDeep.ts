import type { Rule } from '../rule';
import { describeRequest } from '../describe';
import { httpOrigin } from '../http';

/** A JSON text nested deeper than the depth cap: not parsed, so whatever message it held is lost. */
export const jsonTooDeep: Rule = {
  id: 'json-too-deep',
  stage: 'framing',
  severity: 'error',
  on: ['s2c-line'],
  onEvent(e, ctx, report) {
    const deep = e.info?.tooDeep as { depth: number; max: number } | undefined;
    if (e.dir !== 's2c' || !deep) return;
    const origin = httpOrigin(e);
    const seq = origin?.requestSeq;
    const request = seq === undefined ? undefined : ctx.requestsBySeq.get(seq);
    const what = request
      ? `The answer to ${describeRequest(request)}`
      : origin
        ? 'A message from the server'
        : `A stdout line of ${String(e.info?.bytes)} bytes`;
    report({
      message: `${what} is JSON nested ${deep.depth} levels deep, over the cap of ${deep.max}: it was not parsed, so its message is lost`,
      evidence: request ? [request.seq, e.seq] : [e.seq],
      hint: 'No MCP message needs this depth; a value built by recursion without a limit (a cyclic structure walked, a tree serialised whole) makes it. Bound the depth the server emits.',
    });
  },
};
