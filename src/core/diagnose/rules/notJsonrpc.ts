import type { Rule } from '../rule';
import { quote } from '../describe';
import { isReplyToNotification } from '../envelope';
import { isHttpErrorReply } from '../http';

function why(json: unknown): { reason: string; attempted: boolean } {
  if (Array.isArray(json))
    return { reason: 'a JSON array (MCP sends one message per line; batches were removed in 2025-06-18)', attempted: true };
  if (typeof json !== 'object' || json === null) return { reason: `a bare JSON ${json === null ? 'null' : typeof json}`, attempted: false };
  const o = json as Record<string, unknown>;
  const attempted = 'id' in o || 'method' in o || 'result' in o || 'error' in o;
  if (o.jsonrpc !== '2.0')
    return { reason: `"jsonrpc" is ${o.jsonrpc === undefined ? 'missing' : JSON.stringify(o.jsonrpc)}, must be "2.0"`, attempted };
  if ('method' in o && typeof o.method !== 'string') return { reason: '"method" is not a string', attempted };
  if ('method' in o) return { reason: `"params" must be an object and "id" a string or integer`, attempted };
  if (!('result' in o) && !('error' in o)) return { reason: 'it has neither "method" nor "result"/"error"', attempted };
  if (!('id' in o)) return { reason: 'a response without "id"', attempted };
  return { reason: 'its "id" or "error" has the wrong type (id: string or integer; error: {code: integer, message: string})', attempted };
}

export const notJsonrpc: Rule = {
  id: 'not-jsonrpc',
  stage: 'framing',
  // stdio: "The server MUST NOT write anything to its stdout that is not a valid MCP message."
  severity: 'error',
  on: ['s2c-line'],
  onEvent(e, ctx, report) {
    if (e.dir !== 's2c' || e.kind !== 'not-jsonrpc' || isReplyToNotification(e, ctx)) return;
    // Streamable HTTP: an error body "MAY comprise a JSON-RPC error response that has no id".
    if (isHttpErrorReply(e)) return;
    const { reason, attempted } = why(e.json);
    report({
      message: `stdout line is JSON but not a JSON-RPC 2.0 message: ${reason}: ${quote(e.raw)}`,
      evidence: [e.seq],
      hint: attempted
        ? 'Every message needs "jsonrpc": "2.0" and exactly the JSON-RPC shape (request: id+method, notification: method, response: id+result|error); use your SDK\'s transport instead of writing JSON by hand.'
        : 'stdout carries only protocol messages: write status JSON and logs to stderr.',
    });
  },
};
