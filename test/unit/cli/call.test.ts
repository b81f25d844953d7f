import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { buildCli, FIXTURES, NODE, report, runCli } from './helpers';

before(buildCli);

const weather = `${FIXTURES}cli/sdk-v1-weather.mjs`;
const legacy = `${FIXTURES}legacy-basic.mjs`;

test('a successful call prints the text result on stdout, progress on stderr, exit 0', async () => {
  const run = await runCli(['call', 'get_forecast', '--args', '{"city":"Paris"}', '--', NODE, weather]);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout, 'Sunny in Paris, 21°C\n');
  assert.match(run.stderr, /progress 1\/3 station 1\nprogress 2\/3 station 2\nprogress 3\/3 station 3/);
});

test('an isError result is the tool failing: said so, its text shown, exit 1', async () => {
  const run = await runCli(['call', 'get_alerts', '--args', '{"state":"CA"}', '--', NODE, weather]);
  assert.equal(run.code, 1);
  assert.equal(run.stdout, 'No alert service for CA\n');
  assert.match(run.stderr, /get_alerts: the tool ran and failed \(isError\) — this is what the model reads/);
  assert.doesNotMatch(run.stderr, /never reached the tool/);
});

test('a JSON-RPC error is a protocol error: the request never reached the tool, exit 1', async () => {
  const run = await runCli(['call', 'no_such_tool', '--', NODE, legacy]);
  assert.equal(run.code, 1);
  assert.equal(run.stdout, '');
  assert.match(run.stderr, /no_such_tool: the request never reached the tool: -32602 Unknown tool: no_such_tool/);
  assert.match(run.stderr, /invalid-params \[invocation\]/);
});

test('call --json carries the result and the trace', async () => {
  const ok = report(await runCli(['call', 'echo', '--args', '{"text":"hi"}', '--json', '--', NODE, legacy]));
  assert.deepEqual(ok.result, { content: [{ type: 'text', text: 'hi' }] });
  assert.ok(ok.events.some((e: any) => e.msg?.method === 'tools/call' && e.msg.params.name === 'echo'));
  const failed = await runCli(['call', 'fail', '--json', '--', NODE, legacy]);
  assert.equal(failed.code, 1);
  assert.equal(report(failed).result.isError, true);
  assert.ok(report(failed).diagnostics.some((d: any) => d.rule === 'tool-error'));
  const rejected = await runCli(['call', 'nope', '--json', '--', NODE, legacy]);
  assert.equal(rejected.code, 1);
  assert.equal(report(rejected).result.error.code, -32602);
});

test('a server that cannot start: the call fails with the reason, exit 1', async () => {
  const run = await runCli(['call', 'x', '--', 'mcp-lens-no-such-server']);
  assert.equal(run.code, 1);
  assert.match(run.stderr, /x: could not connect to the server: .*ENOENT/);
  assert.match(run.stderr, /spawn-failed \[transport\]/);
});

test('call checks structuredContent against the listed outputSchema: result shown, error reported, exit 1', async () => {
  const run = await runCli(['call', 'weather', '--args', '{"city":"Paris"}', '--', NODE, `${FIXTURES}faults/output-schema-mismatch.mjs`]);
  assert.equal(run.code, 1);
  assert.match(run.stdout, /^21°C\nstructuredContent:\n\{\n {2}"temperature": "21°C"\n\}\n$/);
  assert.match(run.stderr, /✗ error {3}output-schema-mismatch \[invocation\]/);
});

test('a mistyped tool name: the protocol error plus the tools the server offers', async () => {
  const run = await runCli(['call', 'ecko', '--', NODE, legacy]);
  assert.equal(run.code, 1);
  assert.match(run.stderr, /tools offered: echo, fail/);
});
