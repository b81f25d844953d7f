import { ProtocolError } from '../session/errors';
import { watchVia } from '../resources/subscriptions';
import { isRequest } from '../wire/message';
import { evidence, exchange, quote } from './exchange';
import { recordVerdict, type Probe, type ProbeContext } from './probe';

const HINT = 'Implement resources/subscribe and resources/unsubscribe (2026-07-28: subscriptions/listen with resourceSubscriptions), or declare resources.subscribe: false.';

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
    if (watchVia(ctx.info) === 'listen') return listen(ctx, uri);
    const refused = (method: string, answer: { error: ProtocolError; requestSeq: number; responseSeq: number }) =>
      recordVerdict(ctx.client.trace, 'subscribe', {
        rule: 'subscribe-refused',
        message: `the server declares resources.subscribe but answered ${method} of ${quote(uri)} with error ${answer.error.code} "${answer.error.message}"`,
        hint: HINT,
        evidence: evidence(answer.responseSeq, answer.requestSeq, capabilitiesSeq(ctx)),
      });
    const subscribed = await exchange(ctx, 'resources/subscribe', { uri });
    if ('error' in subscribed) return refused('resources/subscribe', subscribed);
    const unsubscribed = await exchange(ctx, 'resources/unsubscribe', { uri });
    if ('error' in unsubscribed) refused('resources/unsubscribe', unsubscribed);
  },
};

async function listen(ctx: ProbeContext, uri: string): Promise<void> {
  try {
    const stream = await ctx.client.listen({ resourceSubscriptions: [uri] }, { timeoutMs: ctx.timeoutMs });
    stream.close('mcp-lens check: the subscription probe is done');
  } catch (error) {
    if (!(error instanceof ProtocolError)) throw error;
    recordVerdict(ctx.client.trace, 'subscribe', {
      rule: 'subscribe-refused',
      message: `the server declares resources.subscribe but answered subscriptions/listen for ${quote(uri)} with error ${error.code} "${error.message}"`,
      hint: HINT,
      evidence: evidence(error.responseSeq, listenRequestSeq(ctx, error.responseSeq), capabilitiesSeq(ctx)),
    });
  }
}

function firstUri(ctx: ProbeContext): string | undefined {
  return ctx.listed.resources.map((r) => r.uri).find((u): u is string => typeof u === 'string');
}

/** The subscriptions/listen request the error at `responseSeq` answers. */
function listenRequestSeq(ctx: ProbeContext, responseSeq: number): number {
  const msg = ctx.client.trace.event(responseSeq)?.msg;
  const id = msg && 'id' in msg ? msg.id : undefined;
  const request = ctx.client.trace.events.find((e) => e.dir === 'c2s' && isRequest(e.msg) && e.msg.method === 'subscriptions/listen' && e.msg.id === id);
  return request?.seq ?? 0;
}

/** The answer that declared the capability (initialize or server/discover result), cited as the promise broken. */
function capabilitiesSeq(ctx: ProbeContext): number {
  const events = ctx.client.trace.events;
  const asked = new Set<unknown>();
  for (const e of events) {
    if (e.dir === 'c2s' && isRequest(e.msg) && (e.msg.method === 'initialize' || e.msg.method === 'server/discover')) asked.add(e.msg.id);
    else if (e.dir === 's2c' && e.msg && 'result' in e.msg && asked.has(e.msg.id) && e.msg.result?.capabilities !== undefined) return e.seq;
  }
  return 0;
}
