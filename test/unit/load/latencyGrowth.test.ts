/**
 * latency-growth across a run MCP Lens drives: a tool that waits 5 ms more on each call
 * (fuzz/slows.mjs, a wait rather than work, so the growth is the same on any machine) is
 * reported; a tool with a constant delay is not (memoryGrowth.test.ts runs that one too).
 * The bar — the last quarter's calls slower than the first's (all but a quarter of each), 3× and 50 ms
 * — is far from both, and the test asserts no duration.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { diagnose } from '../../../src/core/diagnose/engine';
import { latencyGrowthOf, type TimedCall } from '../../../src/core/diagnose/rules/latencyGrowth';
import { fuzzTool } from '../../../src/core/fuzz/fuzzRun';
import { FuzzSession } from '../../../src/core/fuzz/fuzzSession';
import { loadTool } from '../../../src/core/load/loadTool';
import { McpClient } from '../../../src/core/session/client';

const SLOWS = join(__dirname, '..', '..', 'fixtures', 'servers', 'fuzz', 'slows.mjs');

function calls(ms: number[]): TimedCall[] {
  return ms.map((v, i) => ({ tool: 't', id: i + 1, requestSeq: 10 + 2 * i, responseSeq: 11 + 2 * i, ms: v }));
}

test('latencyGrowthOf: a steady slowdown is growth; spikes, inputs of different cost and a small drift are not', () => {
  const g = latencyGrowthOf(calls(Array.from({ length: 24 }, (_, i) => 5 * (i + 1))));
  assert.ok(g);
  assert.ok(g.to.ms >= 3 * g.from.ms);
  // A busy moment does not hide it: one early call slower than every late one, one late call as quick as the early ones.
  const busy = Array.from({ length: 24 }, (_, i) => 5 * (i + 1));
  busy[1] = 400;
  busy[22] = 6;
  assert.ok(latencyGrowthOf(calls(busy)));
  // A few slow calls anywhere (a busy moment, a long input): the quarters overlap.
  assert.equal(latencyGrowthOf(calls(Array.from({ length: 24 }, (_, i) => (i % 5 === 0 ? 300 : 10)))), undefined);
  // Slower, but by less than 50 ms.
  assert.equal(latencyGrowthOf(calls(Array.from({ length: 24 }, (_, i) => 2 + i))), undefined);
  assert.equal(latencyGrowthOf(calls([5, 10, 20, 40, 80, 160, 320, 640])), undefined, 'too few calls to judge');
});

test('latencyGrowthOf: growth shows in the middle of the run too; a machine busy as the run ends is not growth', () => {
  // A load run on a loaded CI machine: 24 calls of a constant 40 ms, the last six stalled.
  const stalledEnd = [...Array.from({ length: 18 }, (_, i) => 40 + (i % 3)), 130, 150, 160, 140, 170, 155];
  assert.equal(latencyGrowthOf(calls(stalledEnd)), undefined);
  // The same last six after calls that grew: growth.
  const grown = [...Array.from({ length: 18 }, (_, i) => 40 + 5 * i), 130, 150, 160, 140, 170, 155];
  assert.ok(latencyGrowthOf(calls(grown)));
  // Growth of any usual order passes the middle: linear, quadratic, cubic in the call's number.
  for (const power of [1, 2, 3]) assert.ok(latencyGrowthOf(calls(Array.from({ length: 24 }, (_, i) => 5 * (i + 1) ** power))), `power ${power}`);
});

test('load: a tool that gets slower with each call is reported as latency-growth, citing the two calls', async () => {
  const client = new McpClient({ command: process.execPath, args: [SLOWS] }, { clientInfo: { name: 'test', version: '0' }, requestTimeoutMs: 10_000, probeTimeoutMs: 3000 });
  try {
    await client.connect();
    const report = await loadTool(client, 'lookup', { query: 'a' }, { concurrency: 1, requests: 30 });
    assert.equal(report.result.ok, 30);
    assert.deepEqual(report.findings.map((d) => [d.rule, d.severity]), [['latency-growth', 'warning']]);
    assert.match(report.findings[0].message, /^tools\/call "lookup" got slower over the run's 30 successful calls: [\d.]+ ms at id \d+, [\d.]+ ms at id \d+/);
    const cited = report.findings[0].evidence.map((seq) => client.trace.event(seq));
    assert.deepEqual(cited.map((e) => e?.dir), ['c2s', 's2c', 'c2s', 's2c']);
    // Not judged in a session nobody drove: without the run's usage notes the rule is silent.
    const withoutNotes = client.trace.events.filter((e) => !(e.dir === 'meta' && e.kind === 'note'));
    assert.deepEqual(diagnose(withoutNotes).filter((d) => d.rule === 'latency-growth'), []);
  } finally {
    await client.close();
  }
});

test('fuzz: the same slowdown is found among fuzzed inputs (the refused ones, answered at once, set aside)', async () => {
  const session = new FuzzSession({ command: process.execPath, args: [SLOWS] }, { clientInfo: { name: 'test', version: '0' }, requestTimeoutMs: 10_000, probeTimeoutMs: 3000 });
  try {
    const [tool] = await session.tools();
    const report = await fuzzTool(tool, session, { runs: 40, seed: 3, allowDestructive: false });
    assert.deepEqual(report.findings, []);
  } finally {
    await session.close();
  }
  assert.deepEqual(session.runFindings().map((d) => d.rule), ['latency-growth']);
});
