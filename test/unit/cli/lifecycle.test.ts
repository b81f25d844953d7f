// `mcp-lens check` on servers that start slowly or die at once (real child processes):
// the era is right, and a failure is told with the exit code and the stderr reason.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { buildCli, FIXTURES, NODE, runCli } from './helpers';

before(buildCli);

test('check on a modern server that is silent for 4 s: modern, its tools listed, exit 0', async () => {
  const run = await runCli(['check', '--', NODE, `${FIXTURES}lifecycle/slow-modern-start.mjs`], { env: { SLOW_START_MS: '4000' } });
  assert.equal(run.code, 0, run.stdout);
  assert.match(run.stdout, /slow-modern-start 1\.0\.0\s+modern era, protocol 2026-07-28/);
  assert.match(run.stdout, /tools\s+1\s+warmed_up/);
  assert.doesNotMatch(run.stdout, /→ initialize/);
  assert.match(run.stdout, /No problems found\./);
});

test('check on a server that exits at once with ENOENT: the summary and the card name the exit code and the stderr reason; no EPIPE; retry will not help', async () => {
  const run = await runCli(['check', '--', NODE, `${FIXTURES}lifecycle/exits-enoent.mjs`]);
  assert.equal(run.code, 1, run.stdout);
  assert.match(run.stdout, /No MCP session was established: the server exited \(code 1\): Error: ENOENT: no such file or directory, scandir '\/nonexistent\/mcp-lens-fixture-dir'/);
  assert.match(run.stdout, /exited-early \[transport\]\n\s+The server exited \(code 1\) before answering its first request/);
  assert.match(run.stdout, /retry: will not help/);
  assert.doesNotMatch(run.stdout, /EPIPE|may help/);
  // The probe is not left pending: the trace says it was lost with the exit.
  assert.match(run.stdout, /server\/discover \(id 1\) lost: the server exited \(code 1\) before answering/);
});

test('call on a server that exits at once: the failure names the exit code and the stderr reason, exit 1', async () => {
  const run = await runCli(['call', 'anything', '--', NODE, `${FIXTURES}lifecycle/exits-enoent.mjs`]);
  assert.equal(run.code, 1, run.stderr);
  assert.match(run.stderr, /anything: could not connect to the server: the server exited \(code 1\): Error: ENOENT: no such file or directory, scandir/);
  assert.doesNotMatch(run.stderr, /EPIPE/);
});

test('check on a slow legacy server: legacy through -32601, its tools listed, exit 0', async () => {
  // --no-probes: the fixture answers ping -32601 too (ping-failed, the probes' business); this is about a slow start.
  const run = await runCli(['check', '--no-probes', '--', NODE, `${FIXTURES}lifecycle/slow-legacy-start.mjs`], { env: { SLOW_START_MS: '1500' } });
  assert.equal(run.code, 0, run.stdout);
  assert.match(run.stdout, /slow-legacy-start 1\.0\.0\s+legacy era, protocol 2025-06-18/);
  assert.match(run.stdout, /tools\s+1\s+old_school/);
  assert.match(run.stdout, /No problems found\./);
});

test('check on a server that ignores the probe and then exits cleanly: the probe timed out (not pending), no crash blamed on server/discover', async () => {
  const run = await runCli(['check', '--timeout', '2000', '--', NODE, `${FIXTURES}lifecycle/silent-probe-clean-exit.mjs`]);
  assert.match(run.stdout, /server\/discover \(id 1\) got no response within \d+ ms/);
  assert.match(run.stdout, /tools\s+1\s+one_shot/);
  assert.match(run.stdout, /process\s+exited \(code 0\)/);
  assert.doesNotMatch(run.stdout, /pending: server\/discover|server\/discover \(id 1\) lost/);
  assert.doesNotMatch(run.stdout, /✗ error\s+crashed/);
});
