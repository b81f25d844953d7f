import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diagnose } from '../../../src/core/diagnose/engine';
import { TraceBuilder, errors, modernMeta, only } from './traceBuilder';

const init = (v = '2025-11-25') => ({ protocolVersion: v, capabilities: {}, clientInfo: { name: 'host', version: '1' } });
const initResult = (v: string) => ({ protocolVersion: v, capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } });

test('request-before-initialize: a legacy request before the initialize result', () => {
  const t = new TraceBuilder();
  const early = t.request(1, 'tools/list');
  t.result(1, { tools: [] });
  const [d] = only(diagnose(t.events), 'request-before-initialize');
  assert.deepEqual(d.evidence, [early]);
  assert.equal(d.stage, 'initialization');
  assert.match(d.message, /tools\/list \(id 1\)/);
});

test('request-before-initialize: the server/discover probe and modern requests are not early', () => {
  const t = new TraceBuilder();
  t.modernSession();
  t.request(2, 'tools/list', { _meta: modernMeta() });
  assert.equal(only(diagnose(t.events), 'request-before-initialize').length, 0);
  const u = new TraceBuilder();
  u.legacySession();
  assert.equal(only(diagnose(u.events), 'request-before-initialize').length, 0);
});

test('request-before-initialize: a server request before notifications/initialized', () => {
  const t = new TraceBuilder();
  t.request(1, 'initialize', init());
  const res = t.result(1, initResult('2025-11-25'));
  const ask = t.s2c({ jsonrpc: '2.0', id: 100, method: 'sampling/createMessage', params: {} });
  t.notify('notifications/initialized');
  const [d] = only(diagnose(t.events), 'request-before-initialize');
  assert.deepEqual(d.evidence, [res, ask]);
  assert.match(d.message, /sampling\/createMessage/);
});

test('missing-initialized: cites the initialize result and the request that followed it', () => {
  const t = new TraceBuilder();
  t.request(1, 'initialize', init());
  const res = t.result(1, initResult('2025-11-25'));
  const next = t.request(2, 'tools/list');
  const [d, ...rest] = only(diagnose(t.events), 'missing-initialized');
  assert.equal(rest.length, 0);
  assert.deepEqual(d.evidence, [res, next]);
  assert.match(d.hint, /notifications\/initialized/);
});

test('version-mismatch: the server chose a version the client neither offered nor speaks', () => {
  const t = new TraceBuilder();
  const req = t.request(1, 'initialize', init('2025-06-18'));
  const res = t.result(1, initResult('1999-01-01'));
  const [d] = only(diagnose(t.events), 'version-mismatch');
  assert.deepEqual(d.evidence, [req, res]);
  assert.equal(d.severity, 'error');
  assert.match(d.message, /"1999-01-01"/);
  assert.match(d.message, /offered "2025-06-18"/);
});

test('version-mismatch: another legacy version the client speaks is fine', () => {
  const t = new TraceBuilder();
  t.request(1, 'initialize', init('2025-11-25'));
  t.result(1, initResult('2025-03-26'));
  assert.equal(only(diagnose(t.events), 'version-mismatch').length, 0);
});

test('unsupported-version: -32022 lists data.supported; no common version is an error', () => {
  const t = new TraceBuilder();
  const req = t.request(1, 'server/discover', { _meta: modernMeta() });
  const res = t.error(1, -32022, 'Unsupported protocol version', { supported: ['2027-01-01'], requested: '2026-07-28' });
  const [d] = only(diagnose(t.events), 'unsupported-version');
  assert.deepEqual(d.evidence, [req, res]);
  assert.equal(d.stage, 'initialization');
  assert.equal(d.severity, 'error');
  assert.match(d.message, /"2026-07-28"/);
  assert.match(d.message, /supports 2027-01-01/);

  const u = new TraceBuilder();
  u.request(1, 'server/discover', { _meta: modernMeta('2027-01-01') });
  u.error(1, -32022, 'Unsupported protocol version', { supported: ['2026-07-28'], requested: '2027-01-01' });
  const [w] = only(diagnose(u.events), 'unsupported-version');
  // The server did as the spec asks and a version is left in common: an observation.
  assert.equal(w.severity, 'info');
  assert.match(w.hint, /retry with "2026-07-28"/);
});

test('unsupported-version: without data.supported the message says so', () => {
  const t = new TraceBuilder();
  t.request(1, 'tools/list', { _meta: modernMeta() });
  t.error(1, -32022, 'Unsupported protocol version');
  assert.match(only(diagnose(t.events), 'unsupported-version')[0].message, /no data\.supported/);
});

test('missing-meta: a modern request without _meta rejected with -32602 names the missing keys', () => {
  const t = new TraceBuilder();
  t.modernSession();
  const req = t.request(2, 'tools/list', {});
  const res = t.error(2, -32602, 'Missing required _meta field io.modelcontextprotocol/protocolVersion');
  const ds = diagnose(t.events);
  const [d] = only(ds, 'missing-meta');
  assert.deepEqual(d.evidence, [req, res]);
  assert.equal(d.severity, 'error');
  assert.match(d.message, /io\.modelcontextprotocol\/protocolVersion/);
  assert.match(d.message, /io\.modelcontextprotocol\/clientCapabilities/);
  assert.equal(only(ds, 'invalid-params').length, 0);
});

test('missing-meta: a request that carried _meta and was still rejected blames where the server looks', () => {
  const t = new TraceBuilder();
  t.modernSession();
  t.request(2, 'tools/list', { _meta: modernMeta() });
  t.error(2, -32602, 'Invalid params: protocolVersion is required');
  const [d] = only(diagnose(t.events), 'missing-meta');
  assert.match(d.message, /although the request carried _meta protocolVersion "2026-07-28"/);
});

test('no-discover: claims 2026-07-28 in initialize but answered server/discover with an error', () => {
  const t = new TraceBuilder();
  const disc = t.request(1, 'server/discover', { _meta: modernMeta() });
  const err = t.error(1, -32601, 'Method not found');
  t.request(2, 'initialize', init());
  const res = t.result(2, initResult('2026-07-28'));
  const ds = diagnose(t.events);
  const [d] = only(ds, 'no-discover');
  assert.deepEqual(d.evidence, [res, disc, err]);
  assert.equal(d.severity, 'error');
  assert.match(d.message, /"2026-07-28"/);
  assert.match(d.message, /-32601/);
  assert.equal(only(ds, 'version-mismatch').length, 1, 'a modern version in initialize is also a version the legacy client cannot speak');
});

test('no-discover: a silent probe (no response at all) counts too', () => {
  const t = new TraceBuilder();
  t.request(1, 'server/discover', { _meta: modernMeta() });
  t.request(2, 'initialize', init());
  t.result(2, initResult('2026-07-28'));
  assert.match(only(diagnose(t.events), 'no-discover')[0].message, /never answered server\/discover/);
});

test('a correct legacy session has no initialization diagnostics', () => {
  const t = new TraceBuilder();
  t.legacySession();
  t.request(3, 'tools/list');
  t.result(3, { tools: [] });
  assert.deepEqual(errors(diagnose(t.events)), []);
  assert.deepEqual(diagnose(t.events).filter((d) => d.stage === 'initialization'), []);
});
