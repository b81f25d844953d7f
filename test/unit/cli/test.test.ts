import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { buildCli, FIXTURES, NODE, ROOT, runCli } from './helpers';
import { HTTP, STDIO, TRANSPORTS, type Transport } from '../transport/transports';
import { assertValidJunit, assertValidSarif } from './reportSchemas';

before(buildCli);

const FILE = 'test/fixtures/testing/weather.mcptest.json';

/** A copy of the fixture test file in a fresh folder (snapshot updates write to it). */
function copyOfFixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-lens-test-'));
  const text = readFileSync(join(ROOT, FILE), 'utf8').replace('"../servers/testing/weather.mjs"', JSON.stringify(`${FIXTURES}testing/weather.mjs`));
  writeFileSync(join(dir, 'weather.mcptest.json'), text);
  return join(dir, 'weather.mcptest.json');
}

const WEATHER = `${FIXTURES}testing/weather.mjs`;

/**
 * The words that say where the file's tests run: nothing over stdio (the file names its
 * command), `--url` of the same server over HTTP (overriding the file's, as -- CMD does).
 */
async function where(t: Transport, env: Record<string, string> = {}): Promise<{ argv: string[]; label: string }> {
  if (t === STDIO) return { argv: [], label: 'weather' };
  const argv = await t.server(WEATHER, { env });
  return { argv, label: argv[1]! };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

for (const t of TRANSPORTS) {
  test(`mcp-lens test over ${t.name}: all pass → exit 0, one line per test, JUnit and SARIF valid against their schemas`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-lens-reports-'));
    const server = await where(t);
    const run = await runCli(['test', FILE, '--junit', join(dir, 'junit.xml'), '--sarif', join(dir, 'out.sarif'), ...server.argv]);
    assert.equal(run.code, 0, run.stderr + run.stdout);
    assert.match(run.stdout, new RegExp(`^test/fixtures/testing/weather\\.mcptest\\.json \\(${escape(server.label)}\\)\n`));
    assert.match(run.stdout, /\n  ✓ forecast for Paris \(get_forecast\) \d+ ms\n  ✓ forecast snapshot \(get_forecast\) \d+ ms\n  ✓ alerts fail as a tool \(get_alerts\) \d+ ms\n\n3 passed, 0 failed\n$/);
    const xml = readFileSync(join(dir, 'junit.xml'), 'utf8');
    await assertValidJunit(xml);
    assert.match(xml, /<testsuites name="mcp-lens" tests="3" failures="0" errors="0"/);
    assert.match(xml, /<testcase name="forecast snapshot" classname="[^"]+\.get_forecast" time="\d+\.\d{3}"\/>/);
    const sarif = JSON.parse(readFileSync(join(dir, 'out.sarif'), 'utf8'));
    assertValidSarif(sarif);
    assert.deepEqual(sarif.runs[0].results, []);
  });

  test(`a failing snapshot over ${t.name}: exit 1, expected and actual printed, JUnit <failure> and a SARIF result at the test line`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-lens-reports-'));
    const env = { WEATHER_VARIANT: 'warmer' };
    const server = await where(t, env);
    const run = await runCli(['test', FILE, '--junit', join(dir, 'junit.xml'), '--sarif', join(dir, 'out.sarif'), ...server.argv], { env });
    assert.equal(run.code, 1);
    assert.match(run.stdout, /✗ forecast snapshot \(get_forecast\) \d+ ms test\/fixtures\/testing\/weather\.mcptest\.json:17\n {6}the result differs from the snapshot: \/content\/0\/text: expected "Sunny in Oslo, 21°C", got "Sunny in Oslo, 23°C"/);
    assert.match(run.stdout, /expected:\n[^]*"temperature": 21[^]*actual:\n[^]*"temperature": 23/);
    assert.match(run.stdout, /2 passed, 1 failed\n$/);
    const xml = readFileSync(join(dir, 'junit.xml'), 'utf8');
    await assertValidJunit(xml);
    assert.match(xml, /<testsuites name="mcp-lens" tests="3" failures="1" errors="0"/);
    assert.match(xml, /<failure type="snapshot" message="the result differs from the snapshot: [^"]*">test\/fixtures\/testing\/weather\.mcptest\.json:17: /);
    const sarif = JSON.parse(readFileSync(join(dir, 'out.sarif'), 'utf8'));
    assertValidSarif(sarif);
    const [result] = sarif.runs[0].results;
    assert.equal(sarif.runs[0].results.length, 1);
    assert.equal(result.ruleId, 'test-snapshot');
    assert.equal(result.level, 'error');
    assert.deepEqual(result.locations[0].physicalLocation, { artifactLocation: { uri: FILE }, region: { startLine: 17 } });
  });

  test(`--update-snapshots over ${t.name} rewrites the stale snapshot in place; the next run passes`, async () => {
    const file = copyOfFixture();
    const env = { WEATHER_VARIANT: 'warmer' };
    const server = await where(t, env);
    const run = await runCli(['test', file, '--update-snapshots', ...server.argv], { env });
    assert.equal(run.code, 0, run.stdout);
    assert.match(run.stdout, /✓ forecast snapshot \(get_forecast\) \d+ ms snapshot updated/);
    assert.match(readFileSync(file, 'utf8'), /"text": "Sunny in Oslo, 23°C"/);
    const again = await runCli(['test', file, ...server.argv], { env });
    assert.equal(again.code, 0, again.stdout);
  });
}

