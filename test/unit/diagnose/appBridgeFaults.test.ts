import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diagnose } from '../../../src/core/diagnose/engine';
import { TraceBuilder } from './traceBuilder';

const URI = 'ui://shop/cart.html';

function lane(t: TraceBuilder, toApp: boolean, info: Record<string, unknown>): number {
  t.meta('app', { toApp, app: URI, ...info });
  return t.events.length;
}

function found(t: TraceBuilder, rule: string) {
  return diagnose(t.events).filter((d) => d.rule === rule);
}

test('an app that never sent ui/initialize: cites the hand-over of its HTML and the host\'s fact', () => {
  const t = new TraceBuilder();
  t.modernSession({});
  const load = lane(t, true, { message: { jsonrpc: '2.0', method: 'ui/notifications/sandbox-resource-ready', params: { html: '(10 characters of HTML)' } } });
  const fact = lane(t, false, { notInitialized: { uri: URI, waitedMs: 15_000 } });
  const [d] = found(t, 'app-not-initialized');
  assert.equal(d?.severity, 'error');
  assert.equal(d.stage, 'invocation');
  assert.match(d.message, /never sent ui\/initialize within 15 s/);
  assert.deepEqual(d.evidence, [load, fact]);
});

test('an app that sent ui/initialize but never confirmed it: that request is cited too', () => {
  const t = new TraceBuilder();
  t.modernSession({});
  const load = lane(t, true, { message: { jsonrpc: '2.0', method: 'ui/notifications/sandbox-resource-ready', params: {} } });
  const init = lane(t, false, { message: { jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: {} } });
  const fact = lane(t, false, { notInitialized: { uri: URI, waitedMs: 15_000 } });
  const [d] = found(t, 'app-not-initialized');
  assert.match(d!.message, /sent ui\/initialize but never ui\/notifications\/initialized/);
  assert.deepEqual(d!.evidence, [load, init, fact]);
});

test('an app that initialised raises nothing', () => {
  const t = new TraceBuilder();
  t.modernSession({});
  lane(t, true, { message: { jsonrpc: '2.0', method: 'ui/notifications/sandbox-resource-ready', params: {} } });
  lane(t, false, { message: { jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: {} } });
  lane(t, true, { message: { jsonrpc: '2.0', id: 1, result: {} } });
  lane(t, false, { message: { jsonrpc: '2.0', method: 'ui/notifications/initialized' } });
  assert.deepEqual(diagnose(t.events).filter((d) => d.rule.startsWith('app-')), []);
});

test('the bridge refusing a request: -32602 is an error, -32601 a warning; each cites the request and the answer', () => {
  const t = new TraceBuilder();
  t.modernSession({});
  const bad = lane(t, false, { message: { jsonrpc: '2.0', id: 'x-2', method: 'ui/open-link', params: { url: 42 } } });
  const badAnswer = lane(t, true, { message: { jsonrpc: '2.0', id: 'x-2', error: { code: -32602, message: 'Invalid params for ui/open-link' } } });
  const unknown = lane(t, false, { message: { jsonrpc: '2.0', id: 'x-1', method: 'ui/make-coffee', params: {} } });
  const unknownAnswer = lane(t, true, { message: { jsonrpc: '2.0', id: 'x-1', error: { code: -32601, message: 'Method not found' } } });
  const list = found(t, 'app-protocol-violation');
  assert.equal(list.length, 2, JSON.stringify(list));
  const [params, method] = list;
  assert.equal(params.severity, 'error');
  assert.match(params.message, /ui\/open-link.*-32602/);
  assert.deepEqual(params.evidence, [bad, badAnswer]);
  assert.equal(method.severity, 'warning');
  assert.match(method.message, /ui\/make-coffee.*-32601/);
  assert.deepEqual(method.evidence, [unknown, unknownAnswer]);
});

test('a failed tool call answered to the app (-32603) is not a protocol violation', () => {
  const t = new TraceBuilder();
  t.modernSession({});
  lane(t, false, { message: { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'add' } } });
  lane(t, true, { message: { jsonrpc: '2.0', id: 3, error: { code: -32603, message: 'the server is not running' } } });
  assert.deepEqual(found(t, 'app-protocol-violation'), []);
});

test('what the bridge reports through onerror cites the app message before it', () => {
  const t = new TraceBuilder();
  t.modernSession({});
  const malformed = lane(t, false, { message: { jsonrpc: '2.0', id: 7 } });
  const fact = lane(t, false, { bridgeError: { uri: URI, error: 'Unknown message type: {"jsonrpc":"2.0","id":7}' } });
  const note = lane(t, false, { bridgeError: { uri: URI, error: 'no such notification in the Apps protocol: ui/notifications/party', method: 'ui/notifications/party' } });
  const [broken, unhandled] = found(t, 'app-protocol-violation');
  assert.equal(broken?.severity, 'error');
  assert.match(broken!.message, /Unknown message type/);
  assert.deepEqual(broken!.evidence, [malformed, fact]);
  assert.equal(unhandled?.severity, 'warning');
  assert.deepEqual(unhandled!.evidence, [malformed, note]);
});
