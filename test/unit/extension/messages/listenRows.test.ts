// A subscriptions/listen row of the Messages view: open it reads "listening · N notifications"
// (its stream's own, by subscription id), never "pending…"; once ended it says how.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { META_SUBSCRIPTION_ID } from '../../../../src/core/session/listen';
import type { NewTraceEvent } from '../../../../src/core/trace/event';
import { Trace } from '../../../../src/core/trace/trace';
import { MessageModel } from '../../../../src/extension/messages/model';
import { isProblem, statusOf, type ExchangeNode } from '../../../../src/extension/messages/nodes';
import { rowData } from '../../../../src/extension/messages/present';

function message(dir: 'c2s' | 's2c', msg: Record<string, unknown>): NewTraceEvent {
  const kind = 'method' in msg ? ('id' in msg ? 'request' : 'notification') : 'response';
  return { dir, kind, raw: JSON.stringify(msg), msg: { jsonrpc: '2.0', ...msg } as never };
}

const listen = (id: number) => message('c2s', { id, method: 'subscriptions/listen', params: { notifications: { toolsListChanged: true } } });
const onStream = (id: number, method: string, extra: Record<string, unknown> = {}) => message('s2c', { method, params: { _meta: { [META_SUBSCRIPTION_ID]: id }, ...extra } });
const ack = (id: number) => onStream(id, 'notifications/subscriptions/acknowledged', { notifications: { toolsListChanged: true } });

/** A trace feeding a model, with the listen request `id` already sent. */
function opened(id = 2) {
  const trace = new Trace();
  const model = new MessageModel();
  trace.onEvent((e) => model.add(e));
  trace.append(listen(id));
  const node = model.nodes[0] as ExchangeNode;
  return { trace, model, node, describe: () => rowData(node).description };
}

test('open: waiting for its acknowledgement, then listening and counting its own notifications only', () => {
  const { trace, node, describe } = opened();
  assert.equal(describe(), 'waiting for its acknowledgement…');
  trace.append(ack(2));
  assert.equal(statusOf(node), 'listening');
  assert.equal(describe(), 'listening · 0 notifications');
  trace.append(onStream(2, 'notifications/tools/list_changed'));
  trace.append(onStream(9, 'notifications/tools/list_changed'));
  trace.append(message('s2c', { method: 'notifications/tools/list_changed' }));
  trace.append(onStream(2, 'notifications/prompts/list_changed'));
  trace.append(onStream(2, 'notifications/tools/list_changed'));
  assert.equal(describe(), 'listening · 3 notifications');
  assert.equal(rowData(node).icon, 'radio-tower');
  assert.equal(isProblem(node), false, 'an open stream is no failure');
});

test('ended by the client: notifications/cancelled with its reason', () => {
  const { trace, node, describe } = opened();
  trace.append(ack(2));
  trace.append(onStream(2, 'notifications/tools/list_changed'));
  trace.append({ dir: 'meta', kind: 'cancelled', raw: 'cancelled subscriptions/listen (id 2): MCP Lens is stopping the server', info: { id: 2, method: 'subscriptions/listen', reason: 'MCP Lens is stopping the server' } });
  trace.append(onStream(2, 'notifications/tools/list_changed'));
  assert.equal(statusOf(node), 'ended');
  assert.equal(describe(), 'ended by the client: MCP Lens is stopping the server · 1 notification');
  assert.equal(isProblem(node), false);
});

test('ended by the server: its notifications/cancelled, or its result', () => {
  const a = opened(3);
  a.trace.append(ack(3));
  a.trace.append(message('s2c', { method: 'notifications/cancelled', params: { requestId: 3, reason: 'shutting down' } }));
  assert.equal(a.describe(), 'ended by the server: shutting down · 0 notifications');

  const b = opened(4);
  b.trace.append(ack(4));
  b.trace.append(onStream(4, 'notifications/tools/list_changed'));
  b.trace.append(message('s2c', { id: 4, result: { resultType: 'complete', _meta: { [META_SUBSCRIPTION_ID]: 4 } } }));
  assert.equal(statusOf(b.node), 'ended');
  assert.equal(b.describe(), 'ended by the server with its result · 1 notification', 'no latency: the answer ends a stream');
});

test('ended with the connection: the process exited, or the client noted the stream gone', () => {
  const a = opened();
  a.trace.append(ack(2));
  a.trace.append({ dir: 'meta', kind: 'exited', raw: 'exited', info: { code: 1, signal: null } });
  assert.equal(a.describe(), 'ended with the connection: the server exited · 0 notifications');

  const b = opened();
  b.trace.append(ack(2));
  b.trace.append({ dir: 'meta', kind: 'note', raw: '', info: { id: 2, method: 'subscriptions/listen', streamEnded: 'the response stream ended' } });
  assert.equal(b.describe(), 'ended with the connection: the response stream ended · 0 notifications');
});

test('refused with an error, or never acknowledged: said as for a request, and a problem', () => {
  const a = opened();
  a.trace.append(message('s2c', { id: 2, error: { code: -32601, message: 'Method not found' } }));
  assert.equal(statusOf(a.node), 'error');
  assert.equal(a.describe(), '-32601 Method not found');
  assert.equal(isProblem(a.node), true);

  const b = opened();
  b.trace.append({ dir: 'meta', kind: 'timeout', raw: '', info: { id: 2, method: 'subscriptions/listen', afterMs: 300 } });
  b.trace.append({ dir: 'meta', kind: 'cancelled', raw: '', info: { id: 2, method: 'subscriptions/listen', reason: 'Not acknowledged within 300 ms' } });
  assert.equal(statusOf(b.node), 'timeout');
  assert.equal(b.describe(), 'not acknowledged within 300 ms');
});
