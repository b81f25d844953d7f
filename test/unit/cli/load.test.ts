/**
 * `mcp-lens load` against a real SDK server with a known delay: every latency includes the
 * delay (a lower bound holds on any machine; no upper bound is asserted), thresholds decide
 * the exit code, errors are counted by kind, and a server that dies ends the run.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { buildCli, FIXTURES, NODE, runCli } from './helpers';

before(buildCli);

const DELAY = `${FIXTURES}fuzz/delay.mjs`;

test('load: 40 calls of a 50 ms tool at concurrency 5; every percentile is at least the delay, in order', async () => {
  const run = await runCli(['load', 'wait', '--args', '{"ms":50}', '--concurrency', '5', '--requests', '40', '--json', '--', NODE, DELAY]);
  assert.equal(run.code, 0, run.stderr);
  const r = JSON.parse(run.stdout);
  assert.equal(r.requests, 40);
  assert.equal(r.ok, 40);
  assert.deepEqual(r.errors, {});
  const { minMs, p50Ms, p90Ms, p99Ms, maxMs } = r.latency;
  // Node's timers run on the loop's cached millisecond clock and may fire up to a millisecond early.
  assert.ok(minMs >= 48.9, `min ${minMs} ms includes the 50 ms delay`);
  assert.ok(minMs <= p50Ms && p50Ms <= p90Ms && p90Ms <= p99Ms && p99Ms <= maxMs, JSON.stringify(r.latency));
  assert.equal(r.histogram.reduce((n: number, b: { count: number }) => n + b.count, 0), 40);
  assert.ok(r.histogram[0].upToMs >= 48.9, 'no bucket below the delay');
  assert.ok(r.limits.some((l: string) => /same|this machine/.test(l)), 'says the figures are this machine\'s');
  assert.deepEqual(r.findings, [], 'a server that keeps nothing per call: no memory-growth');
});

test('load: --fail-over-p99 below the delay exits 1 and says why; far above it exits 0', async () => {
  const over = await runCli(['load', 'wait', '--args', '{"ms":30}', '--requests', '10', '--fail-over-p99', '20', '--', NODE, DELAY]);
  assert.equal(over.code, 1);
  assert.match(over.stderr, /p99 [\d.]+ ms is over --fail-over-p99 20 ms/);
  assert.match(over.stdout, /latency {5}min [\d.]+ ms {2}p50 [\d.]+ ms {2}p90 [\d.]+ ms {2}p99 [\d.]+ ms {2}max [\d.]+ ms/);
  const under = await runCli(['load', 'wait', '--args', '{"ms":30}', '--requests', '10', '--fail-over-p99', '600000', '--', NODE, DELAY]);
  assert.equal(under.code, 0, under.stderr);
});

test('load: tool errors counted by kind against --fail-over-error-rate; a server that exits stops the run', async () => {
  const flaky = await runCli(['load', 'flaky', '--concurrency', '1', '--requests', '20', '--fail-over-error-rate', '0.2', '--json', '--', NODE, DELAY]);
  assert.equal(flaky.code, 1);
  const r = JSON.parse(flaky.stdout);
  assert.deepEqual(r.errors, { 'tool-error': 10 });
  assert.equal(r.errorRate, 0.5);
  assert.deepEqual(r.failures, ['error rate 50% is over --fail-over-error-rate 20%']);

  const dying = await runCli(['load', 'exit', '--concurrency', '2', '--requests', '500', '--json', '--', NODE, DELAY]);
  assert.equal(dying.code, 1);
  const d = JSON.parse(dying.stdout);
  assert.ok(d.requests < 500, `${d.requests} calls before the run stopped`);
  assert.match(d.stoppedEarly, /connection to the server closed/);
});

test('load: usage errors exit 2', async () => {
  for (const argv of [['load', '--', NODE], ['load', 'wait', '--requests', '5', '--duration', '1', '--', NODE], ['load', 'wait', '--fail-over-error-rate', '2', '--', NODE], ['load', 'wait', '--args', '[1]', '--', NODE]]) {
    assert.equal((await runCli(argv)).code, 2, argv.join(' '));
  }
});
