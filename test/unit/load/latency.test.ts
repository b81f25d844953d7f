import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LatencyRecorder } from '../../../src/core/load/latency';
import { runLoad, type CallKind } from '../../../src/core/load/loadRun';

test('percentiles of known values, to the histogram precision (3 significant digits)', () => {
  const r = new LatencyRecorder();
  for (let ms = 1; ms <= 1000; ms++) r.record(ms);
  const s = r.summary();
  assert.equal(s.count, 1000);
  assert.equal(s.minMs, 1);
  const near = (actual: number, expected: number) => assert.ok(Math.abs(actual - expected) <= expected * 0.001 + 0.001, `${actual} ≈ ${expected}`);
  near(s.p50Ms, 500);
  near(s.p90Ms, 900);
  near(s.p99Ms, 990);
  near(s.maxMs, 1000);
  assert.ok(s.p99Ms <= s.maxMs);
  const buckets = r.buckets();
  assert.equal(buckets.reduce((n, b) => n + b.count, 0), 1000);
  assert.ok(buckets.every((b, i) => i === 0 || b.upToMs > buckets[i - 1]!.upToMs));
  r.destroy();
});

test('a run makes exactly the calls asked for, counts errors by kind, and stops when the connection is gone', async () => {
  const kinds: CallKind[] = ['ok', 'tool-error', 'ok', 'protocol-error', 'timeout'];
  let n = 0;
  const result = await runLoad(async () => kinds[n++ % kinds.length]!, { concurrency: 3, requests: 50 });
  assert.equal(result.requests, 50);
  assert.equal(result.ok, 20);
  assert.deepEqual(result.errors, { 'tool-error': 10, 'protocol-error': 10, timeout: 10 });
  assert.equal(result.errorRate, 0.6);
  assert.equal(result.timeline.reduce((s, t) => s + t.completed, 0), 50);

  let calls = 0;
  const dead = await runLoad(async () => (++calls >= 3 ? 'connection-closed' : 'ok'), { concurrency: 1, requests: 1000 });
  assert.equal(dead.requests, 3);
  assert.match(dead.stoppedEarly ?? '', /connection to the server closed/);
});

test('the text picture: a bar per histogram bucket and per second, the longest bar for the largest count, nothing but text', async () => {
  const { loadPicture } = await import('../../../src/core/load/loadPicture');
  const result = await runLoad(async () => 'ok', { concurrency: 2, requests: 10 });
  const lines = loadPicture('echo', { ...result, histogram: [{ upToMs: 1, count: 2 }, { upToMs: 2, count: 8 }], timeline: [{ second: 0, completed: 10, errors: 0 }] }, [{ atMs: 250, cpuPercent: 50, rssBytes: 2 ** 20 }]);
  const at = (label: string) => lines.find((l) => l.includes(label))!;
  assert.match(lines[0]!, /^Load test of echo: 10 calls/);
  assert.equal((at('≤ 2 ms').match(/█/g) ?? []).length, 40);
  assert.equal((at('≤ 1 ms').match(/█/g) ?? []).length, 10);
  assert.match(at('0–1 s'), /█{40} 10$/);
  assert.match(at('250 ms'), /█{20}·{20} 50%  1\.0 MiB$/);
});

test('a --rate whose next start is further off than setTimeout can wait (2^31 - 1 ms) starts no call before then, and the run ends with its --duration', async () => {
  // 1e-7 calls a second: the second call is due after 1e10 ms. A plain setTimeout runs that after 1 ms.
  let calls = 0;
  const result = await runLoad(async () => (calls++, 'ok'), { concurrency: 1, requests: 2, durationMs: 300, rate: 1e-7 });
  assert.equal(calls, 1);
  assert.equal(result.requests, 1);
});
