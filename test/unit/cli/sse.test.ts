import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startHttpFixture, type HttpFixture } from '../transport/httpHelpers';
import { buildCli, report, runCli } from './helpers';

// The official v1 SDK's SSEServerTransport (HTTP+SSE, 2024-11-05) on 127.0.0.1.
let sse: HttpFixture;
let broken: HttpFixture;

before(async () => {
  [sse, broken] = await Promise.all([startHttpFixture('sdk-v1-sse.mjs'), startHttpFixture('sdk-v1-sse.mjs', ['--bad-endpoint=cross-origin']), buildCli()]);
});
after(() => Promise.all([sse?.stop(), broken?.stop()]));

test('check --url --transport sse: the handshake and every list over the event stream, nothing to report', async () => {
  const run = await runCli(['check', '--json', '--url', sse.url, '--transport', 'sse']);
  const r = report(run);
  assert.deepEqual(r.diagnostics, []);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(r.era, 'legacy');
  assert.deepEqual(r.tools.map((t: any) => t.name), ['echo', 'hangup', 'headers']);
  assert.ok(r.events.some((e: any) => e.info?.phase === 'sse-endpoint' && e.info.endpoint));
});

test('call --url without --transport: the refused POST falls back to HTTP+SSE and the call is answered', async () => {
  const run = await runCli(['call', 'echo', '--args', '{"text":"hi"}', '--url', sse.url, '--token', 'tok-5e2b']);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout.trim(), 'sse:hi');
});

test('an endpoint event on another origin: exit 1 with sse-endpoint-invalid, and nothing posted there', async () => {
  const run = await runCli(['check', '--json', '--url', broken.url, '--transport', 'sse']);
  assert.equal(run.code, 1);
  const r = report(run);
  const d = r.diagnostics.find((x: any) => x.rule === 'sse-endpoint-invalid');
  assert.ok(d, JSON.stringify(r.diagnostics));
  assert.match(d.message, /198\.51\.100\.7:9 is not the origin of the stream/);
  assert.ok(!r.events.some((e: any) => e.info?.method === 'POST'));
});
