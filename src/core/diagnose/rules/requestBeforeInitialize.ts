import type { Rule } from '../rule';
import { isRequest } from '../../wire/message';
import { MODERN_META } from '../versions';

// server/discover is the dual-era probe the spec asks clients to send first; ping is allowed any time.
const ALLOWED = new Set(['initialize', 'server/discover', 'ping']);

/**
 * Legacy lifecycle: "The client SHOULD NOT send requests other than pings before the server
 * has responded to the initialize request"; "The server SHOULD NOT send requests other than
 * pings and logging before receiving the initialized notification."
 */
export const requestBeforeInitialize: Rule = {
  id: 'request-before-initialize',
  stage: 'initialization',
  severity: 'warning',
  on: ['c2s-request', 's2c-request'],
  onEvent(e, ctx, report) {
    if (!isRequest(e.msg) || ctx.era === 'modern' || ALLOWED.has(e.msg.method)) return;
    const meta = e.msg.params?._meta as Record<string, unknown> | undefined;
    if (meta?.[MODERN_META.protocolVersion] !== undefined) return;
    if (e.dir === 'c2s' && ctx.initializeResultSeq === undefined) {
      const state = ctx.stateOf('request-before-initialize', () => new Set<string>());
      if (state.has(e.msg.method)) return;
      state.add(e.msg.method);
      report({
        message: `The client sent ${e.msg.method} (id ${JSON.stringify(e.msg.id)}) before ${ctx.initialize ? 'the initialize result arrived' : 'initialize'}; a legacy session must begin with initialize`,
        evidence: ctx.initialize ? [ctx.initialize.seq, e.seq] : [e.seq],
        hint: 'Send initialize first and wait for its result (or probe with server/discover first for a 2026-07-28 server); some servers answer early requests, others reject or drop them.',
      });
    } else if (e.dir === 's2c' && ctx.initialize && ctx.initializedSeq === undefined && e.msg.method !== 'notifications/message') {
      report({
        message: `The server sent the request ${e.msg.method} (id ${JSON.stringify(e.msg.id)}) ${
          ctx.initializeResultSeq === undefined ? 'before it had answered initialize' : "before the client's notifications/initialized"
        }`,
        evidence: [ctx.initializeResultSeq ?? ctx.initialize.seq, e.seq],
        hint: 'Wait for notifications/initialized before sending requests to the client (only ping and logging are allowed earlier), e.g. do it in the oninitialized callback.',
      });
    }
  },
};
