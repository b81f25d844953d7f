// The session's list_changed stream on 2026-07-28 (core/session/listChanges.ts) against a real
// child-process server (modern-list-changes.mjs) that sends notifications/tools/list_changed
// only on streams that opted in, always before the tools/call result that changed the list.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { McpClient } from '../../../src/core/session/client';
import { META_SUBSCRIPTION_ID } from '../../../src/core/session/listen';
import { ListChangeStream, listChangedFilter } from '../../../src/core/session/listChanges';
import type { TraceEvent } from '../../../src/core/trace/event';
import { fixture, waitForEvent } from '../transport/helpers';

type Msg = { id?: number; method?: string; params?: Record<string, unknown> };
const msgOf = (e: TraceEvent) => (e.msg ?? {}) as Msg;
const sent = (client: McpClient, method: string) => client.trace.events.filter((e) => e.dir === 'c2s' && msgOf(e).method === method);
const received = (client: McpClient, method: string) => client.trace.events.filter((e) => e.dir === 's2c' && msgOf(e).method === method);

async function connected(env?: Record<string, string>): Promise<McpClient> {
  const client = new McpClient({ ...fixture('modern-list-changes.mjs'), ...(env ? { env } : {}) }, { requestTimeoutMs: 5000 });
  await client.connect();
  return client;
}

test('the filter opts in to exactly the lists whose capability declares listChanged', () => {
  assert.deepEqual(listChangedFilter({ tools: { listChanged: true }, prompts: { listChanged: true }, resources: { subscribe: true } }), { toolsListChanged: true, promptsListChanged: true });
  assert.deepEqual(listChangedFilter({ resources: { listChanged: true, subscribe: true } }), { resourcesListChanged: true });
  assert.deepEqual(listChangedFilter({ tools: { listChanged: false }, prompts: { listChanged: 'yes' }, resources: {} }), undefined);
  assert.equal(listChangedFilter({}), undefined);
});

test('a modern session opens one stream with the declared filter; an added tool sends tools/list_changed on it', async (t) => {
  const client = await connected();
  t.after(() => client.close());
  const said: string[] = [];
  const listening = ListChangeStream.start(client, (line) => said.push(line));
  assert.ok(listening, 'the server declares tools.listChanged and prompts.listChanged');
  const stream = await listening.opened;
  assert.ok(stream);
  const [request] = sent(client, 'subscriptions/listen');
  assert.deepEqual(msgOf(request).params?.notifications, { toolsListChanged: true, promptsListChanged: true });
  assert.deepEqual(stream.acknowledged, { toolsListChanged: true, promptsListChanged: true });
  assert.deepEqual(said, [], 'everything asked for was granted');

  const result = await client.callTool('add-greet', {});
  assert.match(JSON.stringify(result.content), /1 stream\(s\) notified/);
  const changed = received(client, 'notifications/tools/list_changed');
  assert.equal(changed.length, 1);
  assert.equal((msgOf(changed[0]).params?._meta as Record<string, unknown>)[META_SUBSCRIPTION_ID], stream.id);
  assert.deepEqual((await client.listAll('tools/list')).map((tool) => tool.name), ['echo', 'greet', 'end-streams']);
});

test('no list_changed without opt-in: none with no stream, none on a stream that asked only for prompts', async (t) => {
  const bare = await connected();
  t.after(() => bare.close());
  assert.match(JSON.stringify((await bare.callTool('add-greet', {})).content), /0 stream\(s\) notified/);
  // The fixture writes any list_changed before the result, so the trace holds it by now if it came.
  assert.deepEqual(received(bare, 'notifications/tools/list_changed'), []);

  const promptsOnly = await connected();
  t.after(() => promptsOnly.close());
  const stream = await promptsOnly.listen({ promptsListChanged: true });
  assert.deepEqual(stream.acknowledged, { promptsListChanged: true });
  assert.match(JSON.stringify((await promptsOnly.callTool('add-greet', {})).content), /0 stream\(s\) notified/);
  assert.deepEqual(received(promptsOnly, 'notifications/tools/list_changed'), []);
});

test('a server that refuses listen (-32601): said once, not retried, the session goes on', async (t) => {
  const client = await connected({ MODERN_LISTS_REFUSE_LISTEN: '1' });
  t.after(() => client.close());
  const said: string[] = [];
  const listening = ListChangeStream.start(client, (line) => said.push(line));
  assert.equal(await listening?.opened, undefined);
  assert.equal(said.length, 1, said.join('\n'));
  assert.match(said[0], /failed \(-32601 Method not found: subscriptions\/listen\)/);
  // Something else runs after the refusal: a retry would have been written by then.
  assert.deepEqual((await client.listAll('tools/list')).map((tool) => tool.name), ['echo', 'add-greet', 'end-streams']);
  assert.equal(sent(client, 'subscriptions/listen').length, 1);
  assert.equal(said.length, 1);
});

test('the server ends the stream: said once, not reopened', async (t) => {
  const client = await connected();
  t.after(() => client.close());
  const said: string[] = [];
  const stream = await ListChangeStream.start(client, (line) => said.push(line))?.opened;
  assert.ok(stream);
  assert.match(JSON.stringify((await client.callTool('end-streams', {})).content), /1 stream\(s\) ended/);
  assert.equal(stream.ended?.by, 'server');
  assert.deepEqual(said, ['the server ended the list_changed stream with notifications/cancelled: The server is ending its streams; it is not reopened until the server restarts']);
  await client.listAll('tools/list');
  assert.equal(sent(client, 'subscriptions/listen').length, 1);
});

test('closed before its acknowledgement (a stop while starting): the stream is cancelled once acknowledged, nothing said', async (t) => {
  const client = await connected();
  t.after(() => client.close());
  const said: string[] = [];
  const listening = ListChangeStream.start(client, (line) => said.push(line));
  listening?.close('MCP Lens is stopping the server');
  assert.equal(await listening?.opened, undefined);
  const [request] = sent(client, 'subscriptions/listen');
  const cancel = await waitForEvent(client.trace, (e) => e.dir === 'c2s' && msgOf(e).method === 'notifications/cancelled', 'the cancellation');
  assert.equal(msgOf(cancel).params?.requestId, msgOf(request).id);
  assert.deepEqual(said, []);
});

test('no stream where none is needed: a legacy session (its list_changed needs no opt-in), a modern one declaring no listChanged', async (t) => {
  const legacy = new McpClient(fixture('sdk-v1-list-changes.mjs'));
  t.after(() => legacy.close());
  await legacy.connect();
  assert.equal(legacy.info?.era, 'legacy');
  assert.equal(ListChangeStream.start(legacy, () => undefined), undefined);

  const modern = new McpClient(fixture('modern-subscriptions.mjs'));
  t.after(() => modern.close());
  await modern.connect();
  assert.equal(modern.info?.era, 'modern');
  assert.equal(ListChangeStream.start(modern, () => undefined), undefined);
  assert.deepEqual(sent(modern, 'subscriptions/listen'), []);
});

test('the connection ends an open stream: the trace says so (an abrupt close carries no response)', async () => {
  const client = await connected();
  const stream = await ListChangeStream.start(client, () => undefined)?.opened;
  assert.ok(stream);
  await client.close();
  const note = client.trace.events.find((e) => e.dir === 'meta' && e.kind === 'note' && e.info?.id === stream.id);
  assert.equal(note?.info?.streamEnded, 'the client closed the connection');
});
