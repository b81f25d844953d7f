import { ProtocolError } from '../session/errors';
import { watchVia } from '../resources/subscriptions';
import { capabilitiesSeq, evidence, exchange, quote, requestSeq } from './exchange';
import type { Trace } from '../trace/trace';
import { recordVerdict, type Probe, type ProbeContext } from './probe';

/**
 * server/resources: `subscribe` is "Whether this server supports subscribing to resource
 * updates": a server that declares it must accept resources/subscribe and
 * resources/unsubscribe (2025-11-25) or a subscriptions/listen stream asking for
 * resourceSubscriptions, which it acknowledges (2026-07-28).
 */
export const subscribeProbe: Probe = {
  id: 'subscribe',
  title: 'a declared resource subscription is accepted',
  skip(ctx) {
    if (watchVia(ctx.info) === undefined) return 'the server does not declare resources.subscribe';
    return firstUri(ctx) === undefined ? 'no resource is listed to subscribe to' : undefined;
  },
  async run(ctx) {
    const uri = firstUri(ctx)!;
    const trace = ctx.client.trace;
    if (watchVia(ctx.info) === 'listen') {
      try {
        const stream = await ctx.client.listen({ resourceSubscriptions: [uri] }, { timeoutMs: ctx.timeoutMs });
        stream.close('mcp-lens check: the subscription probe is done');
      } catch (error) {
        if (!(error instanceof ProtocolError)) throw error;
        recordSubscribeRefused(trace, 'subscriptions/listen', uri, error);
      }
      return;
    }
    const subscribed = await exchange(ctx, 'resources/subscribe', { uri });
    if ('error' in subscribed) return recordSubscribeRefused(trace, 'resources/subscribe', uri, subscribed.error);
    const unsubscribed = await exchange(ctx, 'resources/unsubscribe', { uri });
    if ('error' in unsubscribed) recordSubscribeRefused(trace, 'resources/unsubscribe', uri, unsubscribed.error);
  },
};

/** The subscribe-refused verdict for a refused resources/subscribe, unsubscribe or listen (check's probe, and `watch`). */
export function recordSubscribeRefused(trace: Trace, method: string, uri: string, error: ProtocolError): void {
  recordVerdict(trace, 'subscribe', {
    rule: 'subscribe-refused',
    message: `the server declares resources.subscribe but answered ${method} of ${quote(uri)} with error ${error.code} "${error.message}"`,
    hint: 'Implement resources/subscribe and resources/unsubscribe (2026-07-28: subscriptions/listen with resourceSubscriptions), or declare resources.subscribe: false.',
    evidence: evidence(error.responseSeq, requestSeq(trace, error.responseSeq), capabilitiesSeq(trace)),
  });
}

function firstUri(ctx: ProbeContext): string | undefined {
  return ctx.listed.resources.map((r) => r.uri).find((u): u is string => typeof u === 'string');
}
