import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { startHttpFixture, type HttpFixture } from '../transport/httpHelpers';
import { buildCli, finish, runCli, startCli, waitFor } from './helpers';

let v1: HttpFixture;
let sse: HttpFixture;
let dir: string;

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'lens-record-http-'));
  [v1, sse] = await Promise.all([startHttpFixture('sdk-v1-http.mjs'), startHttpFixture('sdk-v1-sse.mjs'), buildCli()]);
});
after(async () => {
  await Promise.all([v1?.stop(), sse?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

/** Starts `record --listen 0 --url URL` and reads the address it listens on. */
async function startProxy(url: string, out: string) {
  const child = startCli(['record', '--listen', '0', '--url', url, '--out', out]);
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  await waitFor(() => /listening on (\S+)/.test(stderr), 'the proxy to listen');
  const listening = /listening on (\S+)/.exec(stderr)![1]!;
  const done = finish(child, undefined, 30_000);
  return {
    url: listening,
    stop: async () => {
      child.kill('SIGTERM');
      return done;
    },
  };
}

/** What the SDK client itself sent and received, in order (its transport's send and onmessage). */
function watch(transport: Transport): [string, JSONRPCMessage][] {
  const seen: [string, JSONRPCMessage][] = [];
  const send = transport.send.bind(transport);
  transport.send = (m, o) => {
    seen.push(['c2s', m]);
    return send(m, o);
  };
  let inner: Transport['onmessage'];
  const wrapped: Transport['onmessage'] = (m, extra) => {
    seen.push(['s2c', m]);
    inner?.(m, extra);
  };
  Object.defineProperty(transport, 'onmessage', { get: () => (inner ? wrapped : undefined), set: (f) => (inner = f), configurable: true });
  return seen;
}

function traceOf(file: string): any[] {
  return readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
}

test('record --listen: the SDK client talks Streamable HTTP through the proxy; the trace has every message in order, the token redacted', async () => {
  const out = path.join(dir, 'streamable.mcptrace.jsonl');
  const proxy = await startProxy(v1.url, out);
  const token = 'tok-91c3e5a7';
  const transport = new StreamableHTTPClientTransport(new URL(proxy.url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } });
  const seen = watch(transport);
  const client = new Client({ name: 'sdk-host', version: '1.0.0' });
  await client.connect(transport);
  assert.deepEqual((await client.listTools()).tools.map((t) => t.name), ['echo', 'count', 'headers', 'roots']);
  assert.deepEqual((await client.callTool({ name: 'echo', arguments: { text: 'via proxy' } })).content, [{ type: 'text', text: 'v1:via proxy' }]);
  const progress: number[] = [];
  await client.callTool({ name: 'count', arguments: { n: 3 } }, undefined, { onprogress: (p) => progress.push(p.progress) });
  assert.deepEqual(progress, [1, 2, 3]);
  // The server got the host's headers: the token, the session it assigned.
  const received = JSON.parse(((await client.callTool({ name: 'headers', arguments: {} })).content as { text: string }[])[0]!.text) as Record<string, string>;
  assert.equal(received.authorization, `Bearer ${token}`);
  assert.equal(received['mcp-session-id'], transport.sessionId);
  await transport.terminateSession();
  await client.close();
  const run = await proxy.stop();
  assert.equal(run.code, 0, run.stderr);

  const events = traceOf(out);
  const messages = events.filter((e) => (e.dir === 'c2s' || e.dir === 's2c') && e.msg).map((e) => [e.dir, e.msg]);
  assert.deepEqual(messages, seen.map(([dir, m]) => [dir, JSON.parse(JSON.stringify(m))]));
  const http = events.filter((e) => e.kind === 'http');
  assert.ok(http.some((e) => e.info.method === 'GET' && e.info.status === 200), 'the GET stream went through');
  assert.ok(http.some((e) => e.info.method === 'DELETE'), 'the DELETE that ends the session');
  assert.ok(http.every((e) => e.info.requestHeaders.authorization === `Bearer <redacted>`));
  assert.ok(http.filter((e) => e.info.method !== 'POST' || e.info.status !== 200 || e.info.sessionId).length === http.length, 'every exchange after initialize names the session');
  // The token appears only where the server itself quoted it (the headers tool's result).
  const quoting = events.filter((e) => JSON.stringify(e).includes(token));
  assert.deepEqual(quoting.map((e) => [e.dir, e.msg?.result?.content?.[0]?.text?.includes('authorization')]), [['s2c', true]]);

  // The recording is a trace like any other: lint reads it and finds nothing wrong.
  const lint = await runCli(['lint', '--json', out]);
  assert.equal(lint.code, 0, lint.stdout);
});

test('record --listen in front of an HTTP+SSE server: the relative endpoint works through the proxy; every message is recorded', async () => {
  const out = path.join(dir, 'sse.mcptrace.jsonl');
  const proxy = await startProxy(sse.url, out);
  const transport = new SSEClientTransport(new URL(proxy.url));
  const seen = watch(transport);
  const client = new Client({ name: 'sdk-host', version: '1.0.0' });
  await client.connect(transport);
  assert.deepEqual((await client.callTool({ name: 'echo', arguments: { text: 'old' } })).content, [{ type: 'text', text: 'sse:old' }]);
  await client.close();
  const run = await proxy.stop();
  assert.equal(run.code, 0, run.stderr);
  const events = traceOf(out);
  assert.ok(events.some((e) => e.info?.phase === 'sse-endpoint' && /^\/messages\?sessionId=/.test(e.info.endpoint)));
  const messages = events.filter((e) => (e.dir === 'c2s' || e.dir === 's2c') && e.msg).map((e) => [e.dir, e.msg]);
  assert.deepEqual(messages, seen.map(([dir, m]) => [dir, JSON.parse(JSON.stringify(m))]));
});

test('record --listen: an error page is relayed and noted as not JSON, and a server that cannot be reached is a 502 that says so', async () => {
  // A server that answers every POST with an HTML error page.
  const pages = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Internal Server Error</h1>'));
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  const pagesUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}/mcp`;
  // A port nothing listens on any more.
  const gone = createServer();
  await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
  const goneUrl = `http://127.0.0.1:${(gone.address() as AddressInfo).port}/mcp`;
  await new Promise((resolve) => gone.close(resolve));

  const body = '{"jsonrpc":"2.0","id":1,"method":"tools/list"}';
  const post = (url: string) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  try {
    const errorOut = path.join(dir, 'error-page.mcptrace.jsonl');
    const errorProxy = await startProxy(pagesUrl, errorOut);
    const page = await post(errorProxy.url);
    assert.deepEqual([page.status, await page.text()], [500, '<h1>Internal Server Error</h1>']);
    assert.equal((await errorProxy.stop()).code, 0);
    const noted = traceOf(errorOut).find((e) => e.kind === 'note' && e.info?.body !== undefined);
    assert.equal(noted?.raw, 'POST /mcp answered 500 with a body that is not JSON');
    assert.equal(noted?.info.body, '<h1>Internal Server Error</h1>');

    const goneOut = path.join(dir, 'unreachable.mcptrace.jsonl');
    const goneProxy = await startProxy(goneUrl, goneOut);
    const refused = await post(goneProxy.url);
    assert.equal(refused.status, 502);
    assert.equal(await refused.text(), `mcp-lens record: cannot reach ${new URL(goneUrl).origin}: ECONNREFUSED`);
    assert.equal((await goneProxy.stop()).code, 0);
    const failed = traceOf(goneOut).find((e) => e.kind === 'http' && e.info?.error);
    assert.equal(failed?.raw, `POST ${goneUrl} failed: ECONNREFUSED (${failed?.info.error.message})`);
    assert.equal(failed?.info.requestSeq, traceOf(goneOut).find((e) => e.dir === 'c2s')?.seq, 'the failure names the request it was for');
  } finally {
    await new Promise((resolve) => pages.close(resolve));
  }
});

test('record --listen usage: --url goes with it, a port number, no command, --out required', async () => {
  for (const [argv, message] of [
    [['record', '--listen', '0', '--out', 'x'], /--listen PORT and --url URL go together/],
    [['record', '--listen', 'eighty', '--url', 'http://127.0.0.1:1/mcp', '--out', 'x'], /--listen takes a port number/],
    [['record', '--listen', '0', '--url', 'http://127.0.0.1:1/mcp', '--out', 'x', '--', 'node'], /give no command after --/],
    [['record', '--listen', '0', '--url', 'http://127.0.0.1:1/mcp'], /--out FILE is required/],
  ] as const) {
    const run = await runCli([...argv]);
    assert.equal(run.code, 2, argv.join(' '));
    assert.match(run.stderr, message);
  }
});
