import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runTestFile } from '../../../src/core/testing/runner';
import { serverSpecFor } from '../../../src/core/testing/serverSpec';
import { snapshotUpdates, writeSnapshots } from '../../../src/core/testing/snapshots';
import { parseTestFile } from '../../../src/core/testing/testFile';
import { saveCall } from '../../../src/core/testing/saveCall';
import { HTTP, TRANSPORTS, type Transport } from '../transport/transports';

const FILE = fileURLToPath(new URL('../../fixtures/testing/weather.mcptest.json', import.meta.url));
const TEXT = readFileSync(FILE, 'utf8');

/** Over stdio the server the file names; over HTTP the same script behind a URL, as `test --url` runs it. */
async function run(t: Transport, text: string, env: Record<string, string> = {}) {
  const file = parseTestFile(FILE, text);
  assert.deepEqual(file.problems, []);
  const spec = await serverSpecFor(file);
  assert.ok(spec.ok, !spec.ok ? spec.message : '');
  if (t === HTTP) return { file, result: await runTestFile(file, await HTTP.spec(resolve(spec.spec.cwd ?? '.', spec.spec.args![0]!), { env })) };
  return { file, result: await runTestFile(file, { ...spec.spec, env }) };
}

for (const t of TRANSPORTS) {

  test(`${t.name}: the fixture file passes against the server it was saved from: each check, the line of each test`, async () => {
    const { result } = await run(t, TEXT);
    assert.deepEqual(
      result.tests.map((t) => [t.name, t.status, t.line, t.failures]),
      [
        ['forecast for Paris', 'passed', 6, []],
        ['forecast snapshot', 'passed', 17, []],
        ['alerts fail as a tool', 'passed', 29, []],
      ],
    );
    assert.equal(result.tests[0].result?.structuredContent && (result.tests[0].result.structuredContent as { city: string }).city, 'Paris');
  });

  test(`${t.name}: a changed server: the snapshot fails with both sides and the path that differs; the subset and text checks still pass`, async () => {
    const { result } = await run(t, TEXT, { WEATHER_VARIANT: 'warmer' });
    const [paris, snapshot, alerts] = result.tests;
    assert.equal(paris.status, 'passed');
    assert.equal(alerts.status, 'passed');
    assert.equal(snapshot.status, 'failed');
    assert.deepEqual(snapshot.failures.map((f) => f.check), ['snapshot']);
    assert.match(snapshot.failures[0].message, /\/content\/0\/text: expected "Sunny in Oslo, 21°C", got "Sunny in Oslo, 23°C"; \/structuredContent\/temperature: expected 21, got 23/);
    assert.match(snapshot.failures[0].expected!, /"temperature": 21/);
    assert.match(snapshot.failures[0].actual!, /"temperature": 23/);
    assert.doesNotMatch(snapshot.failures[0].actual!, /observedAt/, 'ignored paths are left out of both sides');
  });

  test(`${t.name}: every kind of failed expectation is reported, a protocol error never passes`, async () => {
    const text = JSON.stringify({
      command: ['node', '../servers/testing/weather.mjs'],
      tests: [
        { name: 'wrong isError', tool: 'get_alerts', arguments: { state: 'CA' }, expect: {} },
        { name: 'expected failure', tool: 'get_forecast', arguments: { city: 'Rome' }, expect: { isError: true } },
        { name: 'text', tool: 'get_forecast', arguments: { city: 'Rome' }, expect: { text: { contains: ['Rain'], matches: '^Cloudy' } } },
        { name: 'subset', tool: 'get_forecast', arguments: { city: 'Rome' }, expect: { result: { structuredContent: { city: 'Milan' } } } },
        { name: 'tool-error diagnostic', tool: 'get_alerts', arguments: { state: 'CA' }, expect: { isError: true, noDiagnostics: 'info' } },
      ],
    });
    const { result } = await run(t, text);
    const checks = Object.fromEntries(result.tests.map((t) => [t.name, t.failures.map((f) => f.check)]));
    assert.deepEqual(checks, {
      'wrong isError': ['isError'],
      'expected failure': ['isError'],
      text: ['text', 'text'],
      subset: ['result'],
      'tool-error diagnostic': ['diagnostics'],
    });
    assert.match(result.tests.find((t) => t.name === 'tool-error diagnostic')!.failures[0].message, /tool-error \(info\)/);
  });

  test(`${t.name}: a JSON-RPC error never passes, even when a tool failure was expected`, async () => {
    const text = JSON.stringify({ command: ['node', '../servers/legacy-basic.mjs'], tests: [{ name: 'unknown tool', tool: 'no_such_tool', expect: { isError: true } }] });
    const { result } = await run(t, text);
    assert.deepEqual(result.tests[0].failures.map((f) => f.check), ['call']);
    assert.match(result.tests[0].failures[0].message, /^the request never reached the tool: -32602 Unknown tool: no_such_tool/);
  });

  test(`${t.name}: structuredContent is always checked against the outputSchema, with the schema and the value as the two sides`, async () => {
    const text = JSON.stringify({ command: ['node', '../servers/faults/output-schema-mismatch.mjs'], tests: [{ name: 'out', tool: 'weather', arguments: { city: 'Rome' } }] });
    const { result } = await run(t, text);
    const [failure] = result.tests[0].failures;
    assert.equal(result.tests[0].failures.length, 1);
    assert.equal(failure.check, 'outputSchema');
    assert.match(failure.message, /^structuredContent does not match the tool's outputSchema: "temperature" must be number/);
    assert.match(failure.actual!, /"temperature": "21°C"/);
  });

  test(`${t.name}: updating snapshots rewrites only the snapshot, keeps comments, and the file then passes`, async () => {
    const { file, result } = await run(t, TEXT, { WEATHER_VARIANT: 'warmer' });
    const results = new Map(result.tests.map((t) => [t.name, t.result]));
    const updated = writeSnapshots(TEXT, snapshotUpdates(file.tests, results));
    assert.match(updated, /^\/\/ Saved calls against/);
    assert.match(updated, /"text": "Sunny in Oslo, 23°C"/);
    assert.doesNotMatch(updated, /Sunny in Paris/, 'tests without a snapshot get none');
    const again = await run(t, updated, { WEATHER_VARIANT: 'warmer' });
    assert.deepEqual(again.result.tests.map((t) => t.status), ['passed', 'passed', 'passed']);
  });
}

test('a file with mistakes: each is reported at its line, the good tests still load', () => {
  const text = '{\n  "command": ["node", "s.js"],\n  "tests": [\n    { "name": "ok", "tool": "t" },\n    { "tool": "t" },\n    { "name": "ok", "tool": "t" },\n    { "name": "x", "tool": "t", "expect": { "text": { "matches": "(" } } }\n  ]\n}';
  const file = parseTestFile('/x.mcptest.json', text);
  assert.deepEqual(file.tests.map((t) => t.name), ['ok']);
  assert.deepEqual(
    file.problems.map((p) => [p.line, p.message.replace(/:.*?regular expression:.*/, ': bad regex')]),
    [
      [5, 'tests[1]: "name" is required'],
      [6, 'tests[2]: the name "ok" is used twice in this file'],
      [7, 'tests[3]: bad regex'],
    ],
  );
  assert.equal(parseTestFile('/x.mcptest.json', '{"tests": []}').problems[0].message.startsWith('say which server to test'), true);
});

test('Save as test: a new file, a second call appended with a unique name, the same call again updates its snapshot', () => {
  const call = { server: 'weather', tool: 'get_forecast', arguments: { city: 'Paris' }, result: { content: [{ type: 'text', text: 'Sunny' }], _meta: { t: 1 } } };
  const first = saveCall(undefined, '/w.mcptest.json', call);
  assert.equal(first.updated, false);
  assert.equal(first.name, 'get_forecast');
  const parsed = parseTestFile('/w.mcptest.json', first.text);
  assert.deepEqual(parsed.problems, []);
  assert.deepEqual(plain(parsed.server), { name: 'weather' });
  assert.deepEqual(plain(parsed.tests[0].expect), { isError: false, snapshot: { content: [{ type: 'text', text: 'Sunny' }] } });
  assert.equal(first.line, parsed.tests[0].line);

  const second = saveCall(`// mine\n${first.text}`, '/w.mcptest.json', { ...call, arguments: { city: 'Oslo' }, result: { content: [], isError: true } });
  assert.equal(second.name, 'get_forecast 2');
  assert.match(second.text, /^\/\/ mine\n/);
  const both = parseTestFile('/w.mcptest.json', second.text).tests;
  assert.deepEqual(both.map((t) => [t.name, t.expect.isError]), [['get_forecast', false], ['get_forecast 2', true]]);
  assert.equal(second.line, both[1].line);

  const again = saveCall(second.text, '/w.mcptest.json', { ...call, result: { content: [{ type: 'text', text: 'Rain' }] } });
  assert.equal(again.updated, true);
  assert.equal(again.name, 'get_forecast');
  const tests = parseTestFile('/w.mcptest.json', again.text).tests;
  assert.equal(tests.length, 2);
  assert.deepEqual(plain(tests[0].expect.snapshot), { content: [{ type: 'text', text: 'Rain' }] });
});

/** jsonc-parser builds objects without a prototype; compare their JSON. */
function plain(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}
