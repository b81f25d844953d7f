import type { Rule } from '../rule';

/** Legacy lifecycle: after the initialize result "the client MUST send an initialized notification". */
export const missingInitialized: Rule = {
  id: 'missing-initialized',
  stage: 'initialization',
  severity: 'error',
  on: ['c2s-request'],
  onEvent(e, ctx, report) {
    if (e.dir !== 'c2s' || e.kind !== 'request' || !e.msg || !('method' in e.msg)) return;
    if (ctx.era === 'modern' || ctx.initializeResultSeq === undefined || ctx.initializedSeq !== undefined) return;
    if (e.msg.method === 'ping' || e.msg.method === 'initialize') return;
    const state = ctx.stateOf('missing-initialized', () => ({ fired: false }));
    if (state.fired) return;
    state.fired = true;
    report({
      message: `The client sent ${e.msg.method} after the initialize result without sending notifications/initialized first`,
      evidence: [ctx.initializeResultSeq, e.seq],
      hint: 'Send {"jsonrpc":"2.0","method":"notifications/initialized"} right after the initialize result; servers may ignore or reject requests until it arrives.',
    });
  },
};
