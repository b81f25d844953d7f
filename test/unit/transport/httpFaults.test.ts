import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { diagnose } from '../../../src/core/diagnose/engine';
import { ConnectionClosedError, McpClient, ProtocolError } from '../../../src/core/session/client';
import { HttpStatusError } from '../../../src/core/transport/httpErrors';
import { startHttpFixture } from './httpHelpers';

/** Connects to a fault fixture, runs `body`, closes both, and returns the trace's diagnostics. */
async function withServer(name: string, body: (client: McpClient) => Promise<void>, headers?: Record<string, string>) {
  const server = await startHttpFixture(name);
  const client = new McpClient({ url: server.url, headers });
  try {
    await body(client);
  } finally {
    await client.close();
    await server.stop();
  }
  return { diagnostics: diagnose(client.trace.events), events: client.trace.events };
}

describe('Streamable HTTP faults, each from a real node:http server', () => {
  it('a legacy server without a GET stream works; the 405 is an info, not a failure', async () => {
    const { diagnostics } = await withServer('legacy-no-get.mjs', async (client) => {
      await client.connect();
      assert.equal(client.info?.era, 'legacy');
      const result = await client.callTool('echo', { text: 'x' });
      assert.deepEqual(result.content, [{ type: 'text', text: 'echo:x' }]);
      // The GET stream is opened in the background after initialized; wait for its answer.
      const deadline = Date.now() + 10_000;
      while (!client.trace.events.some((e) => e.kind === 'http' && e.info?.method === 'GET') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    });
    const get = diagnostics.find((d) => d.rule === 'http-status');
    assert.ok(get, 'the 405 is reported');
    assert.equal(get.severity, 'info');
    assert.match(get.message, /no GET event stream/);
    assert.deepEqual(diagnostics.filter((d) => d.severity !== 'info'), [], 'DELETE 405 is allowed too');
  });

  it('401 names the WWW-Authenticate challenge: the resource metadata URL and the scope', async () => {
    let caught: unknown;
    const { diagnostics } = await withServer('unauthorized-401.mjs', async (client) => {
      caught = await client.connect().catch((e: unknown) => e);
    });
    assert.ok(caught instanceof HttpStatusError);
    assert.equal(caught.status, 401);
    const d = diagnostics.find((x) => x.rule === 'http-status' && /401/.test(x.message));
    assert.ok(d, 'http-status for the 401');
    assert.match(d.hint, /\.well-known\/oauth-protected-resource/);
    assert.match(d.hint, /Authorization/);
    assert.equal(d.retry, false);
  });

  it('a request refused with a status ends in the trace: none is left pending', async () => {
    const { events } = await withServer('unauthorized-401.mjs', async (client) => {
      await client.connect().catch(() => undefined);
    });
    const requests = events.filter((e) => e.dir === 'c2s' && e.msg && 'method' in e.msg && 'id' in e.msg);
    assert.ok(requests.length > 0, 'the connect sent a request');
    for (const request of requests) {
      const id = (request.msg as { id: number }).id;
      const ended = events.find((e) => (e.dir === 's2c' && e.msg && 'id' in e.msg && e.msg.id === id) || (e.kind === 'cancelled' && e.info?.id === id));
      assert.ok(ended, `request #${id} has an ending in the trace`);
      assert.match(String(ended.info?.reason ?? ''), /not answered: .*401/);
    }
  });

  it('401 after sending a token says the token was refused, and the trace does not show it', async () => {
    const { diagnostics, events } = await withServer(
      'unauthorized-401.mjs',
      async (client) => {
        await client.connect().catch(() => undefined);
      },
      { Authorization: 'Bearer expired-token-123' },
    );
    const d = diagnostics.find((x) => x.rule === 'http-status');
    assert.match(d!.hint, /sent and refused/);
    assert.ok(!JSON.stringify(events).includes('expired-token-123'));
  });

  it('a stream reset before the response is connection-reset (retry), and the call fails at once', async () => {
    const { diagnostics, events } = await withServer('reset-mid-stream.mjs', async (client) => {
      await client.connect();
      await assert.rejects(client.callTool('echo', { text: 'x' }), (e: unknown) => e instanceof ConnectionClosedError && /broke off/.test(e.message));
    });
    // What arrived before the reset is in the trace.
    assert.ok(events.some((e) => e.dir === 's2c' && e.msg && 'method' in e.msg && e.msg.method === 'notifications/message'));
    const d = diagnostics.find((x) => x.rule === 'connection-reset');
    assert.ok(d);
    assert.equal(d.retry, true);
    assert.match(d.message, /tools\/call "echo"/);
  });

  it('a stream the server closes after event ids is resumed with GET Last-Event-ID, and the call completes', async () => {
    const server = await startHttpFixture('polling-sse.mjs');
    const client = new McpClient({ url: server.url });
    try {
      await client.connect();
      const result = await client.callTool('echo', { text: 'x' });
      assert.deepEqual(result.content, [{ type: 'text', text: 'resumed' }]);
      assert.match(server.stderr(), /GET last-event-id=\d+-1/);
    } finally {
      await client.close();
      await server.stop();
    }
    const resumed = client.trace.events.find((e) => e.kind === 'http' && e.info?.resume === true);
    assert.equal((resumed?.info?.requestHeaders as Record<string, string>)['Last-Event-ID']?.endsWith('-1'), true);
    const diagnostics = diagnose(client.trace.events);
    assert.deepEqual(diagnostics.filter((d) => d.severity !== 'info'), [], JSON.stringify(diagnostics));
  });

  it('a stream that ends without the response (and no event id) fails the call and says so', async () => {
    const { diagnostics } = await withServer('ends-without-response.mjs', async (client) => {
      await client.connect();
      await assert.rejects(client.callTool('echo', { text: 'x' }), ConnectionClosedError);
    });
    const d = diagnostics.find((x) => x.rule === 'connection-reset');
    assert.ok(d, JSON.stringify(diagnostics));
    assert.match(d.message, /ended without its response/);
  });

  it('a JSON-RPC error inside a 200 OK is the failure of the request it answers', async () => {
    const { diagnostics } = await withServer('error-in-200.mjs', async (client) => {
      await client.connect();
      await assert.rejects(client.callTool('echo', { text: 'x' }), (e: unknown) => e instanceof ProtocolError && e.code === -32000 && /Upstream database unavailable/.test(e.message));
    });
    const d = diagnostics.find((x) => x.rule === 'error-in-200');
    assert.ok(d);
    assert.equal(d.severity, 'error');
    assert.match(d.message, /tools\/call "echo" \(id \d+\) failed.*200.*Upstream database unavailable/);
    assert.ok(!diagnostics.some((x) => x.rule === 'null-id' || x.rule === 'timeout'), 'no generic envelope noise, no wait for a timeout');
  });

  it('a 404 for a known Mcp-Session-Id is session-expired; a new session is started and the call sent again', async () => {
    const { diagnostics, events } = await withServer('session-expires.mjs', async (client) => {
      await client.connect();
      await client.listAll('tools/list');
      const result = await client.callTool('echo', { text: 'again' });
      assert.deepEqual(result.content, [{ type: 'text', text: 'echo:again' }]);
    });
    const sessions = new Set(events.filter((e) => e.kind === 'http' && e.info?.sessionId).map((e) => e.info?.sessionId));
    assert.equal(sessions.size, 2, 'a second session');
    const inits = events.filter((e) => e.dir === 'c2s' && e.msg && 'method' in e.msg && e.msg.method === 'initialize');
    assert.equal(inits.length, 2);
    const refused = events.find((e) => e.kind === 'http' && e.info?.status === 404)!;
    const second = inits[1]!;
    const secondPost = events.find((e) => e.kind === 'http' && e.info?.requestSeq === second.seq)!;
    assert.ok(second.seq > refused.seq);
    assert.equal((secondPost.info?.requestHeaders as Record<string, string>)['Mcp-Session-Id'], undefined, '"a new InitializeRequest without a session ID attached"');
    const d = diagnostics.find((x) => x.rule === 'session-expired');
    assert.ok(d);
    assert.match(d.hint, /new initialize/);
    // The server "MAY terminate the session at any time": an observation.
    assert.equal(d.severity, 'info');
    assert.ok(!diagnostics.some((x) => x.rule === 'http-status' && x.severity !== 'info'), 'not reported as a wrong path');
  });

  it('502 from a gateway is connection-reset, retryable', async () => {
    const { diagnostics } = await withServer('bad-gateway-502.mjs', async (client) => {
      await client.connect();
      await assert.rejects(client.callTool('echo', { text: 'x' }), (e: unknown) => e instanceof HttpStatusError && e.status === 502);
    });
    const d = diagnostics.find((x) => x.rule === 'connection-reset');
    assert.ok(d);
    assert.match(d.message, /502/);
    assert.equal(d.retry, true);
  });
});
