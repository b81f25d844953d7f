import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { buildCli, FIXTURES, NODE, runCli } from './helpers';

before(buildCli);

const weather = `${FIXTURES}testing/weather.mjs`;
const dir = mkdtempSync(join(tmpdir(), 'mcp-lens-diff-'));

/** `check --json` of the weather fixture in one variant, saved as a report and as a trace file. */
async function capture(name: string, variant: string): Promise<{ report: string; trace: string }> {
  const run = await runCli(['check', '--json', '--', NODE, weather], { env: { WEATHER_VARIANT: variant } });
  assert.equal(run.code, 0, run.stderr);
  const report = join(dir, `${name}.json`);
  const trace = join(dir, `${name}.mcptrace.jsonl`);
  writeFileSync(report, run.stdout);
  writeFileSync(trace, (JSON.parse(run.stdout).events as unknown[]).map((e) => JSON.stringify(e)).join('\n') + '\n');
  return { report, trace };
}

test('diff of two check reports: each change classified, breaking ones say why; --fail-on decides the exit code', async () => {
  const old = await capture('old', '');
  const now = await capture('new', 'breaking');
  const run = await runCli(['diff', old.report, now.report]);
  assert.equal(run.code, 1);
  assert.equal(
    run.stdout,
    [
      '+ tool get_uv added',
      '- tool get_alerts removed — breaking: callers of the tool get an error',
      '~ tool get_forecast: inputSchema.units now required — breaking: callers that omit the field are now rejected',
      '',
      '3 changes, 2 breaking',
      '',
    ].join('\n'),
  );
  assert.equal((await runCli(['diff', '--fail-on', 'never', old.report, now.report])).code, 0);
  const json = JSON.parse((await runCli(['diff', '--json', old.report, now.report])).stdout);
  assert.equal(json.breaking, 2);
  assert.deepEqual(json.changes.map((c: any) => [c.kind, c.item, c.action, c.path ?? null, c.breaking]), [
    ['tools', 'get_uv', 'added', null, false],
    ['tools', 'get_alerts', 'removed', null, true],
    ['tools', 'get_forecast', 'changed', 'inputSchema.units', true],
  ]);
});

test('diff reads trace files too; no change exits 0 even with --fail-on any; a non-breaking change fails only --fail-on any', async () => {
  const a = await capture('a', '');
  const b = await capture('b', 'warmer');
  const same = await runCli(['diff', '--fail-on', 'any', a.trace, b.trace]);
  assert.equal(same.code, 0, same.stdout + same.stderr);
  assert.equal(same.stdout, 'no changes to tools, resources or prompts\n');
  const added = await capture('added', 'breaking');
  // A trace on one side and a report on the other compare the same way.
  const reverse = await runCli(['diff', '--json', a.trace, added.report]);
  assert.equal(JSON.parse(reverse.stdout).breaking, 2);
  const unreadable = await runCli(['diff', join(dir, 'missing.json'), a.trace]);
  assert.equal(unreadable.code, 2);
  assert.match(unreadable.stderr, /missing\.json: cannot read the file/);
});

test('replay: the same server answers the same (timestamps and _meta ignored), exit 0; a changed answer is reported, exit 1', async () => {
  const call = await runCli(['call', 'get_forecast', '--args', '{"city":"Paris"}', '--json', '--', NODE, weather]);
  assert.equal(call.code, 0, call.stderr);
  const trace = join(dir, 'call.mcptrace.jsonl');
  writeFileSync(trace, (JSON.parse(call.stdout).events as unknown[]).map((e) => JSON.stringify(e)).join('\n') + '\n');

  const same = await runCli(['replay', trace, '--', NODE, weather]);
  assert.equal(same.code, 0, same.stdout + same.stderr);
  assert.equal(same.stdout, '2 replayed: 2 same, 0 different\n');

  const changed = await runCli(['replay', trace, '--', NODE, weather], { env: { WEATHER_VARIANT: 'warmer' } });
  assert.equal(changed.code, 1);
  assert.match(changed.stdout, /^✗ tools\/call get_forecast \(trace seq \d+\)\n {4}\/result\/content\/0\/text: recorded "Sunny in Paris, 21°C", now "Sunny in Paris, 23°C"\n {4}\/result\/structuredContent\/temperature: recorded 21, now 23\n2 replayed: 1 same, 1 different\n$/);

  const json = JSON.parse((await runCli(['replay', trace, '--json', '--', NODE, weather], { env: { WEATHER_VARIANT: 'breaking' } })).stdout);
  assert.equal(json.replayed, 2);
  assert.deepEqual(json.differences.map((d: any) => d.label), ['tools/list', 'tools/call get_forecast']);
});
