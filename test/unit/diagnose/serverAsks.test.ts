import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diagnose } from '../../../src/core/diagnose/engine';
import { TraceBuilder, modernMeta, only } from './traceBuilder';

const call = (extra: Record<string, unknown> = {}) => ({ name: 'deploy', arguments: {}, _meta: modernMeta(), ...extra });

test('missing-client-capability: -32021 names data.requiredCapabilities and how to turn each on', () => {
  const t = new TraceBuilder();
  t.modernSession();
  const asked = t.request(2, 'tools/call', call());
  const refused = t.error(2, -32021, 'Client did not declare the form elicitation capability', { requiredCapabilities: { elicitation: { form: {} }, sampling: {} } });
  const [d] = only(diagnose(t.events), 'missing-client-capability');
  assert.deepEqual(d.evidence, [asked, refused]);
  assert.match(d.message, /tools\/call "deploy".*"elicitation", "sampling"/);
  assert.match(d.hint, /--elicit.*--sample/);
  assert.equal(d.severity, 'error');
});

test('input-required-malformed: neither inputRequests nor requestState; an oversize requestState', () => {
  const t = new TraceBuilder();
  t.modernSession();
  t.request(2, 'tools/call', call());
  t.result(2, { resultType: 'input_required' });
  t.request(3, 'tools/call', call());
  t.result(3, { resultType: 'input_required', requestState: 'x'.repeat(1024 * 1024 + 1) });
  t.request(4, 'tools/call', call());
  t.result(4, { resultType: 'input_required', requestState: 'fine' });
  const found = only(diagnose(t.events), 'input-required-malformed');
  assert.equal(found.length, 2);
  assert.match(found[0]!.message, /neither inputRequests nor requestState/);
  assert.match(found[1]!.message, /over the client's cap/);
});

test('unknown-input-request: an input request outside sampling, roots and elicitation', () => {
  const t = new TraceBuilder();
  t.modernSession();
  t.request(2, 'tools/call', call());
  t.result(2, { resultType: 'input_required', inputRequests: { a: { method: 'roots/list' }, b: { method: 'tools/call', params: {} } } });
  const [d] = only(diagnose(t.events), 'unknown-input-request');
  assert.match(d.message, /input "b" with method "tools\/call"/);
  assert.equal(only(diagnose(t.events), 'input-required-malformed').length, 0);
});

test('input-repeated: the client note when the same ask comes back round after round', () => {
  const t = new TraceBuilder();
  t.modernSession();
  const note = t.meta('note', { reason: 'input-repeated', method: 'tools/call', rounds: 3 });
  const [d] = only(diagnose(t.events), 'input-repeated');
  assert.deepEqual(d.evidence, [note]);
  assert.match(d.message, /3 rounds in a row for tools\/call/);
});

test('undeclared-client-capability: a legacy sampling or URL elicitation request the initialize did not declare', () => {
  const t = new TraceBuilder();
  t.legacySession();
  t.s2c({ jsonrpc: '2.0', id: 'a', method: 'sampling/createMessage', params: { messages: [], maxTokens: 5 } });
  t.s2c({ jsonrpc: '2.0', id: 'b', method: 'ping' });
  const found = only(diagnose(t.events), 'undeclared-client-capability');
  assert.equal(found.length, 1);
  assert.match(found[0]!.message, /sampling\/createMessage \(id "a"\).*"sampling"/);

  const u = new TraceBuilder();
  u.meta('spawned', { pid: 1, command: 'node', args: [] });
  u.request(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: { elicitation: {} }, clientInfo: { name: 'c', version: '1' } });
  u.result(1, { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } });
  u.notify('notifications/initialized');
  u.s2c({ jsonrpc: '2.0', id: 1, method: 'elicitation/create', params: { message: 'm', requestedSchema: { type: 'object', properties: {} } } });
  u.s2c({ jsonrpc: '2.0', id: 2, method: 'elicitation/create', params: { mode: 'url', message: 'm', url: 'https://x.example', elicitationId: 'e' } });
  const [d] = only(diagnose(u.events), 'undeclared-client-capability');
  assert.match(d.message, /id 2\).*"elicitation\.url"/);
});

test('url-elicitation-required: -32042 names the URL in 2025-11-25, and is an error in 2026-07-28', () => {
  const t = new TraceBuilder();
  t.legacySession();
  t.request(3, 'tools/call', { name: 'pay', arguments: {} });
  t.error(3, -32042, 'This request requires more information.', { elicitations: [{ mode: 'url', elicitationId: 'e1', url: 'https://pay.example/authorize', message: 'Authorize' }] });
  const [d] = only(diagnose(t.events), 'url-elicitation-required');
  assert.equal(d.severity, 'info');
  assert.match(d.message, /https:\/\/pay\.example\/authorize/);

  const m = new TraceBuilder();
  m.modernSession();
  m.request(2, 'tools/call', call());
  m.error(2, -32042, 'needs a URL');
  assert.equal(only(diagnose(m.events), 'url-elicitation-required')[0]?.severity, 'error');
});
