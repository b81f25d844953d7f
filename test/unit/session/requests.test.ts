import { getEventListeners } from 'node:events';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ConnectionClosedError,
  McpClient,
  ProtocolError,
  RequestCancelledError,
  RequestTimeoutError,
} from '../../../src/core/session/client';
import { SpawnError } from '../../../src/core/transport/stdio';
import type { TraceEvent } from '../../../src/core/trace/event';
import { fixture, waitForEvent } from '../transport/helpers';

const method = (e: TraceEvent) => (e.msg as { method?: string } | undefined)?.method;

async function connected(name: string, options?: ConstructorParameters<typeof McpClient>[1]): Promise<McpClient> {
  const client = new McpClient(fixture(name), options);
  await client.connect();
  return client;
}

test('pagination follows every cursor, the empty string included', async (t) => {
  const client = await connected('paginated.mjs');
  t.after(() => client.close());
  assert.deepEqual((await client.listAll('tools/list')).map((x) => x.name), ['t1', 't2', 't3', 't4']);
  const cursors = client.trace.events
    .filter((e) => e.dir === 'c2s' && method(e) === 'tools/list')
    .map((e) => (e.msg as { params?: { cursor?: string } }).params?.cursor);
  assert.deepEqual(cursors, [undefined, '', 'p3']);
});

test('a cursor that comes back stops the listing instead of looping', async (t) => {
  const client = await connected('paginated.mjs');
  t.after(() => client.close());
  assert.deepEqual((await client.listAll('resources/list')).map((x) => x.name), ['first', 'same']);
  assert.deepEqual((await client.listAll('prompts/list')).map((x) => x.name), ['prompt-first', 'prompt-a', 'prompt-b']);
  const notes = client.trace.events.filter((e) => e.kind === 'note' && e.info?.reason === 'pagination-loop');
  assert.deepEqual(notes.map((e) => [e.info?.method, e.info?.cursor]), [
    ['resources/list', 'same'],
    ['prompts/list', 'a'],
  ]);
});

test('progress is reported, and restarts the timeout', async (t) => {
  const client = await connected('slow-progress.mjs');
  t.after(() => client.close());
  const seen: { progress: number; total?: number; message?: string }[] = [];
  // 30 steps of 50 ms outlast a 1000 ms timeout only because each progress restarts it.
  const result = await client.callTool('slow', { steps: 30, intervalMs: 50 }, { timeoutMs: 1000, onProgress: (p) => seen.push(p) });
  assert.deepEqual(result.content, [{ type: 'text', text: 'done after 30 steps' }]);
  assert.equal(seen.length, 30);
  assert.deepEqual(seen[0], { progress: 1, total: 30, message: 'step 1' });
  const call = client.trace.events.find((e) => e.dir === 'c2s' && method(e) === 'tools/call')!;
  const token = (call.msg as unknown as { id: number; params: { _meta: { progressToken: number } } }).params._meta.progressToken;
  assert.equal(token, (call.msg as { id: number }).id);
});

test('progress never extends a request beyond its maximum', async (t) => {
  const client = await connected('slow-progress.mjs');
  t.after(() => client.close());
  let progress = 0;
  // Progress keeps coming, so only the maximum can end it; it outlives one plain timeout.
  await assert.rejects(
    // Wide margins: on a loaded machine a 20 ms progress beat can stall for a second.
    client.callTool('slow', { steps: 100_000, intervalMs: 20 }, { timeoutMs: 2500, maxTimeoutMs: 4000, onProgress: () => progress++ }),
    (err: unknown) => err instanceof RequestTimeoutError && err.afterMs! > 2500,
  );
  assert.ok(progress > 0);
  const timeout = await waitForEvent(client.trace, (e) => e.kind === 'timeout', 'timeout event');
  assert.equal(timeout.info?.method, 'tools/call');
});

