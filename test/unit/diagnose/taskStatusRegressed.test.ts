// task-status-regressed on hand-built traces of both tasks generations: a terminal task that is
// reported again in another status is found once, citing both reports; the statuses a task may
// move between (working, input_required, then one terminal status, repeated) raise nothing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diagnose } from '../../../src/core/diagnose/engine';
import { modernMeta, TraceBuilder } from './traceBuilder';

const regressed = (t: TraceBuilder) => diagnose(t.events).filter((d) => d.rule === 'task-status-regressed');
const TIMES = { createdAt: '2026-12-04T18:00:00Z', lastUpdatedAt: '2026-12-04T18:00:01Z', ttlMs: 60000, pollIntervalMs: 100 };
const EXT = 'io.modelcontextprotocol/tasks';
const declaring = () => ({ ...modernMeta(), 'io.modelcontextprotocol/clientCapabilities': { extensions: { [EXT]: {} } } });

test('2025-11-25: completed, then working in a later tasks/get: found once, citing both answers', () => {
  const t = new TraceBuilder();
  t.legacySession({ tools: {}, tasks: { requests: { tools: { call: {} } } } });
  t.request(2, 'tools/call', { name: 'slow', arguments: {}, task: { ttl: 60000 } });
  t.result(2, { task: { taskId: 'a', status: 'working', createdAt: TIMES.createdAt, ttl: 60000 } });
  t.request(3, 'tasks/get', { taskId: 'a' });
  const done = t.result(3, { taskId: 'a', status: 'completed', createdAt: TIMES.createdAt, ttl: 60000 });
  t.request(4, 'tasks/get', { taskId: 'a' });
  const again = t.result(4, { taskId: 'a', status: 'working', createdAt: TIMES.createdAt, ttl: 60000 });
  t.request(5, 'tasks/get', { taskId: 'a' });
  t.result(5, { taskId: 'a', status: 'working', createdAt: TIMES.createdAt, ttl: 60000 });
  const found = regressed(t);
  assert.equal(found.length, 1);
  assert.deepEqual(found[0].evidence, [done, again]);
  assert.equal(found[0].severity, 'error');
  assert.equal(found[0].stage, 'flow');
  assert.match(found[0].message, /Task "a" was reported "working" after it had reached the terminal status "completed"/);
});

test('2026-07-28: a cancelled task that a status notification calls completed is found', () => {
  const t = new TraceBuilder();
  t.modernSession({ tools: {}, extensions: { [EXT]: {} } });
  t.request(2, 'tools/call', { name: 'slow', arguments: {}, _meta: declaring() });
  t.result(2, { resultType: 'task', taskId: 'b', status: 'working', ...TIMES });
  t.request(3, 'tasks/cancel', { taskId: 'b', _meta: declaring() });
  t.result(3, { resultType: 'complete' });
  t.request(4, 'tasks/get', { taskId: 'b', _meta: declaring() });
  const cancelled = t.result(4, { resultType: 'complete', taskId: 'b', status: 'cancelled', ...TIMES });
  const note = t.s2c({ jsonrpc: '2.0', method: 'notifications/tasks', params: { taskId: 'b', status: 'completed', ...TIMES, result: { content: [] } } });
  assert.deepEqual(regressed(t).map((d) => d.evidence), [[cancelled, note]]);
});

test('a task that asks, works on, completes and is asked again about its completion raises nothing; another task is judged on its own', () => {
  const t = new TraceBuilder();
  t.modernSession({ tools: {}, extensions: { [EXT]: {} } });
  t.request(2, 'tools/call', { name: 'slow', arguments: {}, _meta: declaring() });
  t.result(2, { resultType: 'task', taskId: 'c', status: 'working', ...TIMES });
  let id = 3;
  for (const status of ['input_required', 'working', 'completed', 'completed']) {
    t.request(id, 'tasks/get', { taskId: 'c', _meta: declaring() });
    t.result(id++, { resultType: 'complete', taskId: 'c', status, ...TIMES, ...(status === 'completed' ? { result: { content: [] } } : {}) });
  }
  t.request(id, 'tools/call', { name: 'slow', arguments: {}, _meta: declaring() });
  t.result(id, { resultType: 'task', taskId: 'd', status: 'working', ...TIMES });
  assert.deepEqual(regressed(t), []);
});
