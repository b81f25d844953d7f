import { test } from 'node:test';
import assert from 'node:assert/strict';
import { McpClient, ProtocolError, RequestTimeoutError, type ListenEnd, type ListenStream } from '../../../src/core/session/client';
import { DiagnoseContext } from '../../../src/core/diagnose/context';
import { ListenStreams, META_SUBSCRIPTION_ID } from '../../../src/core/session/listen';
import type { TraceEvent } from '../../../src/core/trace/event';
import { fixture, waitForEvent } from '../transport/helpers';

const URI = 'memo://counter';

function methodOf(e: TraceEvent): string | undefined {
  return (e.msg as { method?: string } | undefined)?.method;
}

function nextEnd(stream: ListenStream): Promise<ListenEnd> {
  return new Promise((resolve) => (stream.ended ? resolve(stream.ended) : stream.onEnd(resolve)));
}

function nextUpdate(stream: ListenStream): Promise<TraceEvent> {
  return new Promise((resolve) => {
    const sub = stream.onNotification((e) => {
      sub.dispose();
      resolve(e);
    });
  });
}

async function connected(env?: Record<string, string>): Promise<McpClient> {
  const client = new McpClient({ ...fixture('modern-subscriptions.mjs'), ...(env ? { env } : {}) }, { requestTimeoutMs: 5000 });
  await client.connect();
  return client;
}

test('subscriptions/listen: the request carries the filter and _meta, the acknowledgement says what was granted, updates arrive on the stream by subscription id', async (t) => {
  const client = await connected();
  t.after(() => client.close());
  const stream = await client.listen({ resourceSubscriptions: [URI, 'memo://unknown'] });
  assert.deepEqual(stream.acknowledged, { resourceSubscriptions: [URI] });
  const sent = client.trace.events.find((e) => e.dir === 'c2s' && methodOf(e) === 'subscriptions/listen')!;
  const params = (sent.msg as unknown as { id: number; params: { notifications: unknown; _meta: Record<string, unknown> } }).params;
  assert.deepEqual(params.notifications, { resourceSubscriptions: [URI, 'memo://unknown'] });
  assert.equal(params._meta['io.modelcontextprotocol/protocolVersion'], '2026-07-28');
  assert.equal((sent.msg as { id: number }).id, stream.id);

  const update = nextUpdate(stream);
  const result = await client.callTool('bump', {});
  assert.match(JSON.stringify(result.content), /1 stream\(s\) notified/);
  const e = await update;
  const msg = e.msg as unknown as { method: string; params: { uri: string; _meta: Record<string, unknown> } };
  assert.equal(msg.method, 'notifications/resources/updated');
  assert.equal(msg.params.uri, URI);
  assert.equal(msg.params._meta[META_SUBSCRIPTION_ID], stream.id);
  assert.deepEqual(stream.early, []);
});

test('two streams: each update goes to the stream its subscription id names, not the other', async (t) => {
  const client = await connected();
  t.after(() => client.close());
  const watching = await client.listen({ resourceSubscriptions: [URI] });
  const other = await client.listen({ resourceSubscriptions: [] });
  assert.notEqual(watching.id, other.id);
  const onOther: TraceEvent[] = [];
  other.onNotification((e) => onOther.push(e));
  const update = nextUpdate(watching);
  await client.callTool('bump', {});
  await update;
  assert.deepEqual(onOther, []);
});

test('the client ends a stream with notifications/cancelled naming the listen request; the server stops sending on it', async (t) => {
  const client = await connected();
  t.after(() => client.close());
  const stream = await client.listen({ resourceSubscriptions: [URI] });
  stream.close('done watching');
  assert.deepEqual(stream.ended, { by: 'client', reason: 'done watching' });
  const cancel = client.trace.events.find((e) => e.dir === 'c2s' && methodOf(e) === 'notifications/cancelled')!;
  assert.deepEqual((cancel.msg as { params: unknown }).params, { requestId: stream.id, reason: 'done watching' });
  await waitForEvent(client.trace, (e) => e.dir === 'stderr' && /cancelled by the client/.test(e.raw), 'the server heard the cancellation');
  const result = await client.callTool('bump', {});
  assert.match(JSON.stringify(result.content), /0 stream\(s\) notified/);
});

