import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { diagnose } from '../../../src/core/diagnose/engine';
import { McpClient } from '../../../src/core/session/client';
import type { TraceEvent } from '../../../src/core/trace/event';
import { waitForEvent } from './helpers';
import { startHttpFixture, type HttpFixture } from './httpHelpers';

const http = (events: readonly TraceEvent[]) => events.filter((e) => e.dir === 'meta' && e.kind === 'http');
const texts = (r: Record<string, unknown>) => (r.content as { text: string }[]).map((c) => c.text);

describe('Streamable HTTP against the official v1 SDK server (legacy, Mcp-Session-Id)', () => {
  let server: HttpFixture;
  before(async () => (server = await startHttpFixture('sdk-v1-http.mjs')));
  after(() => server.stop());

  it('probes, falls back to initialize, keeps the session, streams progress, and ends the session with DELETE', async () => {
    const client = new McpClient({ url: server.url, headers: { Authorization: 'Bearer s3cret-token', 'X-Team': 'lens' } });
    const info = await client.connect();
    assert.equal(info.era, 'legacy');
    assert.equal(info.protocolVersion, '2025-11-25');
    assert.equal(info.serverInfo?.name, 'sdk-v1-http');

    const tools = await client.listAll('tools/list');
    assert.deepEqual(tools.map((t) => t.name), ['echo', 'count', 'headers', 'roots']);
    assert.deepEqual(texts(await client.callTool('echo', { text: 'hi' })), ['v1:hi']);
    const progress: number[] = [];
    assert.deepEqual(texts(await client.callTool('count', { n: 3 }, { onProgress: (p) => progress.push(p.progress) })), ['counted to 3']);
    assert.deepEqual(progress, [1, 2, 3]);

    // What the server received: the config headers, the session it assigned, the negotiated version.
    const seen = JSON.parse(texts(await client.callTool('headers', {}))[0]!) as Record<string, string>;
    const assigned = http(client.trace.events).find((e) => e.info?.sessionId)?.info?.sessionId;
    assert.equal(seen.authorization, 'Bearer s3cret-token');
    assert.equal(seen['x-team'], 'lens');
    assert.equal(seen['mcp-session-id'], assigned);
    assert.equal(seen['mcp-protocol-version'], '2025-11-25');
    assert.match(seen.accept!, /application\/json/);
    assert.match(seen.accept!, /text\/event-stream/);
    // The optional GET stream is opened in the background once initialized is accepted.
    await waitForEvent(client.trace, (e) => e.kind === 'http' && e.info?.method === 'GET', 'the GET stream');
    await client.close();

    const events = client.trace.events;
    // Each SSE data is one s2c event whose raw is the data text, as a stdout line would be.
    const progressEvents = events.filter((e) => e.dir === 's2c' && e.msg && 'method' in e.msg && e.msg.method === 'notifications/progress');
    assert.equal(progressEvents.length, 3);
    assert.deepEqual(JSON.parse(progressEvents[0]!.raw), progressEvents[0]!.msg);
    // The probe's 400 is where the era was decided; initialize answered 200; the notification 202; DELETE last.
    const statuses = http(events).map((e) => `${String(e.info?.method)} ${String(e.info?.status)}`);
    assert.equal(statuses[0], 'POST 400');
    assert.ok(statuses.includes('POST 202'));
    assert.ok(statuses.includes('GET 200'), 'the optional GET stream was opened');
    assert.equal(statuses.at(-1), 'DELETE 200');
    // Credentials never reach the trace.
    // (The headers tool's own result quotes it: that is what the server said, not the transport's record.)
    const serialized = JSON.stringify(events.filter((e) => e.dir === 'meta'));
    assert.ok(!serialized.includes('s3cret-token'), 'the token is redacted');
    assert.ok(serialized.includes('Bearer <redacted>'));
    assert.deepEqual(diagnose(events).filter((d) => d.severity !== 'info'), []);
  });

  it('a server→client request is answered with a POST (202), and the call completes', async () => {
    const client = new McpClient({ url: server.url }, { roots: [{ uri: 'file:///work', name: 'work' }] });
    try {
      await client.connect();
      assert.deepEqual(texts(await client.callTool('roots', {})), ['[{"uri":"file:///work","name":"work"}]']);
      const events = client.trace.events;
      const ask = events.find((e) => e.dir === 's2c' && e.msg && 'method' in e.msg && e.msg.method === 'roots/list');
      assert.ok(ask, 'the server asked');
      const answer = events.find((e) => e.dir === 'c2s' && e.msg && !('method' in e.msg) && 'id' in e.msg && e.msg.id === (ask.msg as { id: unknown }).id);
      assert.ok(answer, 'the client answered');
      // The server may finish the call before the answer's own 202 is back.
      const accepted = await waitForEvent(client.trace, (e) => e.kind === 'http' && e.info?.requestSeq === answer.seq, 'the HTTP answer to the POSTed response');
      assert.equal(accepted.info?.status, 202);
    } finally {
      await client.close();
    }
  });

  it('reads application/json responses the same way (enableJsonResponse)', async () => {
    const json = await startHttpFixture('sdk-v1-http.mjs', ['--json']);
    const client = new McpClient({ url: json.url });
    try {
      await client.connect();
      assert.deepEqual(texts(await client.callTool('echo', { text: 'j' })), ['v1:j']);
      assert.ok(http(client.trace.events).some((e) => String(e.info?.headers && (e.info.headers as Record<string, string>)['content-type']).startsWith('application/json')));
    } finally {
      await client.close();
      await json.stop();
    }
  });

  it('a wrong path is a 404 with the http-status diagnostic', async () => {
    const client = new McpClient({ url: server.url.replace('/mcp', '/wrong') });
    await assert.rejects(client.connect(), /HTTP 404/);
    await client.close();
    const d = diagnose(client.trace.events).find((x) => x.rule === 'http-status');
    assert.ok(d, 'http-status fired');
    assert.match(d.message, /404/);
    assert.match(d.hint, /\/mcp/);
    assert.equal(d.retry, false);
  });
});

