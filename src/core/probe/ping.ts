import { evidence, exchange } from './exchange';
import { recordVerdict, type Probe } from './probe';

/**
 * 2025-11-25 basic/utilities/ping: "The receiver MUST respond promptly with an empty response".
 * 2026-07-28 removed ping: there is nothing to ask.
 */
export const pingProbe: Probe = {
  id: 'ping',
  title: 'ping is answered with an empty result',
  skip: (ctx) => (ctx.info.era === 'modern' ? `ping does not exist in ${ctx.info.protocolVersion}` : undefined),
  async run(ctx) {
    const answer = await exchange(ctx, 'ping');
    if ('error' in answer) {
      recordVerdict(ctx.client.trace, 'ping', {
        rule: 'ping-failed',
        message: `ping was answered with error ${answer.error.code} "${answer.error.message}" instead of an empty result`,
        hint: 'Answer ping with {} (the SDKs do this for you unless a handler for "ping" replaces theirs).',
        evidence: evidence(answer.responseSeq, answer.requestSeq),
      });
      return;
    }
    const keys = Object.keys(answer.result).filter((k) => k !== '_meta');
    if (keys.length > 0) {
      recordVerdict(ctx.client.trace, 'ping', {
        rule: 'ping-failed',
        message: `ping was answered with a result holding ${keys.map((k) => `"${k}"`).join(', ')}; the spec asks for an empty one`,
        hint: 'Return {} from ping.',
        evidence: evidence(answer.responseSeq, answer.requestSeq),
        severity: 'warning',
      });
    }
  },
};
