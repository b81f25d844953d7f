import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TraceEvent } from '../../../src/core/trace/event';
import { wireLatency } from '../../../src/core/trace/latency';

let seq = 0;
function ev(dir: 'c2s' | 's2c', kind: 'request' | 'response', id: number, t: number): TraceEvent {
  return { seq: ++seq, t, dir, kind, raw: '', msg: { jsonrpc: '2.0', id } } as TraceEvent;
}

test('wire latency: request line written to response line read, in whole ms, the newest exchange of that id', () => {
  const events = [ev('c2s', 'request', 1, 100), ev('s2c', 'response', 1, 110.2), ev('c2s', 'request', 2, 120), ev('c2s', 'request', 1, 200), ev('s2c', 'response', 2, 150.6), ev('s2c', 'response', 1, 238.5)];
  assert.equal(wireLatency(events, 2), 31);
  assert.equal(wireLatency(events, 1), 39, 'the second exchange with id 1, not the first');
});

test('wire latency: none for an unanswered request, an unknown id, or a response from the other side', () => {
  assert.equal(wireLatency([ev('c2s', 'request', 3, 10)], 3), undefined);
  assert.equal(wireLatency([], 3), undefined);
  assert.equal(wireLatency([ev('s2c', 'request', 4, 10), ev('c2s', 'response', 4, 20)], 4), undefined);
});
