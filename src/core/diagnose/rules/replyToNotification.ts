import type { Rule } from '../rule';
import { isNotification } from '../../wire/message';
import { isReplyToNotification } from '../envelope';

export const replyToNotification: Rule = {
  id: 'reply-to-notification',
  stage: 'envelope',
  // JSON-RPC 2.0: "The Server MUST NOT reply to a Notification".
  severity: 'error',
  on: ['s2c-response', 's2c-line'],
  onEvent(e, ctx, report) {
    if (!isReplyToNotification(e, ctx) || !ctx.lastC2s || !isNotification(ctx.lastC2s.msg)) return;
    report({
      message: `The server answered the notification ${ctx.lastC2s.msg.method} (seq ${ctx.lastC2s.seq}) with a response; notifications are never answered`,
      evidence: [ctx.lastC2s.seq, e.seq],
      hint: 'Do not reply to messages without an id (JSON-RPC 2.0: "The Server MUST NOT reply to a Notification"); handle notifications/initialized, notifications/cancelled etc. silently.',
    });
  },
};
