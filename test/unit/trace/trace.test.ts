import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serializeEvent } from '../../../src/core/trace/jsonl';
import { Trace } from '../../../src/core/trace/trace';
import { plainEvent } from '../../../src/core/trace/storedMessage';
import type { TraceEvent } from '../../../src/core/trace/event';

test('events are numbered from 1 and stamped in order', () => {
  const trace = new Trace();
  const a = trace.append({ dir: 'meta', kind: 'note', raw: 'a' });
  const b = trace.append({ dir: 'stderr', kind: 'log', raw: 'b' });
  assert.equal(a.seq, 1);
  assert.equal(b.seq, 2);
  assert.ok(b.t >= a.t && a.t > 1.6e12);
  // Wall-clock milliseconds (the time origin is read once, at load).
  assert.ok(Math.abs(a.t - Date.now()) < 60_000);
  assert.deepEqual(trace.events.map((e) => e.raw), ['a', 'b']);
});

test('an event keeps its own t when given', () => {
  const trace = new Trace();
  assert.equal(trace.append({ dir: 'meta', raw: 'x', t: 42 }).t, 42);
});

test('a throwing listener does not stop the others', () => {
  const trace = new Trace();
  const seen: number[] = [];
  const original = console.error;
  console.error = () => undefined;
  try {
    trace.onEvent(() => {
      throw new Error('boom');
    });
    const sub = trace.onEvent((e: TraceEvent) => seen.push(e.seq));
    trace.append({ dir: 'meta', raw: 'one' });
    sub.dispose();
    trace.append({ dir: 'meta', raw: 'two' });
  } finally {
    console.error = original;
  }
  assert.deepEqual(seen, [1]);
});

test('a plain message event and one with more fields serialise exactly as before: fixed fields first, the rest in their own order', () => {
  const trace = new Trace();
  const msg = { jsonrpc: '2.0' as const, method: 'notifications/message', params: { level: 'info', data: 'x' } };
  const raw = JSON.stringify(msg);
  const plain = trace.append({ dir: 's2c', raw, kind: 'notification', msg, t: 5 });
  assert.equal(serializeEvent(plain), `{"seq":1,"t":5,"dir":"s2c","kind":"notification","raw":${JSON.stringify(raw)},"msg":${raw}}`);
  assert.deepEqual(plainEvent(plain), { seq: 1, t: 5, dir: 's2c', kind: 'notification', raw, msg });
  // glued before msg in the event: written in that order after raw.
  const glued = trace.append({ dir: 's2c', raw, glued: 'ready ', kind: 'notification', msg, crlf: true, t: 6 });
  assert.equal(serializeEvent(glued), `{"seq":2,"t":6,"dir":"s2c","kind":"notification","raw":${JSON.stringify(raw)},"glued":"ready ","msg":${raw},"crlf":true}`);
  const stamped = trace.append({ dir: 's2c', raw, kind: 'notification', msg });
  assert.ok(stamped.t > 1_000_000_000_000, 'stamped with the wall clock');
  assert.equal(trace.event(3), stamped);
});