describe('Streamable HTTP against the official v2 SDK server (2026-07-28)', () => {
  let server: HttpFixture;
  before(async () => (server = await startHttpFixture('sdk-v2-http.mjs')));
  after(() => server.stop());

  it('is modern from server/discover, with no session, and streams progress on the request', async () => {
    const client = new McpClient({ url: server.url });
    const info = await client.connect();
    assert.equal(info.era, 'modern');
    assert.equal(info.protocolVersion, '2026-07-28');
    assert.deepEqual((await client.listAll('tools/list')).map((t) => t.name), ['echo', 'count', 'region', 'wait']);
    assert.deepEqual(texts(await client.callTool('echo', { text: 'm' })), ['v2:m']);
    const progress: number[] = [];
    await client.callTool('count', { n: 2 }, { onProgress: (p) => progress.push(p.progress) });
    assert.deepEqual(progress, [1, 2]);
    await client.close();

    const posts = http(client.trace.events).filter((e) => e.info?.method === 'POST');
    for (const e of posts) {
      const sent = e.info?.requestHeaders as Record<string, string>;
      assert.equal(sent['MCP-Protocol-Version'], '2026-07-28', 'every modern POST names its version');
      assert.ok(sent['Mcp-Method']);
      assert.equal(sent['Mcp-Session-Id'], undefined);
    }
    const call = posts.find((e) => (e.info?.requestHeaders as Record<string, string>)['Mcp-Method'] === 'tools/call');
    assert.equal((call?.info?.requestHeaders as Record<string, string>)['Mcp-Name'], 'echo');
    assert.ok(!http(client.trace.events).some((e) => e.info?.method === 'DELETE' || e.info?.method === 'GET'), 'no session operations in 2026-07-28');
    assert.deepEqual(diagnose(client.trace.events).filter((d) => d.severity === 'error'), []);
  });

  it('mirrors x-mcp-header arguments into Mcp-Param-* headers (the SDK checks them); unknown ones are learned after -32020', async () => {
    const client = new McpClient({ url: server.url });
    try {
      await client.connect();
      // Called before tools/list: the server refuses with HeaderMismatch, the client lists the tools and retries.
      assert.deepEqual(texts(await client.callTool('region', { region: 'us-west1' })), ['region:us-west1']);
      assert.deepEqual(texts(await client.callTool('region', { region: 'Zürich' })), ['region:Zürich']);
    } finally {
      await client.close();
    }
    const events = client.trace.events;
    const mismatch = events.find((e) => e.dir === 's2c' && e.msg && 'error' in e.msg && e.msg.error?.code === -32020);
    assert.ok(mismatch, 'the first call was refused with -32020');
    const sent = http(events).map((e) => (e.info?.requestHeaders as Record<string, string> | undefined)?.['Mcp-Param-Region']).filter(Boolean);
    assert.deepEqual(sent, ['us-west1', '=?base64?WsO8cmljaA==?=']);
  });

  it('cancels a modern request by closing its response stream, not by notification', async () => {
    const client = new McpClient({ url: server.url });
    await client.connect();
    const controller = new AbortController();
    const call = client.callTool('wait', {}, { signal: controller.signal, onProgress: () => controller.abort('enough') });
    await assert.rejects(call, /cancelled/);
    const deadline = Date.now() + 10_000;
    while (!server.stderr().includes('wait: cancelled') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    assert.match(server.stderr(), /wait: cancelled/, 'the server saw the closed stream as the cancellation');
    await client.close();
    const events = client.trace.events;
    assert.ok(events.some((e) => e.kind === 'note' && /closed the response stream/.test(e.raw)));
    assert.ok(!events.some((e) => e.dir === 'c2s' && e.msg && 'method' in e.msg && e.msg.method === 'notifications/cancelled'));
  });
});

describe('Streamable HTTP: unreachable', () => {
  it('nothing listening is http-unreachable, with the hint to start the server', async () => {
    const probe = await startHttpFixture('legacy-no-get.mjs');
    const url = probe.url;
    await probe.stop();
    const client = new McpClient({ url });
    await assert.rejects(client.connect(), /ECONNREFUSED/);
    await client.close();
    const d = diagnose(client.trace.events).find((x) => x.rule === 'http-unreachable');
    assert.ok(d);
    assert.match(d.hint, /start the server/);
    assert.ok(!diagnose(client.trace.events).some((x) => x.rule === 'no-response'), 'no stdout wording over HTTP');
  });

  it('a port the Fetch standard blocks (6000) is http-unreachable with BAD_PORT, and the hint says to move the server', async () => {
    const client = new McpClient({ url: 'http://127.0.0.1:6000/mcp' });
    await assert.rejects(client.connect(), /Cannot reach http:\/\/127\.0\.0\.1:6000\/mcp: BAD_PORT/);
    await client.close();
    const d = diagnose(client.trace.events).find((x) => x.rule === 'http-unreachable');
    assert.equal(d?.message, 'Cannot reach http://127.0.0.1:6000/mcp: BAD_PORT (fetch failed: bad port)');
    assert.match(d.hint, /another port/);
    assert.equal(d.retry, false, 'no retry reaches a port fetch refuses');
  });
});
