import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { ValidatorWarmup } from '../../../src/core/diagnose/validatorWarmup';
import { TraceBuilder, modernMeta } from './traceBuilder';

/** A warmup whose loads are only counted, fed the events of `t` from `from` on. */
function counted() {
  const loads = { warm: [] as string[], first: [] as string[] };
  const warmup = new ValidatorWarmup({ warm: (v) => loads.warm.push(v), loadFirst: (v) => loads.first.push(v) });
  let fed = 0;
  const feed = (t: TraceBuilder) => {
    for (; fed < t.events.length; fed++) warmup.see(t.events[fed]!);
  };
  return { loads, feed };
}

test("a legacy Start: the fallback's first validators load while the probe waits, the era's others once tools/list is answered", async () => {
  const t = new TraceBuilder();
  const { loads, feed } = counted();
  t.meta('spawned', { pid: 1, command: 'node', args: ['server.mjs'] });
  t.request(1, 'server/discover', { _meta: modernMeta() });
  feed(t);
  await nextTurn();
  assert.deepEqual(loads.first, ['2025-11-25']);
  t.error(1, -32601, 'Method not found');
  t.meta('era', { era: 'legacy', protocolVersion: '2025-11-25', reason: 'server/discover was answered with error -32601' });
  feed(t);
  // The answer's continuation sends initialize within the same turn: the session is busy again.
  t.request(2, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'mcp-lens', version: '0.1.0' } });
  feed(t);
  await nextTurn();
  assert.deepEqual(loads.warm, [], 'nothing heavy between initialize and its answer');
  t.result(2, { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'fixture', version: '1.0.0' } });
  feed(t);
  t.notify('notifications/initialized');
  t.request(3, 'tools/list');
  feed(t);
  await nextTurn();
  assert.deepEqual(loads.warm, [], 'nor between tools/list and its answer');
  t.result(3, { tools: [] });
  feed(t);
  await nextTurn();
  assert.deepEqual(loads.warm, ['2025-11-25']);
  // Once: later idle moments load nothing more.
  t.request(4, 'tools/list');
  t.result(4, { tools: [] });
  feed(t);
  await nextTurn();
  assert.deepEqual(loads.warm, ['2025-11-25']);
  assert.deepEqual(loads.first, ['2025-11-25']);
});

test('a modern session with an open subscriptions/listen stream is idle; a cancelled request waits no more', async () => {
  const t = new TraceBuilder();
  const { loads, feed } = counted();
  t.modernSession();
  t.request(2, 'subscriptions/listen', { _meta: modernMeta() });
  t.request(3, 'tools/call', { name: 'slow', _meta: modernMeta() });
  feed(t);
  await nextTurn();
  assert.deepEqual(loads.warm, [], 'tools/call is in flight');
  t.notify('notifications/cancelled', { requestId: 3 });
  feed(t);
  await nextTurn();
  assert.deepEqual(loads.warm, ['2026-07-28']);
});

test('no era yet, no warm: a timed-out probe alone proves nothing', async () => {
  const t = new TraceBuilder();
  const { loads, feed } = counted();
  t.meta('spawned', { pid: 1, command: 'node', args: ['server.mjs'] });
  t.request(1, 'server/discover', { _meta: modernMeta() });
  t.meta('timeout', { id: 1, method: 'server/discover', afterMs: 3000 });
  feed(t);
  await nextTurn();
  assert.deepEqual(loads.warm, []);
  t.meta('era', { era: 'legacy', protocolVersion: '2025-11-25', reason: 'server/discover got no response within 3000 ms' });
  feed(t);
  await nextTurn();
  assert.deepEqual(loads.warm, ['2025-11-25']);
});
