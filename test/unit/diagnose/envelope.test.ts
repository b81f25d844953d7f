import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diagnose } from '../../../src/core/diagnose/engine';
import { TraceBuilder, modernMeta, only } from './traceBuilder';

test('unknown-response-id: an id the client never sent; a retyped id is explained', () => {
  const t = new TraceBuilder();
  t.legacySession();
  const req = t.request(3, 'tools/list');
  const stray = t.result(99, { tools: [] });
  const retyped = t.result('3', { tools: [] });
  const ds = only(diagnose(t.events), 'unknown-response-id');
  assert.equal(ds.length, 2);
  assert.deepEqual(ds[0].evidence, [stray]);
  assert.match(ds[0].message, /id 99/);
  assert.equal(ds[0].stage, 'envelope');
  assert.deepEqual(ds[1].evidence, [req, retyped]);
  assert.match(ds[1].message, /client sent id 3 \(number\)/);
});

test('duplicate-response: cites the first answer and the second', () => {
  const t = new TraceBuilder();
  t.legacySession();
  t.request(3, 'tools/list');
  const first = t.result(3, { tools: [] });
  const second = t.result(3, { tools: [] });
  const [d] = only(diagnose(t.events), 'duplicate-response');
  assert.deepEqual(d.evidence, [first, second]);
  assert.match(d.message, /tools\/list \(id 3\) was answered again/);
});

test('duplicate-response: a reused id answered once per request is fine', () => {
  const t = new TraceBuilder();
  t.legacySession();
  t.request(3, 'tools/list');
  t.result(3, { tools: [] });
  t.request(3, 'tools/list');
  t.result(3, { tools: [] });
  assert.equal(only(diagnose(t.events), 'duplicate-response').length, 0);
});

test('null-id: a result with id null is an error; an error with id null a warning', () => {
  const t = new TraceBuilder();
  t.legacySession();
  t.request(3, 'tools/list');
  const a = t.result(null, {});
  const b = t.error(null, -32700, 'Parse error');
  const ds = only(diagnose(t.events), 'null-id');
  assert.deepEqual(ds.map((d) => [d.evidence[0], d.severity]), [[a, 'error'], [b, 'warning']]);
  assert.match(ds[1].message, /-32700 "Parse error"/);
});

test('result-and-error: both members present', () => {
  const t = new TraceBuilder();
  t.legacySession();
  const req = t.request(3, 'tools/call', { name: 'x', arguments: {} });
  const res = t.s2c({ jsonrpc: '2.0', id: 3, result: { content: [] }, error: { code: -32603, message: 'boom' } });
  const ds = diagnose(t.events);
  const [d] = only(ds, 'result-and-error');
  assert.deepEqual(d.evidence, [req, res]);
  assert.equal(only(ds, 'schema-violation').length, 0);
});

test('reply-to-notification: a response right after notifications/initialized, not also null-id', () => {
  const t = new TraceBuilder();
  t.meta('spawned', { command: 'node', args: [] });
  t.request(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } });
  t.result(1, { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } });
  const note = t.notify('notifications/initialized');
  const reply = t.s2c({ jsonrpc: '2.0', id: null, result: {} });
  const ds = diagnose(t.events);
  const [d] = only(ds, 'reply-to-notification');
  assert.deepEqual(d.evidence, [note, reply]);
  assert.match(d.message, /notifications\/initialized/);
  assert.equal(only(ds, 'null-id').length, 0);
});

test('reply-to-notification: an id-less response (not JSON-RPC on its own) after a notification', () => {
  const t = new TraceBuilder();
  t.legacySession();
  const note = t.notify('notifications/cancelled', { requestId: 9 });
  const reply = t.s2c({ jsonrpc: '2.0', result: {} });
  const ds = diagnose(t.events);
  assert.deepEqual(only(ds, 'reply-to-notification')[0].evidence, [note, reply]);
  assert.equal(only(ds, 'not-jsonrpc').length, 0);
});

test('schema-violation: a tool without inputSchema under 2025-06-18 names the path', () => {
  const t = new TraceBuilder();
  t.legacySession({ tools: {} }, '2025-06-18');
  t.request(3, 'tools/list');
  const res = t.result(3, { tools: [{ name: 'add' }] });
  const [d] = only(diagnose(t.events), 'schema-violation');
  assert.deepEqual(d.evidence, [res]);
  assert.match(d.message, /ListToolsResult of the 2025-06-18 schema/);
  assert.match(d.message, /\/result\/tools\/0 must have required property 'inputSchema'/);
});

test('schema-violation: modern results without resultType, validated by the request\'s version', () => {
  const t = new TraceBuilder();
  t.modernSession();
  t.request(2, 'tools/call', { name: 'x', arguments: {}, _meta: modernMeta() });
  const res = t.result(2, { content: [{ type: 'text', text: 'hi' }] });
  const [d] = only(diagnose(t.events), 'schema-violation');
  assert.deepEqual(d.evidence, [res]);
  assert.match(d.message, /resultType/);
});

test('schema-violation: unknown protocol versions are not validated', () => {
  const t = new TraceBuilder();
  t.request(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } });
  t.result(1, { protocolVersion: '1999-01-01', capabilities: {}, serverInfo: { name: 's', version: '1' } });
  t.notify('notifications/initialized');
  t.request(2, 'tools/list');
  t.result(2, { tools: [{ name: 'no-schema' }] });
  assert.equal(only(diagnose(t.events), 'schema-violation').length, 0);
});

test('schema-violation: the version comes from the initialize exchange when the trace has no meta events', () => {
  const t = new TraceBuilder();
  t.request(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'host', version: '1' } });
  t.result(1, { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } });
  t.notify('notifications/initialized');
  t.request(2, 'tools/list');
  t.result(2, { tools: [{ name: 'a' }] });
  assert.match(only(diagnose(t.events), 'schema-violation')[0].message, /of the 2025-06-18 schema/);
});

test('schema-violation: 2026-07-28 forbids server requests and unknown resultTypes', () => {
  const t = new TraceBuilder();
  t.modernSession();
  const ask = t.s2c({ jsonrpc: '2.0', id: 'srv-1', method: 'roots/list' });
  t.request(2, 'tools/call', { name: 'x', arguments: {}, _meta: modernMeta() });
  const odd = t.result(2, { resultType: 'partial', content: [] });
  const ds = only(diagnose(t.events), 'schema-violation');
  assert.deepEqual(ds.map((d) => d.evidence[0]), [ask, odd]);
  assert.match(ds[0].message, /MUST NOT write JSON-RPC requests/);
  assert.match(ds[1].message, /resultType "partial"/);
});
