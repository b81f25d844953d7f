/**
 * Templates, completions, reads and subscriptions against real servers: the published
 * server-everything (2025-era, built on the v1 SDK) and a v2-SDK fixture spoken to in 2026-07-28.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { McpClient, ProtocolError } from '../../../src/core/session/client';
import { complete, offersCompletions } from '../../../src/core/resources/completion';
import { resourceParts } from '../../../src/core/resources/contents';
import { explainReadFailure } from '../../../src/core/resources/readFailure';
import { canSubscribe } from '../../../src/core/resources/subscriptions';
import { parseUriTemplate } from '../../../src/core/resources/uriTemplate';

const ROOT = path.join(import.meta.dirname, '../../..');
const EVERYTHING = { command: path.join(ROOT, 'node_modules/.bin/mcp-server-everything'), args: ['stdio'] };
const V2 = { command: process.execPath, args: [path.join(ROOT, 'test/fixtures/servers/sdk-v2-resources.mjs')] };

async function connected(t: { after(fn: () => unknown): void }, spec: typeof V2): Promise<McpClient> {
  const client = new McpClient(spec);
  t.after(() => client.close());
  await client.connect();
  return client;
}

const ask = (client: McpClient) => (method: string, params: Record<string, unknown>) => client.request(method, params);

test('server-everything (2025-11-25): a template expanded and read, its variable and a prompt argument completed with context', async (t) => {
  const client = await connected(t, EVERYTHING);
  assert.equal(client.info?.era, 'legacy');
  assert.ok(offersCompletions(client.info?.capabilities));
  const templates = await client.listAll('resources/templates/list');
  const text = templates.find((x) => String(x.uriTemplate).includes('/text/'));
  assert.ok(text, 'a text template is listed');
  const parsed = parseUriTemplate(String(text.uriTemplate));
  assert.deepEqual(parsed.variables.map((v) => v.name), ['resourceId']);
  const suggested = await complete(ask(client), { ref: { type: 'ref/resource', uri: String(text.uriTemplate) }, argument: { name: 'resourceId', value: '7' } });
  assert.deepEqual(suggested.values, ['7']);
  const uri = parsed.expand({ resourceId: '7' });
  const parts = resourceParts(await client.request('resources/read', { uri }));
  assert.equal(parts[0]?.kind, 'text');
  assert.match(parts[0]!.kind === 'text' ? parts[0]!.text : '', /^Resource 7:/);
  const names = await complete(ask(client), { ref: { type: 'ref/prompt', name: 'completable-prompt' }, argument: { name: 'name', value: '' }, context: { department: 'Sales' } });
  assert.deepEqual(names.values, ['David', 'Eve', 'Frank']);
  const none = await complete(ask(client), { ref: { type: 'ref/prompt', name: 'completable-prompt' }, argument: { name: 'name', value: '' } });
  assert.deepEqual(none.values, [], 'without the department in context there is nothing to suggest');
});

test('2026-07-28 (v2 SDK fixture): completions of a level-3 template, a JSON read, and not-found answered -32602', async (t) => {
  const client = await connected(t, V2);
  assert.equal(client.info?.era, 'modern');
  const template = 'weather://{city}/now{?units}';
  assert.deepEqual((await complete(ask(client), { ref: { type: 'ref/resource', uri: template }, argument: { name: 'city', value: 'o' } })).values, ['Oslo', 'Osaka', 'Ottawa']);
  assert.deepEqual((await complete(ask(client), { ref: { type: 'ref/prompt', name: 'trip' }, argument: { name: 'days', value: '' }, context: { city: 'Oslo' } })).values, ['2', '3']);
  const uri = parseUriTemplate(template).expand({ city: 'Oslo', units: 'imperial' });
  assert.equal(uri, 'weather://Oslo/now?units=imperial');
  const [part] = resourceParts(await client.request('resources/read', { uri }));
  assert.equal(part?.kind === 'text' && part.languageId, 'json');
  assert.equal(JSON.parse(part?.kind === 'text' ? part.text : '{}').units, 'imperial');
  const error = await client.request('resources/read', { uri: 'nothing://here' }).then(() => undefined, (e: unknown) => e);
  assert.ok(error instanceof ProtocolError);
  assert.equal(error.code, -32602);
  assert.equal(explainReadFailure(error.code, 'modern', 'nothing://here').kind, 'not-found');
  assert.equal(canSubscribe(client.info), false, 'resources/subscribe is gone in 2026-07-28');
});

test('server-everything: subscribe, notifications/resources/updated for the subscribed URI, unsubscribe', async (t) => {
  const client = await connected(t, EVERYTHING);
  assert.ok(canSubscribe(client.info));
  const uri = 'demo://resource/dynamic/text/1';
  const updated = new Promise<string>((resolve) => {
    client.onNotification((e) => {
      const msg = e.msg as { method?: string; params?: { uri?: string } };
      if (msg.method === 'notifications/resources/updated' && msg.params?.uri) resolve(msg.params.uri);
    });
  });
  await client.request('resources/subscribe', { uri });
  await client.callTool('toggle-subscriber-updates', {});
  assert.equal(await updated, uri);
  await client.request('resources/unsubscribe', { uri });
});
