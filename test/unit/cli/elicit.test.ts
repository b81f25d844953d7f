import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { parseCli } from '../../../src/cli/args';
import { UsageError } from '../../../src/cli/usage';
import { elicitResult, withDefaults } from '../../../src/core/session/elicitation';
import { startHttpFixture, type HttpFixture } from '../transport/httpHelpers';
import { buildCli, report, runCli } from './helpers';

/** One server per fixture for the file (each CLI run is a session of its own), started with the CLI's build on first use. */
const servers = new Map<string, Promise<HttpFixture>>();
function serve(fixture: string): Promise<HttpFixture> {
  if (!servers.has(fixture)) servers.set(fixture, Promise.all([startHttpFixture(fixture), buildCli()]).then(([server]) => server));
  return servers.get(fixture)!;
}
after(() => Promise.all([...servers.values()].map(async (server) => (await server).stop())));

const FORM = { type: 'object', properties: { name: { type: 'string', default: 'Ada' }, age: { type: 'integer' }, ok: { type: 'boolean', default: true } } };

test('SEP-1034: accepting fills each field the answer leaves out with its default', () => {
  assert.deepEqual(withDefaults(FORM), { name: 'Ada', ok: true });
  assert.deepEqual(withDefaults(FORM, { name: 'Grace', age: 36 }), { name: 'Grace', ok: true, age: 36 });
  assert.deepEqual(elicitResult({ action: 'accept' }, { requestedSchema: FORM }), { action: 'accept', content: { name: 'Ada', ok: true } });
  assert.deepEqual(elicitResult({ action: 'decline' }, { requestedSchema: FORM }), { action: 'decline' });
});

test('--elicit takes accept, accept:JSON, decline and cancel, in order', () => {
  const args = parseCli(['call', 't', '--elicit', 'accept', '--elicit', 'accept:{"a":1}', '--elicit', 'decline', '--elicit', 'cancel', '--', 'node', 's.js']);
  assert.equal(args.name, 'call');
  if (args.name === 'call') assert.deepEqual(args.elicit, [{ action: 'accept' }, { action: 'accept', content: { a: 1 } }, { action: 'decline' }, { action: 'cancel' }]);
  for (const [value, words] of [
    ['maybe', /--elicit takes accept, accept:JSON, decline or cancel/],
    ['accept:{oops', /invalid JSON/],
    ['accept:[1]', /JSON object of form fields/],
  ] as const) {
    assert.throws(() => parseCli(['call', 't', '--elicit', value, '--', 'node']), (err: unknown) => err instanceof UsageError && words.test(err.message));
  }
});

test('legacy (SDK v1 elicitInput): call --elicit accept answers the form with its defaults; the capability is declared', async () => {
  const server = await serve('sdk-v1-elicit-http.mjs');
  const run = await runCli(['call', 'signup', '--elicit', 'accept:{"plan":"pro"}', '--json', '--url', server.url]);
  assert.equal(run.code, 0, run.stderr);
  const r = report(run);
  assert.deepEqual(JSON.parse(r.result.content[0].text), { action: 'accept', content: { name: 'Ada', plan: 'pro', seats: 1 } });
  const init = r.events.find((e: any) => e.msg?.method === 'initialize');
  assert.deepEqual(init.msg.params.capabilities.elicitation, { form: {}, url: {} });
  assert.match(run.stderr, /elicitation: "Your details" → accept \{"name":"Ada","plan":"pro","seats":1\}/);
});

test('legacy: without --elicit and without a terminal the form is declined, naming the flag', async () => {
  const server = await serve('sdk-v1-elicit-http.mjs');
  const run = await runCli(['call', 'signup', '--json', '--url', server.url]);
  const r = report(run);
  assert.deepEqual(JSON.parse(r.result.content[0].text), { action: 'decline' });
  assert.match(run.stderr, /→ decline \(stdin is not a terminal: answer with --elicit accept:JSON, decline or cancel\)/);
});

test('2026-07-28 multi-round-trip: inputResponses keyed as asked, requestState echoed exactly, a new id for the retry', async () => {
  const server = await serve('mrtr-confirm.mjs');
  const run = await runCli(['call', 'deploy', '--elicit', 'accept:{"sure":true}', '--json', '--url', server.url]);
  assert.equal(run.code, 0, run.stderr);
  const r = report(run);
  assert.deepEqual(JSON.parse(r.result.content[0].text), { echoed: true, inputResponses: { confirm: { action: 'accept', content: { sure: true, note: 'none' } } } });
  const calls = r.events.filter((e: any) => e.dir === 'c2s' && e.msg?.method === 'tools/call').map((e: any) => e.msg);
  assert.equal(calls.length, 2);
  assert.notEqual(calls[0].id, calls[1].id);
  assert.equal(calls[0].params.inputResponses, undefined);
  assert.equal(calls[1].params.requestState, 'opaque-Ω-{"n":1}');
  assert.deepEqual(calls[1].params._meta['io.modelcontextprotocol/clientCapabilities'].elicitation, { form: {}, url: {} });
});

test('2026-07-28: without --elicit and without a terminal the input request is declined; --json lists the round', async () => {
  const server = await serve('mrtr-confirm.mjs');
  const run = await runCli(['call', 'deploy', '--json', '--url', server.url]);
  assert.equal(run.code, 0, run.stderr);
  const r = report(run);
  assert.deepEqual(JSON.parse(r.result.content[0].text).inputResponses, { confirm: { action: 'decline' } });
  assert.deepEqual(
    r.inputRounds.map((x: any) => [x.era, x.request, x.round, x.key, x.method, x.result]),
    [['modern', 'tools/call', 1, 'confirm', 'elicitation/create', { action: 'decline' }]],
  );
  assert.match(run.stderr, /--elicit accept:JSON, decline or cancel/);
});