test('stray stdout lands in SARIF at the source line that wrote it (the preload traces it); a file that cannot run is a JUnit error', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-lens-reports-'));
  writeFileSync(join(dir, 'banner.mcptest.json'), JSON.stringify({ command: [NODE, `${FIXTURES}faults/banner-stdout.mjs`], tests: [{ name: 'echo', tool: 'echo', arguments: { text: 'hi' } }] }));
  writeFileSync(join(dir, 'broken.mcptest.json'), '{ "command": ["node"], "tests": [ { "tool": "x" } ] }');
  const run = await runCli(['test', join(dir, 'banner.mcptest.json'), join(dir, 'broken.mcptest.json'), '--junit', join(dir, 'junit.xml'), '--sarif', join(dir, 'out.sarif'), '--json']);
  assert.equal(run.code, 1);
  const json = JSON.parse(run.stdout);
  assert.deepEqual(json.files[1].problems, [{ line: 1, message: 'tests[0]: "name" is required' }]);
  const xml = readFileSync(join(dir, 'junit.xml'), 'utf8');
  await assertValidJunit(xml);
  assert.match(xml, /<testcase name="\(test file\)" classname="broken" time="0">\n {6}<error type="test-file" message="tests\[0\]: &quot;name&quot; is required">/);
  const sarif = JSON.parse(readFileSync(join(dir, 'out.sarif'), 'utf8'));
  assertValidSarif(sarif);
  const stray = sarif.runs[0].results.find((r: any) => r.ruleId === 'stray-stdout');
  assert.ok(stray, JSON.stringify(sarif.runs[0].results.map((r: any) => r.ruleId)));
  assert.equal(stray.level, 'error');
  assert.deepEqual(stray.locations[0].physicalLocation, { artifactLocation: { uri: 'test/fixtures/servers/faults/banner-stdout.mjs' }, region: { startLine: 4, startColumn: 9 } });
});

test('-- CMD runs a file against another server; usage errors exit 2', async () => {
  const run = await runCli(['test', FILE, '--json', '--', NODE, `${FIXTURES}cli/sdk-v1-weather.mjs`]);
  assert.equal(run.code, 1);
  const json = JSON.parse(run.stdout);
  // sdk-v1-weather has no outputSchema and other text: the subset match fails, the alerts test passes.
  assert.deepEqual(json.files[0].tests.map((t: any) => t.status), ['failed', 'failed', 'passed']);
  assert.equal((await runCli(['test', '--junit'])).code, 2);
  assert.equal((await runCli(['diff', 'one'])).code, 2);
  assert.equal((await runCli(['diff', '--fail-on', 'sometimes', 'a', 'b'])).code, 2);
  assert.equal((await runCli(['replay', 'x.jsonl'])).code, 2);
});

test('--url runs a file against a remote server instead of the one it names; --token reaches it; --url with -- CMD, or --token without --url, is a usage error', async () => {
  const other = await HTTP.server(`${FIXTURES}cli/sdk-v1-weather.mjs`, { require: ['Authorization: Bearer test-tok'] });
  const run = await runCli(['test', FILE, '--json', '--token', 'test-tok', ...other]);
  assert.equal(run.code, 1, run.stderr);
  const json = JSON.parse(run.stdout);
  assert.equal(json.files[0].server, other[1]);
  assert.deepEqual(json.files[0].tests.map((t: any) => t.status), ['failed', 'failed', 'passed']);
  const refused = JSON.parse((await runCli(['test', FILE, '--json', ...other])).stdout);
  assert.match(refused.files[0].tests[0].failures[0].message, /401|missing or wrong authorization header/);
  const both = await runCli(['test', FILE, ...other, '--', NODE, WEATHER]);
  assert.equal(both.code, 2);
  assert.match(both.stderr, /test: give either --url or a server command after --, not both/);
  const stray = await runCli(['test', FILE, '--token', 'x']);
  assert.equal(stray.code, 2);
  assert.match(stray.stderr, /test: --header and --token go with --url/);
});

