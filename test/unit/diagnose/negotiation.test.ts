import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diagnose } from '../../../src/core/diagnose/engine';
import { TraceBuilder, modernMeta, only } from './traceBuilder';

test('undeclared-capability: resources/read -32601 cites the initialize result with capabilities {} first', () => {
  const t = new TraceBuilder();
  const { initResult } = t.legacySession({});
  t.request(3, 'resources/read', { uri: 'file:///a.txt' });
  const res = t.error(3, -32601, 'Method not found');
  const [d, ...rest] = only(diagnose(t.events), 'undeclared-capability');
  assert.equal(rest.length, 0);
  assert.deepEqual(d.evidence, [initResult, res]);
  assert.equal(d.stage, 'negotiation');
  assert.match(d.message, /resources\/read "file:\/\/\/a.txt" \(id 3\)/);
  assert.match(d.message, /initialize result \(seq \d+\) declares no "resources" capability/);
  assert.match(d.message, /capabilities: \{\}/);
});

test('undeclared-capability: modern servers are judged by the DiscoverResult; subscribe needs resources.subscribe', () => {
  const t = new TraceBuilder();
  const { discoverResult } = t.modernSession({ resources: {} });
  t.request(2, 'resources/subscribe', { uri: 'x://a', _meta: modernMeta() });
  const res = t.error(2, -32601, 'Method not found');
  const [d] = only(diagnose(t.events), 'undeclared-capability');
  assert.deepEqual(d.evidence, [discoverResult, res]);
  assert.match(d.message, /DiscoverResult/);
  assert.match(d.message, /"resources\.subscribe"/);
});

test('undeclared-capability: not for the probe, nor for a declared capability', () => {
  const t = new TraceBuilder();
  t.legacySession({ tools: {} });
  t.request(3, 'tools/call', { name: 'x' });
  t.error(3, -32601, 'Method not found');
  assert.equal(only(diagnose(t.events), 'undeclared-capability').length, 0);
});

test('capability-not-declared: tools listed while capabilities lack tools', () => {
  const t = new TraceBuilder();
  const { initResult } = t.legacySession({ logging: {} });
  t.request(3, 'tools/list');
  const res = t.result(3, { tools: [{ name: 'add', inputSchema: { type: 'object' } }, { name: 'echo', inputSchema: { type: 'object' } }] });
  const [d] = only(diagnose(t.events), 'capability-not-declared');
  assert.deepEqual(d.evidence, [initResult, res]);
  assert.equal(d.severity, 'error');
  assert.match(d.message, /tools\/list returned 2 tools \(add, echo\)/);
  assert.match(d.message, /no "tools" capability/);
  assert.match(d.hint, /before server\.connect\(\)/);
});

test('capability-not-declared: an empty list is "no tools", not a fault', () => {
  const t = new TraceBuilder();
  t.legacySession({});
  t.request(3, 'tools/list');
  t.result(3, { tools: [] });
  assert.equal(only(diagnose(t.events), 'capability-not-declared').length, 0);
});

test('undeclared-capability: a list probed without its capability is info (the server truthfully has none)', () => {
  const t = new TraceBuilder();
  t.legacySession({ tools: {} });
  t.request(3, 'prompts/list');
  t.error(3, -32601, 'Method not found');
  const [d] = only(diagnose(t.events), 'undeclared-capability');
  assert.equal(d.severity, 'info');
  assert.match(d.message, /no "prompts" capability/);
});
