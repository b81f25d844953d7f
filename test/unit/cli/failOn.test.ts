import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { buildCli, FIXTURES, NODE, report, ROOT, runCli } from './helpers';

before(buildCli);

// A banner on stdout breaks a MUST NOT (error); a second answer to one request is a warning.
const banner = `${FIXTURES}faults/banner-stdout.mjs`;
const duplicate = `${FIXTURES}faults/duplicate-response.mjs`;
const warningTrace = `${ROOT}test/fixtures/traces/request-before-initialize.mcptrace.jsonl`;

test('check --fail-on: error (the default) fails on a stray banner, never does not, and the report is the same', async () => {
  const byDefault = await runCli(['check', '--json', '--', NODE, banner]);
  assert.equal(byDefault.code, 1);
  const stray = report(byDefault).diagnostics.find((d: any) => d.rule === 'stray-stdout');
  assert.equal(stray.severity, 'error');
  const explicit = await runCli(['check', '--fail-on', 'error', '--', NODE, banner]);
  assert.equal(explicit.code, 1);
  const never = await runCli(['check', '--fail-on', 'never', '--json', '--', NODE, banner]);
  assert.equal(never.code, 0, never.stderr);
  assert.deepEqual(report(never).diagnostics.map((d: any) => d.rule), report(byDefault).diagnostics.map((d: any) => d.rule));
});

test('check --fail-on warning fails on a warning that error lets through', async () => {
  const byDefault = await runCli(['check', '--json', '--', NODE, duplicate]);
  assert.deepEqual(report(byDefault).diagnostics.map((d: any) => [d.rule, d.severity]), [['duplicate-response', 'warning']]);
  assert.equal(byDefault.code, 0);
  const strict = await runCli(['check', '--fail-on', 'warning', '--', NODE, duplicate]);
  assert.equal(strict.code, 1);
  assert.match(strict.stdout, /⚠ warning duplicate-response/);
});

test('check --fail-on never still exits 1 when the server cannot be started: nothing was checked', async () => {
  const run = await runCli(['check', '--fail-on', 'never', '--', 'mcp-lens-no-such-server']);
  assert.equal(run.code, 1);
});

test('call --fail-on: a working call on a server with a stray banner exits 1 by default, 0 with never', async () => {
  const byDefault = await runCli(['call', 'echo', '--args', '{"text":"hi"}', '--', NODE, banner]);
  assert.equal(byDefault.code, 1);
  assert.match(byDefault.stderr, /✗ error {3}stray-stdout \[framing\]/);
  const never = await runCli(['call', 'echo', '--args', '{"text":"hi"}', '--fail-on', 'never', '--', NODE, banner]);
  assert.equal(never.code, 0, never.stderr);
  assert.match(never.stdout, /hi/);
});

test('call --fail-on never does not turn a failed call into a success', async () => {
  const run = await runCli(['call', 'no_such_tool', '--fail-on', 'never', '--', NODE, `${FIXTURES}legacy-basic.mjs`]);
  assert.equal(run.code, 1);
});

test('lint --fail-on: a trace with only a warning exits 0 by default, 1 with warning, 0 with never', async () => {
  assert.equal((await runCli(['lint', warningTrace])).code, 0);
  assert.equal((await runCli(['lint', '--fail-on', 'warning', warningTrace])).code, 1);
  assert.equal((await runCli(['lint', '--json', '--fail-on', 'warning', warningTrace])).code, 1);
  assert.equal((await runCli(['lint', '--fail-on', 'never', `${ROOT}test/fixtures/traces/stray-stdout.mcptrace.jsonl`])).code, 0);
  assert.equal((await runCli(['lint', `${ROOT}test/fixtures/traces/stray-stdout.mcptrace.jsonl`])).code, 1);
});

test('--fail-on with another value is a usage error naming the choices', async () => {
  for (const command of [['check', '--fail-on', 'sometimes', '--', NODE, banner], ['lint', '--fail-on', 'info', warningTrace], ['call', 'echo', '--fail-on', '', '--', NODE, banner]]) {
    const run = await runCli(command);
    assert.equal(run.code, 2, command.join(' '));
    assert.match(run.stderr, /--fail-on takes error, warning, never, got/);
  }
});
