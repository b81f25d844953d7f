import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { diagnose } from '../../../src/core/diagnose/engine';
import { ConnectionClosedError, McpClient } from '../../../src/core/session/client';
import type { TraceEvent } from '../../../src/core/trace/event';
import { startHttpFixture, type HttpFixture } from './httpHelpers';

const http = (events: readonly TraceEvent[]) => events.filter((e) => e.dir === 'meta' && e.kind === 'http');
const texts = (r: Record<string, unknown>) => (r.content as { text: string }[]).map((c) => c.text);
const problems = (events: readonly TraceEvent[]) => diagnose(events).filter((d) => d.severity !== 'info');

describe('HTTP+SSE (2024-11-05) against the official v1 SDK SSEServerTransport', () => {
  let server: HttpFixture;
  before(async () => (server = await startHttpFixture('sdk-v1-sse.mjs')));
  after(() => server.stop());

  it('"type": "sse": GETs the stream, POSTs to the endpoint event\'s URI, reads answers as message events', async () => {
    const client = new McpClient({ url: server.url, transport: 'sse', headers: { Authorization: 'Bearer s3cret-token' } });
    const info = await client.connect();
    assert.equal(info.era, 'legacy');
    assert.equal(info.serverInfo?.name, 'sdk-v1-sse');
    const tools = await client.listAll('tools/list');
    assert.deepEqual(tools.map((t) => t.name), ['echo', 'hangup', 'headers']);
    assert.deepEqual(texts(await client.callTool('echo', { text: 'hi' })), ['sse:hi']);
    const seen = JSON.parse(texts(await client.callTool('headers', {}))[0]!) as Record<string, string>;
    assert.equal(seen.authorization, 'Bearer s3cret-token', 'the configured headers go with every POST');
    await client.close();

    const events = client.trace.events;
    const exchanges = http(events).map((e) => `${String(e.info?.method)} ${String(e.info?.status)}${e.info?.phase ? ` ${String(e.info.phase)}` : ''}`);
    assert.equal(exchanges[0], 'GET 200');
    assert.equal(exchanges[1], 'GET 200 sse-endpoint');
    assert.match(String(http(events)[1]!.info?.endpoint), /\/messages\?sessionId=/);
    assert.ok(exchanges.slice(2).every((x) => x === 'POST 202'), exchanges.join(', '));
    // Each message event is one s2c event whose raw is the event's data, as a stdout line would be.
    const answers = events.filter((e) => e.dir === 's2c' && e.msg);
    assert.ok(answers.length >= 4);
    for (const a of answers) assert.deepEqual(JSON.parse(a.raw), a.msg);
    const serialized = JSON.stringify(events.filter((e) => e.dir === 'meta'));
    assert.ok(!serialized.includes('s3cret-token'), 'the token is redacted');
    assert.deepEqual(problems(events), []);
  });

  it('falls back from Streamable HTTP: the POST is refused with 404, a GET brings the endpoint event', async () => {
    const client = new McpClient({ url: server.url });
    await client.connect();
    assert.deepEqual(texts(await client.callTool('echo', { text: 'back' })), ['sse:back']);
    await client.close();
    const events = client.trace.events;
    const refused = http(events).find((e) => e.info?.method === 'POST' && e.info.status === 404);
    assert.equal(refused?.info?.sseFallback, true);
    assert.ok(events.some((e) => e.info?.phase === 'sse-fallback' && e.info.fellBack === true));
    // The refused POST was a step of the fallback, not a fault of the server.
    assert.deepEqual(problems(events), []);
  });

  it('a server that closes the stream: the waiting call fails at once and sse-stream-closed cites it', async () => {
    const client = new McpClient({ url: server.url, transport: 'sse' }, { requestTimeoutMs: 60_000 });
    await client.connect();
    await assert.rejects(client.callTool('hangup', {}), (err: Error) => err instanceof ConnectionClosedError && /closed the connection/.test(err.message));
    await client.close();
    const events = client.trace.events;
    const closed = diagnose(events).find((d) => d.rule === 'sse-stream-closed');
    assert.ok(closed, 'sse-stream-closed');
    assert.equal(closed.severity, 'error');
    const call = events.find((e) => e.dir === 'c2s' && e.msg && 'method' in e.msg && e.msg.method === 'tools/call');
    assert.ok(closed.evidence.includes(call!.seq), 'the lost call is evidence');
  });
});

describe('HTTP+SSE: a broken endpoint event', () => {
  for (const [mode, expected] of [
    ['cross-origin', /not the origin of the stream/],
    ['not-first', /the first event is "message", not "endpoint"/],
    ['garbage', /is not a URI/],
  ] as const) {
    it(`${mode}: connect fails and sse-endpoint-invalid quotes the event`, async () => {
      const server = await startHttpFixture('sdk-v1-sse.mjs', [`--bad-endpoint=${mode}`]);
      try {
        const client = new McpClient({ url: server.url, transport: 'sse' });
        await assert.rejects(client.connect(), expected);
        await client.close();
        const events = client.trace.events;
        const d = diagnose(events).find((x) => x.rule === 'sse-endpoint-invalid');
        assert.ok(d, 'sse-endpoint-invalid');
        assert.match(d.message, expected);
        const evidence = events.find((e) => e.seq === d.evidence[0]);
        assert.equal(evidence?.info?.phase, 'sse-endpoint');
        assert.ok((evidence?.info?.event as { data: string }).data.length > 0, 'the event data is kept as evidence');
        // Nothing was posted anywhere, least of all to another origin.
        assert.ok(!http(events).some((e) => e.info?.method === 'POST'));
      } finally {
        await server.stop();
      }
    });
  }

  it('a Streamable HTTP URL that is neither: the refusal is told once, as http-status', async () => {
    const server = await startHttpFixture('sdk-v1-sse.mjs');
    try {
      const client = new McpClient({ url: server.url.replace(/\/sse$/, '/nowhere') });
      await assert.rejects(client.connect(), /HTTP 404/);
      await client.close();
      const statuses = diagnose(client.trace.events).filter((d) => d.rule === 'http-status');
      assert.equal(statuses.length, 1, JSON.stringify(statuses));
      assert.ok(!diagnose(client.trace.events).some((d) => d.rule === 'sse-endpoint-invalid'));
    } finally {
      await server.stop();
    }
  });
});
