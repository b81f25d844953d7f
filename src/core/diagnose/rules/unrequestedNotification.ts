import type { Rule } from '../rule';
import { isNotification } from '../../wire/message';
import { asked, endedStream, openStream, STREAM_NOTIFICATIONS, subscriptionIdOf } from '../listenStream';

/**
 * 2026-07-28 made list_changed and resources/updated opt-in per `subscriptions/listen` stream:
 * "the server MUST NOT send notification types the client has not explicitly requested"
 * (SubscriptionFilter). One that names no open stream, or a stream whose filter did not ask
 * for it, was never requested. Legacy sessions send them by capability and are not judged.
 * A stream the client already ended is left to the cancellation race (message-after-cancel).
 */
export const unrequestedNotification: Rule = {
  id: 'unrequested-notification',
  stage: 'negotiation',
  severity: 'error',
  on: ['s2c-notification'],
  onEvent(e, ctx, report) {
    if (ctx.era !== 'modern' || !isNotification(e.msg) || !(e.msg.method in STREAM_NOTIFICATIONS)) return;
    const { method } = e.msg;
    const id = subscriptionIdOf(e.msg.params);
    if (id !== undefined && endedStream(ctx, id)) return;
    const stream = id === undefined ? undefined : openStream(ctx, id);
    if (stream && asked(stream, method)) return;
    const state = ctx.stateOf('unrequested-notification', () => new Set<string>());
    const key = `${method} ${String(id)}`;
    if (state.has(key)) return;
    state.add(key);
    const field = STREAM_NOTIFICATIONS[method];
    const where =
      id === undefined
        ? 'without an io.modelcontextprotocol/subscriptionId, so on no subscriptions/listen stream'
        : stream
          ? `on the subscriptions/listen stream ${JSON.stringify(id)}, whose filter did not ask for it (no ${field})`
          : `naming subscription ${JSON.stringify(id)}, which is no open subscriptions/listen stream`;
    report({
      message: `The server sent ${method} ${where}: "the server MUST NOT send notification types the client has not explicitly requested"`,
      evidence: stream ? [stream.seq, e.seq] : [e.seq],
      hint: `In 2026-07-28 a notification goes only to the streams whose subscriptions/listen filter asked for it (${field}), with that stream's id in _meta["io.modelcontextprotocol/subscriptionId"]. Keep each stream's filter and send to the streams that opted in; send nothing when none did.`,
    });
  },
};
