import { test } from 'node:test';
import assert from 'node:assert/strict';
import { McpClient, ProtocolError, RefusedAskError, UnansweredInputError, type InputRound } from '../../../src/core/session/client';
import { diagnose } from '../../../src/core/diagnose/engine';
import type { TraceEvent } from '../../../src/core/trace/event';
import { fixture, waitForEvent } from '../transport/helpers';

const method = (e: TraceEvent) => (e.msg as { method?: string } | undefined)?.method;
const ROOTS = [{ uri: 'file:///work/app', name: 'app' }];
const reply = { role: 'assistant', content: { type: 'text', text: 'MCP Lens is a debugger.' }, model: 'by-hand', stopReason: 'endTurn' };

type Options = ConstructorParameters<typeof McpClient>[1];

async function connected(name: string, options: Options): Promise<{ client: McpClient; rounds: InputRound[] }> {
  const client = new McpClient(fixture(name), options);
  const rounds: InputRound[] = [];
  client.onInputRound((r) => rounds.push(r));
  await client.connect();
  return { client, rounds };
}

async function text(client: McpClient, tool: string): Promise<unknown> {
  return JSON.parse(((await client.callTool(tool, {})).content as { text: string }[])[0]!.text);
}

const everything: Options = {
  roots: ROOTS,
  elicit: async (p) => (p.mode === 'url' ? { action: 'accept' } : { action: 'accept', content: { name: 'Grace' } }),
  elicitUrl: true,
  sample: async () => reply,
};

test('legacy (SDK v1): form and URL elicitation, sampling and roots answered; capabilities declared from the answerers', async (t) => {
  const { client, rounds } = await connected('sdk-v1-asks.mjs', everything);
  t.after(() => client.close());
  const init = client.trace.events.find((e) => method(e) === 'initialize')!;
  assert.deepEqual((init.msg as { params?: { capabilities?: unknown } }).params?.capabilities, {
    extensions: { 'io.modelcontextprotocol/skills': {} },
    roots: { listChanged: true },
    sampling: {},
    elicitation: { form: {}, url: {} },
  });
  assert.deepEqual(await text(client, 'signup'), { action: 'accept', content: { name: 'Grace' } });
  assert.deepEqual(await text(client, 'authorize'), { action: 'accept' });
  await waitForEvent(client.trace, (e) => method(e) === 'notifications/elicitation/complete', 'elicitation/complete');
  assert.deepEqual(await text(client, 'summarize'), { model: 'by-hand', role: 'assistant', content: reply.content, stopReason: 'endTurn' });
  assert.deepEqual(await text(client, 'where'), { roots: ROOTS });
  assert.deepEqual(
    rounds.map((r) => [r.era, r.method, r.result !== undefined]),
    [
      ['legacy', 'elicitation/create', true],
      ['legacy', 'elicitation/create', true],
      ['legacy', 'sampling/createMessage', true],
      ['legacy', 'roots/list', true],
    ],
  );
  assert.deepEqual(diagnose(client.trace.events).filter((d) => d.severity === 'error'), []);
});

test('legacy: setRoots sends notifications/roots/list_changed and roots/list then returns the new roots', async (t) => {
  const { client } = await connected('sdk-v1-asks.mjs', { roots: ROOTS });
  t.after(() => client.close());
  await client.setRoots([{ uri: 'file:///other', name: 'other' }]);
  assert.deepEqual(await text(client, 'roots-changes'), { rootsChanges: 1 });
  assert.deepEqual(await text(client, 'where'), { roots: [{ uri: 'file:///other', name: 'other' }] });
});

test('legacy: a refused sampling request is the -1 error; only sampling is declared when only sampling can be answered', async (t) => {
  const { client } = await connected('sdk-v1-asks.mjs', {
    sample: async () => {
      throw new RefusedAskError('The user refused the sampling request');
    },
  });
  t.after(() => client.close());
  const init = client.trace.events.find((e) => method(e) === 'initialize')!;
  assert.deepEqual((init.msg as { params?: { capabilities?: unknown } }).params?.capabilities, { extensions: { 'io.modelcontextprotocol/skills': {} }, sampling: {} });
  const refused = await client.callTool('summarize', {});
  assert.equal(refused.isError, true);
  const answer = client.trace.events.find((e) => e.dir === 'c2s' && (e.msg as { error?: { code: number } } | undefined)?.error?.code === -1);
  assert.match(JSON.stringify(answer?.msg), /refused the sampling request/);
  // The SDK itself checks the client's capabilities before asking for roots or a form.
  assert.equal((await client.callTool('where', {})).isError, true);
});

test('2026-07-28 (SDK v2): elicitation, sampling and roots inside input_required rounds, state carried across two rounds', async (t) => {
  const { client, rounds } = await connected('sdk-v2-asks.mjs', {
    ...everything,
    elicit: async (p) => ({ action: 'accept', content: (p.requestedSchema as { properties: object }).properties.hasOwnProperty('name') ? { name: 'Ada' } : { sure: true } }),
  });
  t.after(() => client.close());
  assert.deepEqual(await text(client, 'confirm'), { kind: 'elicit', action: 'accept', content: { sure: true } });
  assert.deepEqual(await text(client, 'summarize'), reply);
  assert.deepEqual(await text(client, 'where'), ROOTS);
  assert.deepEqual(await text(client, 'two-step'), { state: { name: 'Ada' }, greeting: reply.content });
  const twoStep = rounds.slice(-2).map((r) => [r.request, r.round, r.key, r.method]);
  assert.deepEqual(twoStep, [
    ['tools/call', 1, 'name', 'elicitation/create'],
    ['tools/call', 2, 'greet', 'sampling/createMessage'],
  ]);
  const discover = client.trace.events.find((e) => method(e) === 'server/discover')!;
  const caps = (discover.msg as unknown as { params: { _meta: Record<string, unknown> } }).params._meta['io.modelcontextprotocol/clientCapabilities'];
  assert.deepEqual(caps, { extensions: { 'io.modelcontextprotocol/skills': {} }, roots: {}, sampling: {}, elicitation: { form: {}, url: {} } });
});

test('2026-07-28: the same question round after round stops the call and is diagnosed input-repeated', async (t) => {
  const { client, rounds } = await connected('sdk-v2-asks.mjs', { elicit: async () => ({ action: 'accept', content: { sure: true } }) });
  t.after(() => client.close());
  await assert.rejects(client.callTool('nag', {}), (err: unknown) => err instanceof UnansweredInputError && /same thing 3 rounds in a row/.test(err.message));
  assert.equal(rounds.length, 2);
  const [d] = diagnose(client.trace.events).filter((x) => x.rule === 'input-repeated');
  assert.match(d!.message, /3 rounds in a row for tools\/call/);
});

test('2026-07-28: a client that declared no elicitation is refused with -32021, diagnosed missing-client-capability', async (t) => {
  const { client } = await connected('sdk-v2-asks.mjs', {});
  t.after(() => client.close());
  await assert.rejects(client.callTool('confirm', {}), (err: unknown) => err instanceof ProtocolError && err.code === -32021);
  const [d] = diagnose(client.trace.events).filter((x) => x.rule === 'missing-client-capability');
  assert.match(d!.message, /"elicitation"/);
  assert.match(d!.hint, /--elicit/);
});
