import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Trace } from '../../../src/core/trace/trace';
import type { TraceEvent } from '../../../src/core/trace/event';

test('events are numbered from 1 and stamped in order', () => {
  const trace = new Trace();
  const a = trace.append({ dir: 'meta', kind: 'note', raw: 'a' });
  const b = trace.append({ dir: 'stderr', kind: 'log', raw: 'b' });
  assert.equal(a.seq, 1);
  assert.equal(b.seq, 2);
  assert.ok(b.t >= a.t && a.t > 1.6e12);
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
