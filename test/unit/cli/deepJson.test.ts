import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { buildCli, FIXTURES, NODE, report, runCli } from './helpers';

before(buildCli);

test('a stdout answer nested 100,000 arrays deep: json-too-deep names the depth, no stack overflow, exit 1', async () => {
  const args = ['--timeout', '1000', '--', NODE, `${FIXTURES}faults/deep-json-stdout.mjs`];
  const [json, terminal] = await Promise.all([runCli(['check', '--json', ...args]), runCli(['check', ...args])]);
  assert.equal(json.code, 1, json.stderr);
  const d = report(json).diagnostics.find((x: any) => x.rule === 'json-too-deep');
  assert.equal(d?.stage, 'framing');
  assert.match(d.message, /A stdout line of 200043 bytes is JSON nested 100002 levels deep, over the cap of 1000/);
  assert.equal(terminal.code, 1);
  assert.match(terminal.stdout, /error +json-too-deep \[framing\]/);
  assert.doesNotMatch(terminal.stdout, /No problems found/);
  assert.doesNotMatch(json.stderr + terminal.stderr, /Maximum call stack/);
});
