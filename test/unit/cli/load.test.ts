/**
 * `mcp-lens load` against a real SDK server with a known delay: every latency includes the
 * delay (a lower bound holds on any machine; no upper bound is asserted), thresholds decide
 * the exit code, errors are counted by kind, and a server that dies ends the run; each over
 * stdio and over Streamable HTTP (where the server's memory is said not to be sampled).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { buildCli, FIXTURES, NODE, runCli } from './helpers';
import { HTTP, TRANSPORTS } from '../transport/transports';
import { assertValidJunit, assertValidSarif } from './reportSchemas';

/** Every JUnit report against junit-10, the SARIF against SARIF 2.1.0. */
async function assertValidReports(junit: readonly string[], sarif: unknown): Promise<void> {
  for (const xml of junit) await assertValidJunit(xml);
  assertValidSarif(sarif);
}

before(buildCli);

const DELAY = `${FIXTURES}fuzz/delay.mjs`;

for (const t of TRANSPORTS) {
  test(`load over ${t.name}: 40 calls of a 50 ms tool at concurrency 5; every percentile is at least the delay, in order`, async () => {
    const run = await runCli(['load', 'wait', '--args', '{"ms":50}', '--concurrency', '5', '--requests', '40', '--json', ...(await t.server(DELAY))]);
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
    assert.ok(r.limits.some((l: string) => (t === HTTP ? /remote \(--url\): every latency includes the network/ : /this machine's/).test(l)), r.limits.join('\n'));
    assert.deepEqual(r.findings, [], 'a server that keeps nothing per call: no memory-growth');
  });

  test(`load over ${t.name}: --fail-over-p99 below the delay exits 1 and says why; far above it exits 0`, async () => {
    const over = await runCli(['load', 'wait', '--args', '{"ms":30}', '--requests', '10', '--fail-over-p99', '20', ...(await t.server(DELAY))]);
    assert.equal(over.code, 1);
    assert.match(over.stderr, /p99 [\d.]+ ms is over --fail-over-p99 20 ms/);
    assert.match(over.stdout, /latency {5}min [\d.]+ ms {2}p50 [\d.]+ ms {2}p90 [\d.]+ ms {2}p99 [\d.]+ ms {2}max [\d.]+ ms/);
    const under = await runCli(['load', 'wait', '--args', '{"ms":30}', '--requests', '10', '--fail-over-p99', '600000', ...(await t.server(DELAY))]);
    assert.equal(under.code, 0, under.stderr);
  });

  test(`load over ${t.name}: tool errors counted by kind against --fail-over-error-rate; a server that exits stops the run`, async () => {
    const flaky = await runCli(['load', 'flaky', '--concurrency', '1', '--requests', '20', '--fail-over-error-rate', '0.2', '--json', ...(await t.server(DELAY))]);
    assert.equal(flaky.code, 1);
    const r = JSON.parse(flaky.stdout);
    assert.deepEqual(r.errors, { 'tool-error': 10 });
    assert.equal(r.errorRate, 0.5);
    assert.deepEqual(r.failures, ['error rate 50% is over --fail-over-error-rate 20%']);

    const dying = await runCli(['load', 'exit', '--concurrency', '2', '--requests', '500', '--json', ...(await t.server(DELAY))]);
    assert.equal(dying.code, 1);
    const d = JSON.parse(dying.stdout);
    assert.ok(d.requests < 500, `${d.requests} calls before the run stopped`);
    assert.match(d.stoppedEarly, /connection to the server closed/);
  });
}

test('load: usage errors exit 2', async () => {
  for (const argv of [['load', '--', NODE], ['load', 'wait', '--requests', '5', '--duration', '1', '--', NODE], ['load', 'wait', '--fail-over-error-rate', '2', '--', NODE], ['load', 'wait', '--args', '[1]', '--', NODE]]) {
    assert.equal((await runCli(argv)).code, 2, argv.join(' '));
  }
});

test('load: memory-growth is in --junit and --sarif, and --fail-on decides the exit code (warning: 1, default error: 0)', { timeout: 180_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-lens-load-reports-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const leaks = `${FIXTURES}fuzz/leaks.mjs`;
  const strict = await runCli(['load', 'remember', '--args', '{"note":"x"}', '--concurrency', '1', '--requests', '30', '--fail-on', 'warning', '--junit', join(dir, 'w.xml'), '--sarif', join(dir, 'w.sarif'), '--', NODE, leaks], { deadlineMs: 120_000 });
  assert.equal(strict.code, 1, strict.stderr);
  const junit = readFileSync(join(dir, 'w.xml'), 'utf8');
  assert.match(junit, /<testcase name="across the run: memory-growth" classname="leaks\.mjs\.load">\n\s+<failure type="memory-growth" message="the server process \(pid \d+\) grew from/);
  assert.match(junit, /<testsuites name="mcp-lens load" tests="2" failures="1"/);
  const sarif = JSON.parse(readFileSync(join(dir, 'w.sarif'), 'utf8'));
  const results = sarif.runs[0].results as { ruleId: string; level: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[];
  assert.deepEqual(results.map((r) => [r.ruleId, r.level]), [['memory-growth', 'warning']]);
  assert.match(results[0].locations[0].physicalLocation.artifactLocation.uri, /fuzz\/leaks\.mjs$/);

  const lenient = await runCli(['load', 'remember', '--args', '{"note":"x"}', '--concurrency', '1', '--requests', '30', '--junit', join(dir, 'e.xml'), '--', NODE, leaks], { deadlineMs: 120_000 });
  assert.equal(lenient.code, 0, lenient.stderr);
  assert.match(lenient.stdout, /memory-growth/);
  const passing = readFileSync(join(dir, 'e.xml'), 'utf8');
  assert.match(passing, /<testcase name="across the run: memory-growth"[^>]*>\n\s+<system-out>warning: the server process/);
  assert.match(passing, /failures="0"/);
  await assertValidReports([junit, passing], sarif);
});

test('load over streamable-http: the server\'s memory is said not to be sampled; no memory-growth is judged; --token reaches a server that requires it', { timeout: 180_000 }, async () => {
  const leaks = `${FIXTURES}fuzz/leaks.mjs`;
  const server = await HTTP.server(leaks, { require: ['Authorization: Bearer load-tok'] });
  const run = await runCli(['load', 'remember', '--args', '{"note":"x"}', '--concurrency', '1', '--requests', '30', '--fail-on', 'warning', '--json', '--token', 'load-tok', ...server], { deadlineMs: 120_000 });
  assert.equal(run.code, 0, run.stderr);
  const r = JSON.parse(run.stdout);
  assert.equal(r.ok, 30);
  assert.deepEqual(r.findings, []);
  assert.deepEqual(r.server.samples, []);
  assert.ok(r.limits.includes("the server's CPU and memory are not sampled for a remote server: memory-growth is not judged"), r.limits.join('\n'));
  const text = await runCli(['load', 'remember', '--requests', '3', '--token', 'load-tok', ...server]);
  assert.equal(text.code, 0, text.stderr);
  assert.match(text.stderr, /note: the server's CPU and memory are not sampled for a remote server/);
  const refused = await runCli(['load', 'remember', '--requests', '3', ...server]);
  assert.equal(refused.code, 1);
  assert.match(refused.stderr, /could not connect to the server: .*401|missing or wrong authorization header/);
});
