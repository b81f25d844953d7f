import type { Rule } from '../rule';
import { isRequest, isResponse } from '../../wire/message';
import { errorText } from '../describe';
import { isReplyToNotification } from '../envelope';
import { isHttpErrorReply } from '../http';

/** MCP: request ids are "a string or integer", never null. */
export const nullId: Rule = {
  id: 'null-id',
  stage: 'envelope',
  // MCP: a request id "MUST NOT be null"; a response carries the id of the request it answers.
  severity: 'error',
  on: ['s2c-request', 's2c-response'],
  onEvent(e, ctx, report) {
    if (e.dir !== 's2c' || !e.msg || !('id' in e.msg) || e.msg.id !== null || isReplyToNotification(e, ctx)) return;
    // The error body of an HTTP exchange: http-status and error-in-200 explain it.
    if (isHttpErrorReply(e)) return;
    if (isRequest(e.msg)) {
      report({
        message: `The server sent the request ${e.msg.method} with id null`,
        evidence: [e.seq],
        hint: 'Give every request a unique string or integer id; a message without a response expected is a notification (no id at all).',
      });
    } else if (isResponse(e.msg) && e.msg.error && !e.msg.result) {
      report({
        message: `An error response with id null: ${errorText(e.msg.error)}; it answers no request`,
        evidence: [e.seq],
        // JSON-RPC 2.0 allows a null id when the request's id could not be read (a parse error).
        severity: 'warning',
        hint: 'JSON-RPC allows a null id only when the request id could not be read (a parse error). If this answers a request, echo its id.',
      });
    } else {
      report({
        message: 'A result with id null: no request can be matched to it, so the request it answers never completes',
        evidence: [e.seq],
        hint: 'Echo the id of the request being answered (string or integer, same type).',
      });
    }
  },
};
