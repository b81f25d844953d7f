import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { buildCli, report, runCli } from '../cli/helpers';
import { startHttpFixture } from '../transport/httpHelpers';

// The stateless probe (SEP-2575) against the official v2 SDK (the corpus's modern fixture): the
// SDK refuses every malformed request as the spec asks; each fault breaks one refusal.
before(buildCli);

const RULES = new Set(['request-meta-mishandled', 'unsupported-version-mishandled', 'unknown-method-mishandled']);

async function check(t: { after(fn: () => unknown): void }, fault?: string) {
  const server = await startHttpFixture('../corpus/modern.mjs', fault ? ['--fault', fault] : []);
  t.after(() => server.stop());
  const run = await runCli(['check', '--json', '--probes', 'stateless', '--url', server.url]);
  const r = report(run);
  return { code: run.code, r, findings: r.diagnostics.filter((d: any) => RULES.has(d.rule)) };
}

test('the v2 SDK: six raw requests, each answered as SEP-2575 asks, and nothing found', async (t) => {
  const { code, r, findings } = await check(t);
  assert.deepEqual(findings, []);
  assert.equal(code, 0);
  assert.deepEqual(r.probes.find((p: any) => p.id === 'stateless'), { id: 'stateless', status: 'ran' });
  const sent = r.events.filter((e: any) => e.kind === 'http' && e.info?.probe === 'stateless');
  assert.deepEqual(
    sent.map((e: any) => [JSON.parse(e.info.requestBody).method, e.info.status]),
    [
      ['server/discover', 400],
      ['server/discover', 400],
      ['server/discover', 400],
      ['server/discover', 200],
      ['server/discover', 400],
      ['mcp-lens/no-such-method', 404],
    ],
  );
});

test('_meta never validated: each of the three malformed requests served is its own error', async (t) => {
  const { code, findings } = await check(t, 'meta-unchecked');
  assert.equal(code, 1);
  assert.deepEqual(findings.map((d: any) => [d.rule, d.severity]), Array(3).fill(['request-meta-mishandled', 'error']));
  assert.match(findings[0].message, /^A server\/discover without _meta was answered 200 OK with a result: a request missing a required _meta field MUST be refused with HTTP 400 and -32602/);
  assert.match(findings[2].message, /whose _meta has no "io\.modelcontextprotocol\/clientCapabilities"/);
});

test('clientInfo required: a warning (a client SHOULD send it, and a server SHOULD NOT change its behaviour on it)', async (t) => {
  const { code, findings } = await check(t, 'client-info-required');
  assert.equal(code, 0);
  assert.deepEqual(findings.map((d: any) => [d.rule, d.severity]), [['request-meta-mishandled', 'warning']]);
  assert.match(findings[0].message, /no "io\.modelcontextprotocol\/clientInfo" .* was answered 400 Bad Request with error -32602: the server requires clientInfo/);
});

test('an unknown version served, or refused without data: unsupported-version-mishandled', async (t) => {
  const served = await check(t, 'version-unchecked');
  assert.deepEqual(served.findings.map((d: any) => d.rule), ['unsupported-version-mishandled']);
  assert.match(served.findings[0].message, /^A server\/discover for protocol version "9999-01-01" was answered 200 OK with a result: a version the server does not support MUST be refused with HTTP 400 and -32022/);
  const bare = await check(t, 'unsupported-version-no-data');
  assert.match(bare.findings[0].message, /answered 400 Bad Request with error -32022: its data has no "supported" list/);
});

test('an unknown method answered -32601 with HTTP 200: unknown-method-mishandled', async (t) => {
  const { findings } = await check(t, 'unknown-method-200');
  assert.deepEqual(findings.map((d: any) => [d.rule, d.severity]), [['unknown-method-mishandled', 'error']]);
  assert.match(findings[0].message, /^A request of "mcp-lens\/no-such-method" \(a method no server implements\) was answered 200 OK with error -32601: .* HTTP 404 and -32601/);
});

test('over stdio, and on a legacy server, the probe says why it does not apply', async (t) => {
  const stdio = report(await runCli(['check', '--json', '--probes', 'stateless', '--', process.execPath, `${process.cwd()}/test/fixtures/servers/probes/clean-modern.mjs`]));
  assert.match(stdio.probes.find((p: any) => p.id === 'stateless').reason, /^stdio: /);
  const v1 = await startHttpFixture('sdk-v1-http.mjs');
  t.after(() => v1.stop());
  const legacy = report(await runCli(['check', '--json', '--probes', 'stateless', '--url', v1.url]));
  assert.deepEqual(legacy.probes.find((p: any) => p.id === 'stateless'), { id: 'stateless', status: 'skipped', reason: '2025-11-25 has no per-request _meta (2026-07-28 and later)' });
});
