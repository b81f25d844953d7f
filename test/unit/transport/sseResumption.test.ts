import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diagnose } from '../../../src/core/diagnose/engine';
import { McpClient } from '../../../src/core/session/client';
import type { TraceEvent } from '../../../src/core/trace/event';
import { startHttpFixture } from './httpHelpers';

// test/fixtures/servers/http/drops-mid-stream.mjs: streams the network cuts after events with
// ids; the server answers a resumption only for the last id the client saw (404 otherwise).

const notes = (events: readonly TraceEvent[], phase: string) => events.filter((e) => e.info?.phase === phase).map((e) => e.raw);

test('a call whose stream drops twice is resumed each time with the last event id seen, after the retry the server set', async () => {
  const server = await startHttpFixture('drops-mid-stream.mjs');
  const client = new McpClient({ url: server.url }, { clientInfo: { name: 't', version: '0' }, requestTimeoutMs: 20_000 });
  try {
    await client.connect();
    const result = await client.callTool('echo', {});
    assert.deepEqual(result.content, [{ type: 'text', text: 'resumed twice' }]);
  } finally {
    await client.close();
    await server.stop();
  }
  const asked = server.stderr().split('\n').filter((l) => /last-event-id=c-/.test(l));
  assert.deepEqual(asked, ['GET last-event-id=c-1', 'GET last-event-id=c-2'], 'each reconnection names the newest id, not the first');
  const events = client.trace.events;
  // The retry came with the priming event of the first stream; it still holds for the second reconnection.
  assert.deepEqual(notes(events, 'stream-resume'), [
    'resuming the event stream of tools/call after event c-1 in 40 ms (the retry the server asked for)',
    'resuming the event stream of tools/call after event c-2 in 40 ms (the retry the server asked for)',
  ]);
  const resumed = events.filter((e) => e.kind === 'http' && e.info?.resume === true).map((e) => (e.info!.requestHeaders as Record<string, string>)['Last-Event-ID']);
  assert.deepEqual(resumed, ['c-1', 'c-2']);
  // The second break is the resuming GET's, and says so.
  assert.ok(events.some((e) => e.info?.phase === 'stream-error' && e.info.method === 'GET' && e.info.lastEventId === 'c-2'));
  const problems = diagnose(events).filter((d) => d.severity !== 'info');
  assert.deepEqual(problems, [], JSON.stringify(problems));
});

test('the standalone GET stream the network cuts is reopened with Last-Event-ID, after its retry', async () => {
  const server = await startHttpFixture('drops-mid-stream.mjs');
  const client = new McpClient({ url: server.url }, { clientInfo: { name: 't', version: '0' }, requestTimeoutMs: 20_000 });
  try {
    await client.connect();
    // The GET stream opens in the background after initialized; wait for its reopening.
    const deadline = Date.now() + 10_000;
    while (!server.stderr().includes('GET last-event-id=g-1') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  } finally {
    await client.close();
    await server.stop();
  }
  assert.deepEqual(server.stderr().split('\n').filter((l) => /last-event-id=(g-|-)/.test(l)), ['GET last-event-id=-', 'GET last-event-id=g-1']);
  assert.deepEqual(notes(client.trace.events, 'get-reopen'), ['the GET event stream broke off; reopening it with Last-Event-ID g-1 in 30 ms']);
  const problems = diagnose(client.trace.events).filter((d) => d.severity !== 'info');
  assert.deepEqual(problems, [], JSON.stringify(problems));
});
