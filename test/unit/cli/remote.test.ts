import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { after, before, test } from 'node:test';
import { startHttpFixture, type HttpFixture } from '../transport/httpHelpers';
import { buildCli, report, runCli } from './helpers';

// The official SDKs' Streamable HTTP servers on 127.0.0.1: v1 (2025, sessions), v2 (2026-07-28).
let v1: HttpFixture;
let v2: HttpFixture;
let docs: HttpFixture;

before(async () => {
  [v1, v2, docs] = await Promise.all([
    startHttpFixture('sdk-v1-http.mjs'),
    startHttpFixture('sdk-v2-http.mjs'),
    startHttpFixture('sdk-v2-docs.mjs'),
    buildCli(),
  ]);
});
after(() => Promise.all([v1?.stop(), v2?.stop(), docs?.stop()]));

test('call --url on a legacy server: --header and --token reach the server; the token never reaches the report', async () => {
  const token = 'tok-7f3a9c1e5b';
  const plain = await runCli(['call', 'headers', '--url', v1.url, '--header', 'X-Team: blue', '--token', token]);
  assert.equal(plain.code, 0, plain.stderr);
  const received = JSON.parse(plain.stdout) as Record<string, string>;
  assert.equal(received['x-team'], 'blue');
  assert.equal(received.authorization, `Bearer ${token}`);

  const json = await runCli(['call', 'echo', '--args', '{"text":"hi"}', '--json', '--url', v1.url, '--token', token]);
  assert.equal(json.code, 0, json.stderr);
  const r = report(json);
  assert.deepEqual(r.result, { content: [{ type: 'text', text: 'v1:hi' }] });
  assert.deepEqual(r.server, { url: v1.url, serverInfo: { name: 'sdk-v1-http', version: '1.0.0' } });
  assert.equal(r.era, 'legacy');
  assert.ok(!json.stdout.includes(token), 'the token is redacted everywhere in the report');
  assert.ok(r.events.some((e: any) => e.info?.requestHeaders?.Authorization === 'Bearer <redacted>'));
});

test('check --url on a 2026-07-28 server: modern era, its tools listed, and nothing to report (exit 0)', async () => {
  const run = await runCli(['check', '--json', '--url', v2.url]);
  const r = report(run);
  // The SDK answers the probes of undeclared lists with -32601 as HTTP 404: an answer, not a wrong path.
  assert.deepEqual(r.diagnostics, []);
  assert.equal(run.code, 0);
  assert.equal(r.era, 'modern');
  assert.equal(r.protocolVersion, '2026-07-28');
  assert.deepEqual(r.tools.map((t: any) => t.name).sort(), ['count', 'echo', 'region', 'wait']);
});

test('call --url on a 2026-07-28 server mirrors an x-mcp-header argument into Mcp-Param-*', async () => {
  const run = await runCli(['call', 'region', '--args', '{"region":"eu-west"}', '--json', '--url', v2.url]);
  assert.equal(run.code, 0, run.stderr);
  const r = report(run);
  assert.deepEqual(r.result.content, [{ type: 'text', text: 'region:eu-west' }]);
  const post = r.events.find((e: any) => e.kind === 'http' && e.info?.requestHeaders?.['Mcp-Method'] === 'tools/call');
  assert.equal(post?.info.requestHeaders['Mcp-Name'], 'region');
  assert.equal(post?.info.requestHeaders['Mcp-Param-Region'], 'eu-west');
});

test('read URI --url prints the resource text; an unknown URI is the server error, exit 1', async () => {
  const ok = await runCli(['read', 'docs://readme', '--url', docs.url]);
  assert.equal(ok.code, 0, ok.stderr);
  assert.equal(ok.stdout, '# Read me\nHello from docs.\n');
  const missing = await runCli(['read', 'docs://nope', '--url', docs.url]);
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /docs:\/\/nope: the server answered with an error: -32602 Resource not found/);
});

test('prompt NAME --args --url prints the messages under their role; --json carries the result', async () => {
  const ok = await runCli(['prompt', 'review', '--args', '{"code":"x = 1"}', '--url', docs.url]);
  assert.equal(ok.code, 0, ok.stderr);
  assert.equal(ok.stdout, 'user:\nPlease review: x = 1\n');
  const json = report(await runCli(['prompt', 'review', '--args', '{"code":"y"}', '--json', '--url', docs.url]));
  assert.deepEqual(json.result.messages, [{ role: 'user', content: { type: 'text', text: 'Please review: y' } }]);
  assert.ok(json.events.some((e: any) => e.kind === 'http' && e.info?.requestHeaders?.['Mcp-Name'] === 'review'));
});

test('a URL where nothing listens: the call fails with http-unreachable, exit 1', async () => {
  const run = await runCli(['call', 'echo', '--url', `http://127.0.0.1:${await closedPort()}/mcp`]);
  assert.equal(run.code, 1);
  assert.match(run.stderr, /echo: could not connect to the server/);
  assert.match(run.stderr, /http-unreachable \[transport\]/);
});

/** A loopback port nothing listens on: one the system just gave out and took back. */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

test('2026-07-28: a tool with an invalid x-mcp-header is never called, the valid one is; invalid-tool-header says why', async (t) => {
  const server = await startHttpFixture('invalid-tool-header.mjs');
  t.after(() => server.stop());
  const refused = await runCli(['call', 'score', '--args', '{"score":1.5}', '--json', '--url', server.url]);
  assert.equal(refused.code, 1);
  const r = report(refused);
  assert.match(r.result.failed, /will not call "score": its definition is invalid \(property "score" has x-mcp-header "Score" on a "number" value/);
  assert.ok(!r.events.some((e: any) => e.msg?.method === 'tools/call'), 'no tools/call went out');
  const d = r.diagnostics.find((x: any) => x.rule === 'invalid-tool-header');
  assert.equal(d?.stage, 'transport');
  assert.equal(d?.severity, 'error');
  assert.match(d?.message, /Tool "score" is left out/);

  // The server's fault stays an error diagnostic (exit 1), but the valid tool runs.
  const valid = report(await runCli(['call', 'region', '--args', '{"region":"eu"}', '--json', '--url', server.url]));
  assert.deepEqual(valid.result.content, [{ type: 'text', text: 'called region' }]);
});