test('the server ends a stream with notifications/cancelled; or gracefully with the SubscriptionsListenResult', async (t) => {
  const client = await connected();
  t.after(() => client.close());
  const cancelled = await client.listen({ resourceSubscriptions: [URI] });
  const end = nextEnd(cancelled);
  await client.callTool('end-streams', {});
  const ended = await end;
  assert.equal(ended.by, 'server');
  assert.equal(ended.by === 'server' && ended.reason, 'The server is ending its streams');

  const graceful = await client.listen({ resourceSubscriptions: [URI] });
  const second = nextEnd(graceful);
  await client.callTool('end-streams', { graceful: true });
  assert.equal((await second).by, 'result');
  // A stream the server ended is not cancelled again.
  assert.equal(client.trace.events.filter((e) => e.dir === 'c2s' && methodOf(e) === 'notifications/cancelled').length, 0);
});

test('a stream never acknowledged: listen rejects at the timeout and cancels the request', async (t) => {
  const client = await connected({ MODERN_SUBS_NO_ACK: '1' });
  t.after(() => client.close());
  await assert.rejects(client.listen({ resourceSubscriptions: [URI] }, { timeoutMs: 300 }), RequestTimeoutError);
  const cancel = client.trace.events.find((e) => e.dir === 'c2s' && methodOf(e) === 'notifications/cancelled');
  assert.ok(cancel, 'notifications/cancelled was sent');
});

test('the server exits: every open stream ends with the connection', async () => {
  const client = await connected();
  const stream = await client.listen({ resourceSubscriptions: [URI] });
  const end = nextEnd(stream);
  await client.close();
  assert.equal((await end).by, 'connection');
});

test('listen is refused on a legacy server (it has resources/subscribe instead)', async (t) => {
  const client = new McpClient(fixture('legacy-basic.mjs'));
  t.after(() => client.close());
  await client.connect();
  await assert.rejects(client.listen({ resourceSubscriptions: [URI] }), /from protocol 2026-07-28/);
});

test('routing: an error answer ends the stream; a notification naming an unknown subscription is not taken; notifications before the acknowledgement are kept as early', () => {
  const streams = new ListenStreams();
  const cancelled: string[] = [];
  const a = streams.open(7, { resourceSubscriptions: [URI] }, (r) => cancelled.push(r));
  const ev = (seq: number, msg: Record<string, unknown>) => ({ seq, t: 0, dir: 's2c', kind: 'notification', raw: '', msg }) as unknown as TraceEvent;
  const update = (id: unknown) => ev(1, { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: URI, _meta: { [META_SUBSCRIPTION_ID]: id } } });
  assert.equal(streams.route(update('7')), false, 'the id is the listen request id, number for number');
  assert.equal(streams.route(update(8)), false);
  assert.equal(streams.route(update(7)), true);
  assert.equal(a.early.length, 1);
  assert.equal(streams.route(ev(2, { jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged', params: { _meta: { [META_SUBSCRIPTION_ID]: 7 }, notifications: { resourceSubscriptions: [URI, 3] } } })), true);
  assert.deepEqual(a.acknowledged, { resourceSubscriptions: [URI] });
  assert.equal(streams.route(ev(3, { jsonrpc: '2.0', id: 7, error: { code: -32603, message: 'boom' } })), true);
  assert.deepEqual(a.ended, { by: 'error', code: -32603, message: 'boom', seq: 3 });
  assert.equal(streams.size, 0);
  assert.deepEqual(cancelled, [], 'a stream the server ended is not cancelled');
});

test('an error answer to listen rejects it with the server error', async (t) => {
  // legacy-basic is not modern; modern-basic answers -32601 to subscriptions/listen.
  const client = new McpClient(fixture('modern-basic.mjs'));
  t.after(() => client.close());
  await client.connect();
  const err = await client.listen({ resourceSubscriptions: [URI] }).catch((e: unknown) => e);
  assert.ok(err instanceof ProtocolError);
  assert.equal(err.code, -32601);
});

test('diagnostics: a stream the server ended is no longer a pending request; one still open is', async () => {
  const client = await connected();
  const ended = await client.listen({ resourceSubscriptions: [URI] });
  const end = nextEnd(ended);
  await client.callTool('end-streams', {});
  await end;
  const open = await client.listen({ resourceSubscriptions: [URI] });
  await client.close();
  const ctx = new DiagnoseContext();
  for (const e of client.trace.events) ctx.update(e);
  // The client's close ended `open` too, but the server never heard: on the wire it is still pending.
  assert.deepEqual(ctx.pending().filter((r) => r.method === 'subscriptions/listen').map((r) => r.id), [open.id]);
});
