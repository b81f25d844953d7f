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

const PROBES = `${process.cwd()}/test/fixtures/servers/probes`;
const ours = (e: any) => typeof e.msg?.id === 'string' && e.msg.id.startsWith('mcp-lens-probe-stateless-');

test('over stdio, on the session\'s own stream: the v2 SDK refuses each malformed request, and no rule of the session reads the probe\'s lines as a fault', async () => {
  const run = await runCli(['check', '--json', '--probes', 'stateless', '--', process.execPath, `${PROBES}/clean-modern.mjs`]);
  const r = report(run);
  assert.deepEqual(r.probes.find((p: any) => p.id === 'stateless'), { id: 'stateless', status: 'ran' });
  // The version case is HTTP's alone: on stdio the stream already speaks its revision.
  const sent = r.events.filter((e: any) => e.dir === 'c2s' && ours(e));
  assert.deepEqual(sent.map((e: any) => e.msg.method), ['server/discover', 'server/discover', 'server/discover', 'server/discover', 'mcp-lens/no-such-method']);
  const answers = r.events.filter((e: any) => e.dir === 's2c' && ours(e));
  assert.deepEqual(answers.map((e: any) => e.msg.error?.code ?? 'result').sort(), [-32601, -32602, -32602, -32602, 'result']);
  assert.deepEqual(r.diagnostics, [], 'a request without _meta is the probe\'s, not a client fault (missing-meta, schema-violation)');
  assert.equal(run.code, 0);
});

test('over stdio, a server that never looks at _meta: request-meta-mishandled for each missing field, citing the request and its answer', async () => {
  const r = report(await runCli(['check', '--json', '--probes', 'stateless', '--', process.execPath, `${PROBES}/meta-unchecked.mjs`]));
  const findings = r.diagnostics.filter((d: any) => RULES.has(d.rule));
  assert.deepEqual(findings.map((d: any) => [d.rule, d.severity]), [
    ['request-meta-mishandled', 'error'],
    ['request-meta-mishandled', 'error'],
    ['request-meta-mishandled', 'error'],
  ]);
  assert.match(findings[0].message, /^A server\/discover without _meta was answered with a result: a request missing a required _meta field MUST be refused with -32602 \(Invalid params\)$/);
  const [request, answer] = findings[0].evidence.map((seq: number) => r.events.find((e: any) => e.seq === seq));
  assert.equal(request.dir, 'c2s');
  assert.equal(request.msg.params._meta, undefined);
  assert.equal(answer.dir, 's2c');
  assert.equal(answer.msg.id, request.msg.id);
  assert.deepEqual(r.diagnostics.filter((d: any) => !RULES.has(d.rule)).map((d: any) => d.rule), [], 'nothing else');
});

test('over stdio, a server silent on a method it does not know: unknown-method-mishandled names the wait', async () => {
  const run = await runCli(['check', '--json', '--timeout', '2000', '--probes', 'stateless', '--', process.execPath, `${PROBES}/meta-unchecked.mjs`], {
    env: { STATELESS_UNKNOWN: 'silent' },
  });
  const unknown = report(run).diagnostics.filter((d: any) => d.rule === 'unknown-method-mishandled');
  assert.deepEqual(unknown.map((d: any) => d.message), [
    'A request of "mcp-lens/no-such-method" (a method no server implements) got no answer within 2000 ms: a method the server does not implement MUST be answered with -32601 (Method not found)',
  ]);
  assert.equal(run.code, 1);
});

test('on a legacy server, the probe says why it does not apply', async (t) => {
  const v1 = await startHttpFixture('sdk-v1-http.mjs');
  t.after(() => v1.stop());
  const legacy = report(await runCli(['check', '--json', '--probes', 'stateless', '--url', v1.url]));
  assert.deepEqual(legacy.probes.find((p: any) => p.id === 'stateless'), { id: 'stateless', status: 'skipped', reason: '2025-11-25 has no per-request _meta (2026-07-28 and later)' });
});
