import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { McpClient, type ListenEnd, type ListenStream } from '../../../src/core/session/client';
import type { TraceEvent } from '../../../src/core/trace/event';
import { startHttpFixture, type HttpFixture } from '../transport/httpHelpers';

let server: HttpFixture;
before(async () => (server = await startHttpFixture('listen-http.mjs')));
after(() => server.stop());

const URI = 'memo://counter';

function nextUpdate(stream: ListenStream): Promise<TraceEvent> {
  return new Promise((resolve) => {
    const sub = stream.onNotification((e) => {
      sub.dispose();
      resolve(e);
    });
  });
}

async function until(what: string, check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
  assert.ok(check(), what);
}

test('Streamable HTTP: the listen POST answers with a stream: acknowledgement, updates on it; closing it is the cancellation (no notifications/cancelled is sent)', async (t) => {
  const client = new McpClient({ url: server.url }, { requestTimeoutMs: 5000 });
  t.after(() => client.close());
  await client.connect();
  const stream = await client.listen({ resourceSubscriptions: [URI] });
  assert.deepEqual(stream.acknowledged, { resourceSubscriptions: [URI] });
  const update = nextUpdate(stream);
  await client.callTool('bump', {});
  const msg = (await update).msg as unknown as { method: string; params: { uri: string; _meta: Record<string, unknown> } };
  assert.equal(msg.method, 'notifications/resources/updated');
  assert.equal(msg.params._meta['io.modelcontextprotocol/subscriptionId'], stream.id);
  stream.close('done');
  await until('the server saw the stream closed', () => server.stderr().includes(`stream ${stream.id} closed by the client`));
  assert.equal(client.trace.events.filter((e) => e.dir === 'c2s' && (e.msg as { method?: string } | undefined)?.method === 'notifications/cancelled').length, 0);
  const after = await client.callTool('bump', {});
  assert.match(JSON.stringify(after), /0 stream\(s\) notified/);
});

test('Streamable HTTP: the server ends the stream with its SubscriptionsListenResult', async (t) => {
  const client = new McpClient({ url: server.url }, { requestTimeoutMs: 5000 });
  t.after(() => client.close());
  await client.connect();
  const stream = await client.listen({ resourceSubscriptions: [URI] });
  const end = new Promise<ListenEnd>((resolve) => stream.onEnd(resolve));
  await client.callTool('end-streams', {});
  assert.equal((await end).by, 'result');
});