test('a timeout records a timeout event and sends notifications/cancelled', async (t) => {
  const client = await connected('slow-progress.mjs');
  t.after(() => client.close());
  await assert.rejects(client.callTool('hang', {}, { timeoutMs: 200 }), (err: unknown) => {
    assert.ok(err instanceof RequestTimeoutError);
    assert.match(err.message, /tools\/call got no response within \d+ ms/);
    return true;
  });
  const timeout = client.trace.events.find((e) => e.kind === 'timeout')!;
  const call = client.trace.events.find((e) => method(e) === 'tools/call')!;
  const id = (call.msg as { id: number }).id;
  assert.equal(timeout.info?.id, id);
  assert.equal(timeout.info?.method, 'tools/call');
  const cancel = client.trace.events.find((e) => method(e) === 'notifications/cancelled')!;
  assert.ok(cancel.seq > timeout.seq);
  assert.equal((cancel.msg as unknown as { params: { requestId: number } }).params.requestId, id);
  // The server saw it: it reports each cancellation on stderr.
  await waitForEvent(client.trace, (e) => e.dir === 'stderr' && e.raw.startsWith(`cancelled ${id} Timed out`), 'server saw the cancel');
});

test('an AbortSignal cancels: cancelled event, notifications/cancelled, RequestCancelledError', async (t) => {
  const client = await connected('slow-progress.mjs');
  t.after(() => client.close());
  const controller = new AbortController();
  const call = client.callTool('hang', {}, { signal: controller.signal });
  await waitForEvent(client.trace, (e) => e.dir === 'c2s' && method(e) === 'tools/call', 'the call on the wire');
  controller.abort(new Error('user pressed stop'));
  await assert.rejects(call, (err: unknown) => err instanceof RequestCancelledError && /user pressed stop/.test(err.message));
  const cancelled = client.trace.events.find((e) => e.kind === 'cancelled')!;
  assert.equal(cancelled.info?.method, 'tools/call');
  assert.equal(cancelled.info?.reason, 'user pressed stop');
  await waitForEvent(client.trace, (e) => e.dir === 'stderr' && e.raw === `cancelled ${cancelled.info?.id} user pressed stop`, 'server saw the cancel');
  // An already aborted signal never reaches the wire.
  const before = client.trace.events.length;
  await assert.rejects(client.callTool('hang', {}, { signal: AbortSignal.abort() }), RequestCancelledError);
  assert.equal(client.trace.events.length, before);
});

test('a signal is listened to only while its request waits; an abort after the answer does nothing', async (t) => {
  const client = await connected('out-of-order.mjs');
  t.after(() => client.close());
  const controller = new AbortController();
  const held = client.callTool('hold', {}, { signal: controller.signal });
  await waitForEvent(client.trace, (e) => e.dir === 'c2s' && (e.msg as { params?: { name?: string } })?.params?.name === 'hold', 'hold sent');
  assert.equal(getEventListeners(controller.signal, 'abort').length, 1);
  await client.callTool('release', {}, { signal: controller.signal });
  await held;
  assert.equal(getEventListeners(controller.signal, 'abort').length, 0);
  const before = client.trace.events.length;
  controller.abort();
  assert.equal(client.trace.events.length, before);
});

test('responses are matched by id, out of order, and an unknown id is ignored', async (t) => {
  const client = await connected('out-of-order.mjs');
  t.after(() => client.close());
  const held = client.callTool('hold', {});
  await waitForEvent(client.trace, (e) => e.dir === 'c2s' && (e.msg as { params?: { name?: string } })?.params?.name === 'hold', 'hold sent');
  const released = await client.callTool('release', {});
  assert.deepEqual(released.content, [{ type: 'text', text: 'released' }]);
  assert.deepEqual((await held).content, [{ type: 'text', text: 'held' }]);
  const responseIds = client.trace.events.filter((e) => e.dir === 's2c' && e.kind === 'response').map((e) => (e.msg as { id: unknown }).id);
  assert.deepEqual(responseIds.slice(-3), [987654, 4, 3]);
});

