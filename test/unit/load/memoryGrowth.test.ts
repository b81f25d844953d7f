/**
 * memory-growth across a run MCP Lens drives, on real SDK servers: one that keeps 3 MiB per
 * call (fuzz/leaks.mjs) is reported with the calls cited, a well-behaved one is not. The
 * thresholds sit far from both (tens of MiB of growth against none), so neither depends on
 * the machine's speed or the garbage collector's timing; nothing here measures time.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { diagnose } from '../../../src/core/diagnose/engine';
import { memoryGrowthOf, type MemoryPoint } from '../../../src/core/diagnose/rules/memoryGrowth';
import { fuzzTool } from '../../../src/core/fuzz/fuzzRun';
import { FuzzSession } from '../../../src/core/fuzz/fuzzSession';
import { loadTool } from '../../../src/core/load/loadTool';
import { McpClient } from '../../../src/core/session/client';
import { usageOf } from '../../../src/core/trace/usageNote';

const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'servers', 'fuzz');
const LEAKS = join(FIXTURES, 'leaks.mjs');
const CORRECT = join(FIXTURES, 'correct.mjs');
const DELAY = join(FIXTURES, 'delay.mjs');
const MiB = 2 ** 20;
const options = { clientInfo: { name: 'test', version: '0' }, requestTimeoutMs: 10_000, probeTimeoutMs: 3000 };

function points(rss: number[]): MemoryPoint[] {
  return rss.map((r, i) => ({ seq: 100 + i, rssBytes: r * MiB, calls: i + 1, lastCallSeq: 50 + i }));
}

test('memoryGrowthOf: a steady climb of 3 MiB a call is growth; a sawtooth, a heap settling in, and too few readings are not', () => {
  const leak = memoryGrowthOf(points(Array.from({ length: 20 }, (_, i) => 50 + 3 * i)));
  assert.ok(leak, 'the climb is reported');
  assert.ok(leak.perCallBytes >= 2.5 * MiB && leak.perCallBytes <= 3.5 * MiB, String(leak.perCallBytes));
  // A garbage-collected heap: up 40 MiB, back down, again and again.
  assert.equal(memoryGrowthOf(points(Array.from({ length: 20 }, (_, i) => 50 + ((i * 8) % 40)))), undefined);
  // Grows by 30 MiB over the first calls, then stays: under the 32 MiB bar and not climbing at the end.
  assert.equal(memoryGrowthOf(points([50, 60, 70, 80, 80, 80, 80, 80, 80, 80, 80, 80])), undefined);
  assert.equal(memoryGrowthOf(points([50, 100, 150, 200, 250])), undefined, 'five readings say nothing');
});

test('fuzz: the leaking server is reported as memory-growth citing its calls; the correct server is not', async () => {
  const leaking = new FuzzSession({ command: process.execPath, args: [LEAKS] }, options);
  let findings;
  try {
    const [tool] = await leaking.tools();
    const report = await fuzzTool(tool, leaking, { runs: 40, seed: 7, allowDestructive: false });
    assert.deepEqual(report.findings, [], 'no per-call finding: the leak is only seen across calls');
    findings = leaking.runFindings();
  } finally {
    await leaking.close();
  }
  assert.deepEqual(findings.map((d) => [d.rule, d.severity, d.stage]), [['memory-growth', 'warning', 'flow']]);
  assert.match(findings[0].message, /grew from [\d.]+ MiB to [\d.]+ MiB resident over \d+ tools\/call \(read after tools\/call "remember" id \d+, then after id \d+\), about [\d.]+ MiB per call/);
  assert.ok(findings[0].evidence.length >= 3, 'cites the calls and the readings');

  const correct = new FuzzSession({ command: process.execPath, args: [CORRECT] }, options);
  try {
    for (const tool of await correct.tools()) await fuzzTool(tool, correct, { runs: 30, seed: 7, allowDestructive: false });
  } finally {
    await correct.close();
  }
  assert.deepEqual(correct.runFindings(), []);
});

test('load: the leaking tool under load is reported, its evidence the calls in the trace; a tool that keeps nothing is not', async () => {
  const leaking = new McpClient({ command: process.execPath, args: [LEAKS] }, options);
  try {
    await leaking.connect();
    const report = await loadTool(leaking, 'remember', { note: 'x' }, { concurrency: 1, requests: 30 });
    assert.equal(report.result.ok, 30);
    assert.deepEqual(report.findings.map((d) => d.rule), ['memory-growth']);
    const cited = report.findings[0].evidence.map((seq) => leaking.trace.event(seq));
    assert.ok(cited.some((e) => e?.dir === 'c2s' && e.msg && 'method' in e.msg && e.msg.method === 'tools/call'), 'a tools/call request is cited');
    assert.ok(cited.some((e) => e && usageOf(e)), 'a memory reading is cited');
    // The readings are in the trace: the same finding comes from linting it again.
    assert.deepEqual(diagnose(leaking.trace.events).filter((d) => d.rule === 'memory-growth'), report.findings);
  } finally {
    await leaking.close();
  }
  const clean = new McpClient({ command: process.execPath, args: [DELAY] }, options);
  try {
    await clean.connect();
    const report = await loadTool(clean, 'wait', { ms: 20 }, { concurrency: 1, requests: 30 });
    assert.equal(report.result.ok, 30);
    assert.ok(report.samples.length >= 6, `${report.samples.length} readings: enough to judge`);
    assert.deepEqual(report.findings, []);
  } finally {
    await clean.close();
  }
});
