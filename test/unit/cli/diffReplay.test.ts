import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { buildCli, FIXTURES, NODE, runCli } from './helpers';
import { HTTP, TRANSPORTS } from '../transport/transports';

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

for (const t of TRANSPORTS) {
  test(`replay over ${t.name}: the same server answers the same (timestamps and _meta ignored), exit 0; a changed answer is reported, exit 1`, async () => {
    const call = await runCli(['call', 'get_forecast', '--args', '{"city":"Paris"}', '--json', '--', NODE, weather]);
    assert.equal(call.code, 0, call.stderr);
    const trace = join(dir, 'call.mcptrace.jsonl');
    writeFileSync(trace, (JSON.parse(call.stdout).events as unknown[]).map((e) => JSON.stringify(e)).join('\n') + '\n');

    const same = await runCli(['replay', trace, ...(await t.server(weather))]);
    assert.equal(same.code, 0, same.stdout + same.stderr);
    assert.equal(same.stdout, '2 replayed: 2 same, 0 different\n');

    const warmer = { WEATHER_VARIANT: 'warmer' };
    const changed = await runCli(['replay', trace, ...(await t.server(weather, { env: warmer }))], { env: warmer });
    assert.equal(changed.code, 1);
    assert.match(changed.stdout, /^✗ tools\/call get_forecast \(trace seq \d+\)\n {4}\/result\/content\/0\/text: recorded "Sunny in Paris, 21°C", now "Sunny in Paris, 23°C"\n {4}\/result\/structuredContent\/temperature: recorded 21, now 23\n2 replayed: 1 same, 1 different\n$/);

    const breaking = { WEATHER_VARIANT: 'breaking' };
    const json = JSON.parse((await runCli(['replay', trace, '--json', ...(await t.server(weather, { env: breaking }))], { env: breaking })).stdout);
    assert.equal(json.replayed, 2);
    assert.deepEqual(json.differences.map((d: any) => d.label), ['tools/list', 'tools/call get_forecast']);
  });

  test(`diff OLD against a live server over ${t.name}: the NEW side listed now, as check lists it`, async () => {
    const old = await capture('live-old', 'base');
    const same = await runCli(['diff', '--fail-on', 'any', old.report, ...(await t.server(weather))]);
    assert.equal(same.code, 0, same.stderr);
    assert.equal(same.stdout, 'no changes to tools, resources or prompts\n');
    const breaking = { WEATHER_VARIANT: 'breaking' };
    const live = await t.server(weather, { env: breaking });
    const json = await runCli(['diff', '--json', old.report, ...live], { env: breaking });
    assert.equal(json.code, 1, json.stderr);
    // The same changes as between two saved reports of the two variants.
    const saved = await capture('live-breaking', 'breaking');
    const offline = await runCli(['diff', '--json', old.report, saved.report]);
    assert.deepEqual(JSON.parse(json.stdout), JSON.parse(offline.stdout));
    assert.ok(JSON.parse(json.stdout).breaking > 0);
  });
}

test('diff with a live server: --url with -- CMD, two files with a server, or --token without --url are usage errors; a server that cannot be reached exits 2', async () => {
  const old = await capture('usage-old', 'base');
  const url = (await HTTP.server(weather))[1]!;
  const both = await runCli(['diff', old.report, '--url', url, '--', NODE, weather]);
  assert.equal(both.code, 2);
  assert.match(both.stderr, /diff: give either --url or a server command after --, not both/);
  const three = await runCli(['diff', old.report, old.trace, '--url', url]);
  assert.equal(three.code, 2);
  assert.match(three.stderr, /diff: with a live server \(-- CMD or --url URL\) give only OLD/);
  const token = await runCli(['diff', old.report, old.trace, '--token', 'x']);
  assert.equal(token.code, 2);
  assert.match(token.stderr, /diff: --header and --token go with --url/);
  const gone = await runCli(['diff', old.report, '--timeout', '2000', '--', NODE, `${FIXTURES}does-not-exist.mjs`]);
  assert.equal(gone.code, 2, gone.stdout);
  assert.match(gone.stderr, /mcp-lens diff: .*does-not-exist\.mjs: could not (connect to|list) the server/);
});
