import assert from 'node:assert/strict';
import { test } from 'node:test';
import { serializeEvent } from '../../../src/core/trace/jsonl';
import { Trace } from '../../../src/core/trace/trace';
import { recordSent } from '../../../src/core/transport/recordSent';
import { lineEvent } from '../../../src/core/wire/lineEvent';
import type { JsonRpcMessage } from '../../../src/core/wire/message';
import { ownMessageKind } from '../../../src/core/wire/ownMessage';

/** Messages a client builds, the odd ones included: each must be recorded as parsing its line would. */
const MESSAGES: Array<Record<string, unknown>> = [
  { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { text: 'héllo 😀', n: undefined } } },
  { jsonrpc: '2.0', id: 'a', method: 'ping' },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 3, reason: 'x' }, id: undefined },
  { jsonrpc: '2.0', id: Number.NaN, method: 'tools/list' },
  { jsonrpc: '2.0', id: 2, method: 'tools/call', params: new Date(0) },
  { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { toJSON: () => [1, 2] } },
  { jsonrpc: '2.0', id: 2, method: 'tools/call', params: Object.assign(Object.create(null), { a: 1 }) },
  { jsonrpc: '2.0', id: null, method: 'tools/call' },
  { jsonrpc: '2.0', id: 4, method: 'x'.repeat(70_000) },
  { jsonrpc: '1.0', id: 5, method: 'tools/call' },
  { jsonrpc: '2.0', id: 6, result: {} },
];

test('a line the client built is recorded as the same event as parsing it, for every kind of message', () => {
  for (const message of MESSAGES) {
    const line = JSON.stringify(message);
    const [parsedWay, ownWay] = [new Trace(), new Trace()];
    const expected = parsedWay.append({ ...lineEvent('c2s', line), t: 1 });
    const got = recordSent(ownWay, line, message as unknown as JsonRpcMessage);
    got.t = 1;
    assert.equal(got.kind, expected.kind, line.slice(0, 80));
    assert.equal(serializeEvent(got), serializeEvent(expected), line.slice(0, 80));
    assert.deepEqual({ ...got }, { ...expected });
  }
});

test('the kind is read from the value only when its JSON text cannot classify differently', () => {
  const kinds = MESSAGES.map((m) => ownMessageKind(m as unknown as JsonRpcMessage));
  assert.deepEqual(kinds, ['request', 'request', 'notification', undefined, 'request', undefined, undefined, 'request', undefined, 'request', undefined, undefined]);
});
