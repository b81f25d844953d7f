/**
 * The two 2026-07-28 listen-stream rules, on a real hand-written server (modern-subscriptions.mjs
 * and its misbehaving variants) and on hand-built traces for what a fixture cannot easily show.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diagnose } from '../../../src/core/diagnose/engine';
import { McpClient } from '../../../src/core/session/client';
import type { TraceEvent } from '../../../src/core/trace/event';
import { fixture, waitForEvent } from '../transport/helpers';
import { modernMeta, TraceBuilder } from './traceBuilder';

const URI = 'memo://counter';
const SUB = 'io.modelcontextprotocol/subscriptionId';
const RULES = new Set(['unrequested-notification', 'notification-before-acknowledged']);

const methodOf = (e: TraceEvent) => (e.msg as { method?: string } | undefined)?.method;

/** Opens a stream for memo://counter on the fixture (with env), bumps once, and diagnoses the whole trace. */
async function session(env: Record<string, string>) {
  const client = new McpClient({ ...fixture('modern-subscriptions.mjs'), env }, { requestTimeoutMs: 5000 });
  try {
    await client.connect();
    const stream = await client.listen({ resourceSubscriptions: [URI] });
    await client.callTool('bump', {});
    await waitForEvent(client.trace, (e) => methodOf(e) === 'notifications/resources/updated' && e.seq > stream.id, 'an update');
    stream.close();
    await client.request('tools/list', {});
  } finally {
    await client.close();
  }
  const events = client.trace.events;
  return { events, found: diagnose(events).filter((d) => RULES.has(d.rule)) };
}

test('listen rules: a server that keeps to the filter and acknowledges first gets neither', async () => {
  const { found } = await session({});
  assert.deepEqual(found, []);
});

test('unrequested-notification: a tools/list_changed on a stream that asked only for resources, citing the listen request and the notification', async () => {
  const { events, found } = await session({ MODERN_SUBS_UNREQUESTED: '1' });
  assert.deepEqual(found.map((d) => [d.rule, d.severity, d.stage]), [['unrequested-notification', 'error', 'negotiation']]);
  const [listen, sent] = found[0].evidence.map((seq) => events.find((e) => e.seq === seq)!);
  assert.equal(methodOf(listen), 'subscriptions/listen');
  assert.equal(methodOf(sent), 'notifications/tools/list_changed');
  assert.match(found[0].message, /the server MUST NOT send notification types the client has not explicitly requested/);
  assert.match(found[0].message, /no toolsListChanged/);
});

test('notification-before-acknowledged: a resources/updated before the acknowledgement, once per stream', async () => {
  const { events, found } = await session({ MODERN_SUBS_EARLY: '1' });
  assert.deepEqual(found.map((d) => [d.rule, d.severity, d.stage]), [['notification-before-acknowledged', 'error', 'flow']]);
  const [listen, early] = found[0].evidence.map((seq) => events.find((e) => e.seq === seq)!);
  assert.equal(methodOf(listen), 'subscriptions/listen');
  assert.equal(methodOf(early), 'notifications/resources/updated');
  const ack = events.find((e) => methodOf(e) === 'notifications/subscriptions/acknowledged')!;
  assert.ok(early.seq < ack.seq);
});

test('unrequested-notification: no subscription id in a modern session; a legacy session sends list_changed by capability; a stream the client ended is a race', () => {
  const modern = new TraceBuilder();
  modern.modernSession({ tools: { listChanged: true } });
  const bare = modern.s2c({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
  assert.deepEqual(diagnose(modern.events).filter((d) => d.rule === 'unrequested-notification').map((d) => d.evidence), [[bare]]);

  const legacy = new TraceBuilder();
  legacy.legacySession({ tools: { listChanged: true } });
  legacy.s2c({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
  assert.deepEqual(diagnose(legacy.events).filter((d) => RULES.has(d.rule)), []);

  const ended = new TraceBuilder();
  ended.modernSession({ tools: { listChanged: true } });
  ended.request(2, 'subscriptions/listen', { notifications: { toolsListChanged: true }, _meta: modernMeta() });
  ended.s2c({ jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged', params: { _meta: { [SUB]: 2 }, notifications: { toolsListChanged: true } } });
  ended.s2c({ jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: { _meta: { [SUB]: 2 } } });
  ended.notify('notifications/cancelled', { requestId: 2 });
  ended.s2c({ jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: { _meta: { [SUB]: 2 } } });
  assert.deepEqual(diagnose(ended.events).filter((d) => RULES.has(d.rule)), []);
});

test('notification-before-acknowledged: ordering is per subscription id, so another stream\'s messages may come first', () => {
  const t = new TraceBuilder();
  t.modernSession({ resources: { subscribe: true } });
  t.request(2, 'subscriptions/listen', { notifications: { resourceSubscriptions: [URI] }, _meta: modernMeta() });
  t.s2c({ jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged', params: { _meta: { [SUB]: 2 }, notifications: { resourceSubscriptions: [URI] } } });
  t.request(3, 'subscriptions/listen', { notifications: { resourceSubscriptions: [URI] }, _meta: modernMeta() });
  t.s2c({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { _meta: { [SUB]: 2 }, uri: URI } });
  t.s2c({ jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged', params: { _meta: { [SUB]: 3 }, notifications: { resourceSubscriptions: [URI] } } });
  t.s2c({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { _meta: { [SUB]: 3 }, uri: URI } });
  assert.deepEqual(diagnose(t.events).filter((d) => RULES.has(d.rule)), []);
});
