// The Messages view's model over real trace events: one row per request/response pair,
// stray lines matched to their preload record in either order, a bounded window, filters.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { Trace } from '../../../../src/core/trace/trace';
import type { NewTraceEvent } from '../../../../src/core/trace/event';
import { MessageModel } from '../../../../src/extension/messages/model';
import { statusOf, type ExchangeNode } from '../../../../src/extension/messages/nodes';
import { rowData } from '../../../../src/extension/messages/present';

function message(dir: 'c2s' | 's2c', msg: Record<string, unknown>): NewTraceEvent {
  const kind = 'method' in msg ? ('id' in msg ? 'request' : 'notification') : 'response';
  return { dir, kind, raw: JSON.stringify(msg), msg: { jsonrpc: '2.0', ...msg } as never };
}

function setup(capacity?: number) {
  const trace = new Trace();
  const model = new MessageModel(capacity);
  trace.onEvent((e) => model.add(e));
  return { trace, model };
}

test('a request and its response are one row that resolves in place', () => {
  const { trace, model } = setup();
  const request = trace.append(message('c2s', { id: 1, method: 'tools/call', params: { name: 'echo', arguments: {} } }));
  assert.equal(model.nodes.length, 1);
  const node = model.nodes[0] as ExchangeNode;
  assert.equal(statusOf(node), 'pending');
  assert.equal(rowData(node).description, 'pending…');
  assert.equal(rowData(node).label, 'tools/call echo #1');
  model.takeChanges();

  const response = trace.append({ ...message('s2c', { id: 1, result: { content: [], isError: true } }), t: request.t + 31.4 });
  assert.equal(model.nodes.length, 1, 'no new row for the response');
  assert.deepEqual(model.takeChanges(), { structure: false, nodes: [node] });
  assert.equal(statusOf(node), 'isError');
  assert.equal(rowData(node).description, '31 ms · isError');
  assert.equal(rowData(node).icon, 'warning');
  assert.equal(model.nodeOf(response.seq), node);
});

test('a JSON-RPC error is an error row naming the code; a server→client request pairs with our answer', () => {
  const { trace, model } = setup();
  trace.append(message('c2s', { id: 'a', method: 'resources/list' }));
  trace.append(message('s2c', { id: 'a', error: { code: -32601, message: 'Method not found' } }));
  trace.append(message('s2c', { id: 'a', method: 'roots/list' }));
  trace.append(message('c2s', { id: 'a', result: { roots: [] } }));
  const [ours, theirs] = model.nodes as ExchangeNode[];
  assert.equal(rowData(ours).icon, 'error');
  assert.match(rowData(ours).description, /^\d+ ms · -32601 Method not found$/);
  assert.equal(statusOf(theirs), 'pass');
  assert.match(rowData(theirs).description, /^from server · \d+ ms$/);
});

test('a stray line and its source record meet in either order', () => {
  const { trace, model } = setup();
  const stack = [{ file: '/src/server.mjs', line: 7, column: 9 }];
  const early = trace.append({ dir: 's2c', kind: 'stray', raw: 'ready' });
  trace.append({ dir: 'meta', kind: 'stray-source', raw: 'x', info: { text: 'ready', stack } });
  trace.append({ dir: 'meta', kind: 'stray-source', raw: 'x', info: { text: 'late', stack } });
  const late = trace.append({ dir: 's2c', kind: 'stray', raw: 'late' });
  assert.equal(model.sourceOf(early.seq)?.info?.text, 'ready');
  assert.equal(model.sourceOf(late.seq)?.info?.text, 'late');
  assert.equal(rowData(model.nodeOf(early.seq)!).description, 'stray stdout · written at server.mjs:7');
  assert.equal(model.nodes.length, 2, 'source records are not rows of their own');
});

test('the window keeps the newest rows and counts the rest; a timeout marks the pending row', () => {
  const { trace, model } = setup(10);
  for (let id = 1; id <= 25; id++) trace.append(message('s2c', { method: 'notifications/message', params: { id } }));
  assert.equal(model.nodes.length, 10);
  assert.equal(model.hidden, 15);
  const request = trace.append(message('c2s', { id: 99, method: 'ping' }));
  trace.append({ dir: 'meta', kind: 'timeout', raw: 'timeout', info: { id: 99, method: 'ping', afterMs: 1000 } });
  const node = model.nodeOf(request.seq) as ExchangeNode;
  assert.equal(statusOf(node), 'timeout');
  assert.equal(rowData(node).description, 'timed out after 1000 ms');
});

test('filters: errors only, by method, without notifications', () => {
  const { trace, model } = setup();
  trace.append({ dir: 'meta', kind: 'spawned', raw: 'spawned', info: { pid: 1 } });
  trace.append(message('c2s', { id: 1, method: 'initialize' }));
  trace.append(message('s2c', { id: 1, result: {} }));
  trace.append(message('c2s', { method: 'notifications/initialized' }));
  trace.append(message('c2s', { id: 2, method: 'tools/list' }));
  trace.append(message('s2c', { id: 2, error: { code: -32601, message: 'no' } }));
  trace.append({ dir: 's2c', kind: 'stray', raw: 'banner' });
  const labels = (filter: Parameters<MessageModel['visible']>[0]) => model.visible(filter).map((n) => rowData(n).label);
  assert.deepEqual(labels({ errorsOnly: true }), ['tools/list #2', 'banner']);
  assert.deepEqual(labels({ methods: new Set(['initialize']) }), ['initialize #1']);
  assert.deepEqual(labels({ hideNotifications: true }), ['spawned', 'initialize #1', 'tools/list #2', 'banner']);
  assert.deepEqual([...model.methods.keys()], ['initialize', 'notifications/initialized', 'tools/list']);
});

test('the era probe a legacy server refuses is a neutral row, not an error, and errors only leaves it out', () => {
  const { trace, model } = setup();
  const probe = trace.append(message('c2s', { id: 1, method: 'server/discover', params: {} }));
  trace.append({ ...message('s2c', { id: 1, error: { code: -32601, message: 'Method not found: server/discover' } }), t: probe.t + 4 });
  trace.append(message('c2s', { id: 2, method: 'tools/list' }));
  trace.append(message('s2c', { id: 2, error: { code: -32601, message: 'Method not found' } }));
  const [discover, list] = model.nodes as ExchangeNode[];
  assert.equal(statusOf(discover), 'probe');
  const row = rowData(discover);
  assert.equal(row.label, 'server/discover #1');
  assert.equal(row.description, 'era probe · 4 ms · -32601');
  assert.equal(row.icon, 'versions');
  assert.equal(row.color, undefined, 'drawn in the default color, not red');
  // The same code on any other method is still a failure.
  assert.equal(statusOf(list), 'error');
  assert.deepEqual(model.visible({ errorsOnly: true }).map((n) => rowData(n).label), ['tools/list #2']);
});
