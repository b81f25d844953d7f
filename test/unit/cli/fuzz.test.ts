/**
 * `mcp-lens fuzz` against real servers built with the official SDK: a server with one fault
 * per tool (each found with its smallest input, saved as a regression test that fails today),
 * and a correct server (no finding). No process is left behind. Each over stdio and over
 * Streamable HTTP, where a crash ends the session (its stream closes without the answer) and
 * the run goes on in a new session.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { buildCli, FIXTURES, NODE, runCli } from './helpers';
import { STDIO } from '../transport/transports';
import { type Report, transportTests } from './fuzzShared';

before(buildCli);

transportTests(STDIO);

test('fuzz reports a server whose memory grows with the calls (memory-growth, exit 1), citing the calls', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-lens-fuzz-run-'));
  const json = await runCli(['fuzz', '--seed', '3', '--runs', '40', '--json', '--junit', join(dir, 'r.xml'), '--sarif', join(dir, 'r.sarif'), '--', NODE, `${FIXTURES}fuzz/leaks.mjs`], { deadlineMs: 120_000 });
  assert.equal(json.code, 1, json.stderr);
  const r = JSON.parse(json.stdout) as Report & { run: { rule: string; evidence: number[] }[] };
  assert.deepEqual(r.tools[0].findings, []);
  assert.deepEqual(r.run.map((d) => d.rule), ['memory-growth']);
  assert.ok(r.run[0].evidence.length >= 3);
  // In the CI reports like any other finding: a failed test case, a SARIF result.
  const junit = readFileSync(join(dir, 'r.xml'), 'utf8');
  assert.match(junit, /tests="2" failures="1"/);
  assert.match(junit, /<testcase name="across the run: memory-growth" classname="leaks\.mjs\.fuzz">\n\s+<failure type="memory-growth"/);
  const sarif = JSON.parse(readFileSync(join(dir, 'r.sarif'), 'utf8')) as { runs: { results: { ruleId: string }[] }[] };
  assert.deepEqual(sarif.runs[0].results.map((x) => x.ruleId), ['memory-growth']);
  rmSync(dir, { recursive: true, force: true });
  const text = await runCli(['fuzz', '--seed', '3', '--runs', '40', '--', NODE, `${FIXTURES}fuzz/leaks.mjs`], { deadlineMs: 120_000 });
  assert.match(text.stdout, /across the run\n\s+memory-growth the server process \(pid \d+\) grew from/);
  assert.match(text.stdout, /1 finding in 40 calls/);
});

test('fuzz --timeout bounds the calls, not the start: a server slower to start than a call may take is still fuzzed', async () => {
  // Silent for 1.5 s before it reads stdin: the era probe and initialize wait longer than --timeout 500.
  const run = await runCli(['fuzz', '--runs', '2', '--timeout', '500', '--json', '--', NODE, `${FIXTURES}lifecycle/slow-legacy-start.mjs`], {
    env: { SLOW_START_MS: '1500' },
  });
  assert.doesNotMatch(run.stderr, /could not start the server/);
  assert.deepEqual((JSON.parse(run.stdout) as Report).tools.map((t) => t.tool), ['old_school']);
});

test('a server that cannot be started again after a crash: the run says it stopped and exits 1', async () => {
  const marker = join(mkdtempSync(join(tmpdir(), 'mcp-lens-once-')), 'started');
  const run = await runCli(['fuzz', '--runs', '20', '--json', '--', NODE, `${FIXTURES}fuzz/starts-once.mjs`, marker]);
  assert.equal(run.code, 1, run.stderr);
  const [tool] = (JSON.parse(run.stdout) as Report & { tools: { stopped?: string }[] }).tools;
  assert.match(tool!.stopped ?? '', /could not be started again/);
  assert.deepEqual(tool!.findings.map((f) => f.rule), ['crashed']);
});
