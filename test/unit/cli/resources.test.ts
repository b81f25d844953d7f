import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { realpathSync } from 'node:fs';
import { buildCli, FIXTURES, NODE, ROOT, runCli } from './helpers';
import { HTTP } from '../transport/transports';

// read with a template and --var, prompt with --arg, complete: against server-everything
// (2025-11-25) and the v2-SDK fixture (2026-07-28).
const EVERYTHING = [`${ROOT}node_modules/.bin/mcp-server-everything`, 'stdio'];
const V2 = [NODE, `${FIXTURES}sdk-v2-resources.mjs`];

before(buildCli);

test('read TEMPLATE --var: the RFC 6570 template is expanded, the contents printed', async () => {
  const run = await runCli(['read', 'weather://{city}/now{?units}', '--var', 'city=Oslo', '--var', 'units=imperial', '--', ...V2]);
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(JSON.parse(run.stdout), { city: 'Oslo', units: 'imperial', temperature: 21 });
});

test('read --json puts the expanded read under result', async () => {
  const run = await runCli(['read', 'demo://resource/dynamic/text/{resourceId}', '--var', 'resourceId=4', '--json', '--', ...EVERYTHING]);
  assert.equal(run.code, 0, run.stderr);
  const report = JSON.parse(run.stdout) as { result: { contents: { uri: string; text: string }[] } };
  assert.equal(report.result.contents[0]?.uri, 'demo://resource/dynamic/text/4');
  assert.match(report.result.contents[0]?.text ?? '', /^Resource 4:/);
});

test('read: a --var the template does not have, or a malformed template, is a usage error', async () => {
  const unknown = await runCli(['read', 'weather://{city}/now', '--var', 'town=x', '--', ...V2]);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /has no variable town \(it has: city\)/);
  const malformed = await runCli(['read', 'weather://{city', '--', ...V2]);
  assert.equal(malformed.code, 2);
  assert.match(malformed.stderr, /not a valid RFC 6570 template/);
});

test('read: not found from a 2026-07-28 server is -32602, explained as such; exit 1', async () => {
  const run = await runCli(['read', 'nothing://here', '--', ...V2]);
  assert.equal(run.code, 1);
  assert.match(run.stderr, /-32602 is how a 2026-07-28 server says "resource not found"/);
});

test('prompt --arg: the arguments by name, the messages under their roles', async () => {
  const run = await runCli(['prompt', 'trip', '--arg', 'city=Oslo', '--arg', 'days=2', '--', ...V2]);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /user:\nPlan 2 days in Oslo\./);
  assert.match(run.stdout, /assistant:\n\[image image\/png/);
});

test('complete --prompt with --context: the values that depend on the other argument', async () => {
  const run = await runCli(['complete', '--prompt', 'completable-prompt', 'name', '--context', 'department=Sales', '--', ...EVERYTHING]);
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(run.stdout.trim().split('\n'), ['David', 'Eve', 'Frank']);
});

test('complete --url: the same completions from server-everything over Streamable HTTP; --token reaches it', async () => {
  const server = await HTTP.server(realpathSync(EVERYTHING[0]!), { args: ['stdio'], require: ['Authorization: Bearer cmp-tok'] });
  const run = await runCli(['complete', '--prompt', 'completable-prompt', 'name', '--context', 'department=Sales', '--token', 'cmp-tok', ...server]);
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(run.stdout.trim().split('\n'), ['David', 'Eve', 'Frank']);
  const refused = await runCli(['complete', '--prompt', 'completable-prompt', 'name', ...server]);
  assert.equal(refused.code, 1);
  assert.match(refused.stderr, /missing or wrong authorization header/);
});

test('complete --template in 2026-07-28: one value a line; --json has the completion under result', async () => {
  const run = await runCli(['complete', '--template', 'weather://{city}/now{?units}', 'city', '--value', 'Os', '--', ...V2]);
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(run.stdout.trim().split('\n'), ['Oslo', 'Osaka']);
  const json = await runCli(['complete', '--template', 'weather://{city}/now{?units}', 'units', '--json', '--', ...V2]);
  assert.deepEqual((JSON.parse(json.stdout) as { result: { completion: { values: string[] } } }).result.completion.values, ['metric', 'imperial']);
});

test('complete: exactly one of --prompt and --template', async () => {
  const neither = await runCli(['complete', 'city', '--', ...V2]);
  assert.equal(neither.code, 2);
  assert.match(neither.stderr, /either --prompt NAME or --template/);
});
