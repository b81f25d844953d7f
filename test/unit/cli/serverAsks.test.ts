import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { parseCli } from '../../../src/cli/args';
import { typedValue } from '../../../src/cli/commands/terminalForm';
import { samplingLines } from '../../../src/cli/commands/terminalSample';
import { buildCli, FIXTURES, NODE, report, ROOT, runCli } from './helpers';

const v1 = ['--', NODE, `${FIXTURES}sdk-v1-asks.mjs`];
const v2 = ['--', NODE, `${FIXTURES}sdk-v2-asks.mjs`];
const firstText = (r: any) => JSON.parse(r.result.content[0].text);

test('--sample and --root are repeatable and kept in order', () => {
  const args = parseCli(['call', 't', '--sample', 'one', '--sample', 'two', '--root', '/a', '--root', 'b', '--', 'node', 's.js']);
  assert.equal(args.name, 'call');
  if (args.name === 'call') {
    assert.deepEqual(args.sample, ['one', 'two']);
    assert.deepEqual(args.roots, ['/a', 'b']);
  }
});

test('legacy (SDK v1): --sample is the model reply and --json lists the round', async () => {
  await buildCli();
  const run = await runCli(['call', 'summarize', '--sample', 'A debugger for MCP.', '--json', ...v1]);
  assert.equal(run.code, 0, run.stderr);
  const r = report(run);
  assert.deepEqual(firstText(r).content, { type: 'text', text: 'A debugger for MCP.' });
  assert.equal(r.inputRounds.length, 1);
  assert.equal(r.inputRounds[0].method, 'sampling/createMessage');
  assert.equal(r.inputRounds[0].params.systemPrompt, 'You summarize.');
});

test('legacy: without --sample and without a terminal sampling is refused, naming the flag', async () => {
  await buildCli();
  const run = await runCli(['call', 'summarize', '--json', ...v1]);
  const r = report(run);
  assert.equal(r.result.isError, true);
  assert.match(run.stderr, /sampling: refused \(stdin is not a terminal: give the model's reply with --sample TEXT\)/);
  assert.match(r.inputRounds[0].error, /--sample TEXT/);
});

test('roots: --root directories as file:// URIs, the working directory by default (both eras)', async () => {
  await buildCli();
  const given = report(await runCli(['call', 'where', '--root', '/tmp', '--json', ...v1]));
  assert.deepEqual(firstText(given), { roots: [{ uri: 'file:///tmp', name: 'tmp' }] });
  const byDefault = report(await runCli(['call', 'where', '--json', ...v2]));
  assert.deepEqual(firstText(byDefault), [{ uri: pathToFileURL(ROOT.replace(/\/$/, '')).href, name: ROOT.replace(/\/$/, '').split('/').pop() }]);
});

test('legacy URL elicitation: the URL and its domain are shown, never opened; --elicit accept completes it', async () => {
  await buildCli();
  const run = await runCli(['call', 'authorize', '--elicit', 'accept', '--json', ...v1]);
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(firstText(report(run)), { action: 'accept' });
  assert.match(run.stderr, /visit https:\/\/auth\.example\.com\/approve\?x=1 \(domain auth\.example\.com\)/);
});

test('2026-07-28 (SDK v2): two rounds answered from --elicit then --sample', async () => {
  await buildCli();
  const run = await runCli(['call', 'two-step', '--elicit', 'accept:{"name":"Ada"}', '--sample', 'Hello Ada', '--json', ...v2]);
  assert.equal(run.code, 0, run.stderr);
  const r = report(run);
  assert.deepEqual(firstText(r), { state: { name: 'Ada' }, greeting: { type: 'text', text: 'Hello Ada' } });
  assert.deepEqual(
    r.inputRounds.map((x: any) => [x.round, x.method]),
    [
      [1, 'elicitation/create'],
      [2, 'sampling/createMessage'],
    ],
  );
});

test('an --elicit answer that does not fit the form fails the call, naming the field', async () => {
  await buildCli();
  const run = await runCli(['call', 'two-step', '--elicit', 'accept:{"name":7}', ...v2]);
  assert.equal(run.code, 1);
  assert.match(run.stderr, /the --elicit answer does not fit the form: "name" must be text/);
});

test('the terminal reads typed fields as the form types them and shows what the model is asked', () => {
  assert.equal(typedValue({ type: 'boolean' }, 'yes'), true);
  assert.equal(typedValue({ type: 'integer' }, ' 3 '), 3);
  assert.equal(typedValue({ type: 'string' }, ''), undefined);
  assert.deepEqual(typedValue({ type: 'array' }, 'a, b'), ['a', 'b']);
  assert.deepEqual(samplingLines({ systemPrompt: 'S', messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 5, tools: [{ name: 'get' }] }), [
    'The server asks the model (sampling/createMessage):',
    '  system: "S"',
    '  user: "hi"',
    '  max tokens: 5',
    '  tools: get',
  ]);
});

test('server-everything: its sampling, form and URL elicitation tools answered from the flags', async () => {
  await buildCli();
  const everything = ['--', NODE, `${ROOT}node_modules/@modelcontextprotocol/server-everything/dist/index.js`, 'stdio'];
  const sampled = await runCli(['call', 'trigger-sampling-request', '--args', '{"prompt":"hi"}', '--sample', 'Hello from the model', ...everything]);
  assert.equal(sampled.code, 0, sampled.stderr);
  assert.match(sampled.stdout, /Hello from the model/);
  const declined = await runCli(['call', 'trigger-elicitation-request', '--elicit', 'decline', ...everything]);
  assert.match(declined.stdout, /"action": "decline"/);
  const url = await runCli(['call', 'trigger-url-elicitation', '--args', '{"url":"https://example.com/connect","message":"Connect"}', '--elicit', 'accept', ...everything]);
  assert.equal(url.code, 0, url.stderr);
  assert.match(url.stderr, /visit https:\/\/example\.com\/connect \(domain example\.com\)/);
  assert.match(url.stdout, /"action": "accept"/);
});
