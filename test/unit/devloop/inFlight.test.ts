import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeRequest } from '../../../src/core/diagnose/describe';
import { requestsInFlight } from '../../../src/core/devloop/inFlight';
import type { NewTraceEvent } from '../../../src/core/trace/event';
import { Trace } from '../../../src/core/trace/trace';

const req = (id: number, method: string, params?: object): NewTraceEvent => ({ dir: 'c2s', kind: 'request', raw: '', msg: { jsonrpc: '2.0', id, method, ...(params ? { params } : {}) } as never });
const res = (id: number): NewTraceEvent => ({ dir: 's2c', kind: 'response', raw: '', msg: { jsonrpc: '2.0', id, result: {} } as never });

test('requests of the current run without an answer, timeout or cancellation', () => {
  const trace = new Trace();
  const events: NewTraceEvent[] = [
    { dir: 'meta', kind: 'spawned', raw: 'spawned', info: {} },
    req(1, 'tools/call', { name: 'old-run' }),
    { dir: 'meta', kind: 'exited', raw: 'exited', info: { code: 0 } },
    { dir: 'meta', kind: 'spawned', raw: 'spawned', info: {} },
    req(1, 'initialize'),
    res(1),
    req(2, 'tools/call', { name: 'slow_forecast' }),
    req(3, 'ping'),
    { dir: 'meta', kind: 'timeout', raw: '', info: { id: 3, method: 'ping', afterMs: 10 } },
    req(4, 'resources/read'),
  ];
  for (const e of events) trace.append(e);
  const lost = requestsInFlight(trace.events);
  assert.deepEqual(lost.map(describeRequest), ['tools/call "slow_forecast" (id 2)', 'resources/read (id 4)']);
  assert.equal(lost[0].seq, 7);
});

test('an open subscriptions/listen stream is not a request a restart loses: it awaits no answer', () => {
  const trace = new Trace();
  for (const e of [{ dir: 'meta', kind: 'spawned', raw: 'spawned', info: {} } as NewTraceEvent, req(2, 'subscriptions/listen', { notifications: { toolsListChanged: true } }), req(3, 'tools/call', { name: 'slow' })]) trace.append(e);
  assert.deepEqual(requestsInFlight(trace.events).map(describeRequest), ['tools/call "slow" (id 3)']);
});

test('a probe\'s raw request left unanswered is the probe\'s finding, not a request a restart loses', () => {
  const trace = new Trace();
  const probe: NewTraceEvent = { dir: 'c2s', kind: 'request', raw: '', msg: { jsonrpc: '2.0', id: 'mcp-lens-probe-stateless-0a1b2c3d', method: 'mcp-lens/no-such-method' } as never };
  for (const e of [{ dir: 'meta', kind: 'spawned', raw: 'spawned', info: {} } as NewTraceEvent, probe, req(3, 'tools/call', { name: 'slow' })]) trace.append(e);
  assert.deepEqual(requestsInFlight(trace.events).map(describeRequest), ['tools/call "slow" (id 3)']);
});