test('a JSON-RPC error rejects with ProtocolError carrying code, data and the response seq', async (t) => {
  const client = await connected('legacy-basic.mjs');
  t.after(() => client.close());
  await assert.rejects(client.request('resources/read', { uri: 'x://y' }), (err: unknown) => {
    assert.ok(err instanceof ProtocolError);
    assert.equal(err.code, -32601);
    assert.equal(err.method, 'resources/read');
    const response = client.trace.events.find((e) => e.seq === err.responseSeq)!;
    assert.equal(response.kind, 'response');
    return true;
  });
});

test('legacy server→client requests: ping and roots/list answered, others -32601', async (t) => {
  const roots = [{ uri: 'file:///work', name: 'work' }];
  const client = await connected('legacy-basic.mjs', { roots });
  t.after(() => client.close());
  const text = async (name: string) => JSON.parse(((await client.callTool(name, {})).content as { text: string }[])[0]!.text);
  assert.deepEqual(await text('ask-roots'), { roots });
  assert.deepEqual((await text('ask-ping')).result, {});
  const sampling = await text('ask-sampling');
  assert.equal(sampling.code, -32601);
  assert.match(sampling.message, /sampling\/createMessage/);
  const init = client.trace.events.find((e) => method(e) === 'initialize')!;
  assert.deepEqual((init.msg as unknown as { params: { capabilities: unknown } }).params.capabilities, { extensions: { 'io.modelcontextprotocol/skills': {} }, roots: { listChanged: true } });
});

test('a server that exits with requests pending rejects them with ConnectionClosedError', async () => {
  const client = await connected('legacy-basic.mjs');
  const closed: unknown[] = [];
  client.onDidClose((info) => closed.push(info));
  await assert.rejects(client.callTool('crash', {}), (err: unknown) => err instanceof ConnectionClosedError && /exited \(code 3\)/.test(err.message));
  assert.deepEqual(closed, [{ code: 3, signal: null }]);
  await assert.rejects(client.callTool('echo', { text: 'x' }), ConnectionClosedError);
  assert.ok(client.trace.events.some((e) => e.dir === 'stderr' && e.raw === 'crashing on purpose'));
  await client.close();
});

test('close() rejects pending requests and ends the server', async () => {
  const client = await connected('slow-progress.mjs');
  const call = client.callTool('hang', {});
  await waitForEvent(client.trace, (e) => e.dir === 'c2s' && method(e) === 'tools/call', 'the call on the wire');
  const rejected = assert.rejects(call, ConnectionClosedError);
  await client.close();
  await rejected;
  assert.deepEqual(await client.exited, { code: 0, signal: null });
});

test('a server that cannot start rejects connect() with the spawn error', async () => {
  const client = new McpClient({ command: 'mcp-lens-definitely-missing' });
  await assert.rejects(client.connect(), (err: unknown) => err instanceof SpawnError && err.code === 'ENOENT');
  assert.equal(client.trace.events[0]!.kind, 'spawn-failed');
  await assert.rejects(client.request('tools/list'), /connect\(\) has not completed/);
});

test('sendRaw writes the line as typed and records it', async (t) => {
  const client = await connected('legacy-basic.mjs');
  t.after(() => client.close());
  await client.sendRaw('{"jsonrpc":"2.0","id":"mine","method":"ping"}');
  const reply = await waitForEvent(client.trace, (e) => e.dir === 's2c' && (e.msg as { id?: unknown })?.id === 'mine', 'the reply');
  assert.deepEqual((reply.msg as { result: unknown }).result, {});
});

test('a server that dies at startup fails connect() with ConnectionClosedError, its exit in the trace', async () => {
  const client = new McpClient({ command: process.execPath, args: ['-e', 'console.error("Cannot find module x"); process.exit(1)'] });
  await assert.rejects(client.connect(), ConnectionClosedError);
  await client.exited;
  const exited = await waitForEvent(client.trace, (e) => e.kind === 'exited', 'exited');
  assert.deepEqual(exited.info, { code: 1, signal: null });
  assert.ok(client.trace.events.some((e) => e.dir === 'stderr' && e.raw === 'Cannot find module x'));
  await client.close();
});
