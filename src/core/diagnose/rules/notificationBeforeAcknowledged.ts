import type { Rule } from '../rule';
import { isNotification } from '../../wire/message';
import { openStream, subscriptionIdOf } from '../listenStream';

const ACKNOWLEDGED = 'notifications/subscriptions/acknowledged';

/**
 * SubscriptionsAcknowledgedNotification: "This notification MUST be the first message the
 * server sends carrying the subscription's ID … The server MUST NOT send any notification on
 * the subscription before acknowledging it." The ordering is per subscription id: messages of
 * other streams may come between.
 */
export const notificationBeforeAcknowledged: Rule = {
  id: 'notification-before-acknowledged',
  stage: 'flow',
  severity: 'error',
  on: ['s2c-notification'],
  onEvent(e, ctx, report) {
    if (!isNotification(e.msg) || e.msg.method === 'notifications/cancelled') return;
    const id = subscriptionIdOf(e.msg.params);
    if (id === undefined) return;
    const stream = openStream(ctx, id);
    if (!stream) return;
    const state = ctx.stateOf('notification-before-acknowledged', () => ({ acknowledged: new Set<number>(), reported: new Set<number>() }));
    if (e.msg.method === ACKNOWLEDGED) {
      state.acknowledged.add(stream.seq);
      return;
    }
    if (state.acknowledged.has(stream.seq) || state.reported.has(stream.seq)) return;
    state.reported.add(stream.seq);
    report({
      message: `The server sent ${e.msg.method} on the subscriptions/listen stream ${JSON.stringify(id)} before notifications/subscriptions/acknowledged for it: the acknowledgement "MUST be the first message the server sends carrying the subscription's ID"`,
      evidence: [stream.seq, e.seq],
      hint: 'Send notifications/subscriptions/acknowledged (with the granted filter) as soon as the listen request is accepted, before registering the stream for updates: a client cannot know what was granted until then, and may drop what comes first.',
    });
  },
};
