import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { buildCli, report, runCli } from '../cli/helpers';
import { startHttpFixture } from '../transport/httpHelpers';

before(buildCli);

/** `check --json --probes headers` on the header-checks fixture with `fault`: the probe's findings and the exit code. */
async function check(t: { after(fn: () => unknown): void }, fault?: string) {
  const server = await startHttpFixture('header-checks.mjs', fault ? ['--fault', fault] : []);
  t.after(() => server.stop());
  const run = await runCli(['check', '--json', '--probes', 'headers', '--url', server.url]);
  const r = report(run);
  const findings = r.diagnostics.filter((d: any) => d.rule.startsWith('header-'));
  return { code: run.code, r, findings };
}

test('a server that checks Mcp-Method, Mcp-Name and MCP-Protocol-Version as the spec asks: the six requests of the headers probe are refused, and nothing is found', async (t) => {
  const { code, r, findings } = await check(t);
  assert.deepEqual(findings, []);
  assert.equal(code, 0);
  assert.deepEqual(r.probes.find((p: any) => p.id === 'headers'), { id: 'headers', status: 'ran' });
  const sent = r.events.filter((e: any) => e.kind === 'http' && e.info?.probe === 'headers');
  assert.deepEqual(sent.map((e: any) => e.info.status), [400, 400, 400, 400, 400, 400]);
});

test('a server that never compares the headers with the body: each accepted mismatch is its own error, exit 1', async (t) => {
  const { code, findings } = await check(t, 'unchecked');
  assert.equal(code, 1);
  assert.deepEqual(findings.map((d: any) => [d.rule, d.severity]), Array(6).fill(['header-mismatch-accepted', 'error']));
  assert.match(findings[0].message, /^A request with Mcp-Method "prompts\/list" on a tools\/list body was answered 200 OK; .* MUST be refused with HTTP 400 and -32020/);
  assert.ok(findings.some((d: any) => /no Mcp-Name on a tools\/call of "mcp-lens-probe-no-such-tool"/.test(d.message)));
  assert.ok(findings.some((d: any) => /an MCP-Protocol-Version header that disagrees with the body's _meta protocolVersion "9999-01-01" was answered 200 OK/.test(d.message)));
});

test('over stdio, and on a legacy server, the probe says why it does not apply', async (t) => {
  const stdio = report(await runCli(['check', '--json', '--probes', 'headers', '--', process.execPath, `${process.cwd()}/test/fixtures/servers/probes/clean-modern.mjs`]));
  assert.deepEqual(stdio.probes.find((p: any) => p.id === 'headers'), { id: 'headers', status: 'skipped', reason: 'stdio has no headers (Mcp-Method and Mcp-Name are Streamable HTTP headers)' });
  const v1 = await startHttpFixture('sdk-v1-http.mjs');
  t.after(() => v1.stop());
  const legacy = report(await runCli(['check', '--json', '--probes', 'headers', '--url', v1.url]));
  assert.deepEqual(legacy.probes.find((p: any) => p.id === 'headers'), { id: 'headers', status: 'skipped', reason: '2025-11-25 has no Mcp-Method or Mcp-Name headers (2026-07-28 and later)' });
});
