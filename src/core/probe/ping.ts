import { RequestTimeoutError } from '../session/errors';
import { isRequest } from '../wire/message';
import { evidence, exchange } from './exchange';
import { recordVerdict, type Probe, type ProbeContext } from './probe';

/** "Promptly": a ping has nothing to compute, so it gets this long at most, well inside the probe's own bound. */
const PING_PROMPT_MS = 5000;

/**
 * 2025-11-25 basic/utilities/ping: "The receiver MUST respond promptly with an empty response".
 * 2026-07-28 removed ping: there is nothing to ask.
 */
export const pingProbe: Probe = {
  id: 'ping',
  title: 'ping is answered with an empty result',
  skip: (ctx) => (ctx.info.era === 'modern' ? `ping does not exist in ${ctx.info.protocolVersion}` : undefined),
  async run(ctx) {
    const waitMs = Math.min(PING_PROMPT_MS, Math.floor(ctx.timeoutMs / 2));
    const answer = await exchange({ ...ctx, timeoutMs: waitMs }, 'ping').catch((error: unknown) => {
      if (!(error instanceof RequestTimeoutError)) throw error;
      recordVerdict(ctx.client.trace, 'ping', {
        rule: 'ping-failed',
        message: `ping got no answer within ${waitMs} ms`,
        hint: 'Answer ping with {} at once, even while other requests are running (the SDKs do this for you).',
        evidence: lastPing(ctx),
      });
      return undefined;
    });
    if (answer === undefined) return;
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

/** The unanswered ping and its timeout, for evidence. */
function lastPing(ctx: ProbeContext): number[] {
  const events = ctx.client.trace.events;
  const ping = [...events].reverse().find((e) => e.dir === 'c2s' && isRequest(e.msg) && e.msg.method === 'ping');
  const timedOut = ping && events.find((e) => e.seq > ping.seq && e.dir === 'meta' && e.kind === 'timeout');
  return [ping?.seq, timedOut?.seq].filter((s): s is number => s !== undefined);
}
