import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { diagnose } from '../../../src/core/diagnose/engine';
import type { Diagnostic } from '../../../src/core/diagnose/diagnostic';
import { HTTP_PROBES } from '../../../src/core/probe/http';
import type { ProbeContext } from '../../../src/core/probe/probe';
import { statelessProbe } from '../../../src/core/probe/stateless';
import { McpClient } from '../../../src/core/session/client';
import { startHttpFixture, type HttpFixture } from '../transport/httpHelpers';

const FIXTURE = 'sdk-v1-probe-faults.mjs';
const PROBE_RULES = new Set(['session-id-invalid', 'session-not-required', 'unknown-session-accepted', 'session-not-terminated', 'origin-not-validated', 'host-not-validated', 'get-stream-invalid', 'resume-failed']);

const started: HttpFixture[] = [];
const clients: McpClient[] = [];
after(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await Promise.all(started.map((s) => s.stop()));
});

/** Connects as `check` does, lists tools, runs every HTTP probe that applies (and stateless, which also runs over stdio), and diagnoses the trace. */
async function probe(args: string[], fixture = FIXTURE): Promise<{ client: McpClient; skipped: Record<string, string>; findings: Diagnostic[] }> {
  const server = await startHttpFixture(fixture, args);
  started.push(server);
  const client = new McpClient({ url: server.url, headers: { Authorization: 'Bearer s3cret-token' } }, { requestTimeoutMs: 5000 });
  clients.push(client);
  const info = await client.connect();
  const tools = await client.listAll('tools/list');
  const ctx: ProbeContext = {
    client,
    info,
    http: { url: server.url, headers: { Authorization: 'Bearer s3cret-token' } },
    listed: { tools, resources: [], templates: [], prompts: [] },
    timeoutMs: 5000,
  };
  const skipped: Record<string, string> = {};
  for (const p of [...HTTP_PROBES, statelessProbe]) {
    const why = p.skip(ctx);
    if (why) skipped[p.id] = why;
    else await p.run(ctx);
  }
  return { client, skipped, findings: diagnose(client.trace.events).filter((d) => PROBE_RULES.has(d.rule)) };
}

function only(findings: Diagnostic[], rule: string): Diagnostic {
  assert.deepEqual(findings.map((d) => d.rule), [rule], JSON.stringify(findings, null, 2));
  return findings[0];
}

/** The trace event a finding cites, by seq. */
function cited(client: McpClient, seq: number) {
  const e = client.trace.events.find((x) => x.seq === seq);
  assert.ok(e, `no event ${seq}`);
  return e;
}

describe('HTTP probes against the official v1 SDK server', () => {
  it('find nothing on a server with DNS-rebinding protection, sessions and resumable streams, and leave the check working', async () => {
    const { client, skipped, findings } = await probe([]);
    assert.deepEqual(findings, []);
    // SEP-2243's headers and SEP-2575's per-request _meta are 2026-07-28's: this 2025-11-25 server has neither.
    assert.deepEqual(skipped, {
      headers: '2025-11-25 has no Mcp-Method or Mcp-Name headers (2026-07-28 and later)',
      stateless: '2025-11-25 has no per-request _meta (2026-07-28 and later)',
    });
    // No HTTP rule takes the probes' deliberate 400/403/404 for the session's own failure.
    assert.deepEqual(diagnose(client.trace.events).filter((d) => d.severity !== 'info'), []);
    // The check's own session was never ended.
    assert.ok(Array.isArray(await client.listAll('tools/list')));
    // Credentials stay out of the probes' exchanges in the trace.
    assert.ok(!JSON.stringify(client.trace.events).includes('s3cret-token'));
  });

  it('session-id-invalid names the space in the session id', async () => {
    const { client, findings } = await probe(['--fault', 'session-id-space']);
    const d = only(findings, 'session-id-invalid');
    assert.match(d.message, /"session [0-9a-f-]+" has a space at position 8/);
    assert.equal(d.severity, 'error');
    assert.equal(cited(client, d.evidence[0]).kind, 'http');
  });

  it('session-not-terminated when a session goes on answering after DELETE', async () => {
    const { client, findings } = await probe(['--fault', 'no-terminate']);
    const d = only(findings, 'session-not-terminated');
    assert.match(d.message, /DELETE of session "[0-9a-f-]+" was answered 200 OK, yet a ping on that session afterwards was answered 200 OK/);
    const [init, del, after] = d.evidence.map((s) => cited(client, s).info as { method: string; status: number });
    assert.deepEqual([init.method, del.method, after.method, after.status], ['POST', 'DELETE', 'POST', 200]);
  });

  it('unknown-session-accepted when a made-up session id is served', async () => {
    const { findings } = await probe(['--fault', 'unknown-session']);
    const d = only(findings, 'unknown-session-accepted');
    assert.match(d.message, /Mcp-Session-Id mcp-lens-unknown-[0-9a-f-]+, a session the server never issued, was answered 200 OK/);
    assert.equal(d.severity, 'error');
  });

  it('session-not-required (a warning) when a request without the session id is served', async () => {
    const { client, findings } = await probe(['--fault', 'no-session-required']);
    const d = only(findings, 'session-not-required');
    assert.equal(d.severity, 'warning');
    assert.match(d.message, /without Mcp-Session-Id was answered 200 OK, as if no session were needed/);
    const sent = cited(client, d.evidence[1]).info as { requestHeaders: Record<string, string> };
    assert.equal(sent.requestHeaders['Mcp-Session-Id'], undefined);
  });

  it('origin-not-validated when a foreign Origin is served', async () => {
    const { client, findings } = await probe(['--fault', 'no-origin-check']);
    const d = only(findings, 'origin-not-validated');
    assert.match(d.message, /Origin: http:\/\/evil\.example was answered 200 OK/);
    assert.equal((cited(client, d.evidence[0]).info as { requestHeaders: Record<string, string> }).requestHeaders.Origin, 'http://evil.example');
  });

  it('host-not-validated when a foreign Host is served', async () => {
    const { client, findings } = await probe(['--fault', 'no-host-check']);
    const d = only(findings, 'host-not-validated');
    assert.match(d.message, /Host: evil\.example:\d+ was answered 200 OK/);
    assert.match((cited(client, d.evidence[0]).info as { requestHeaders: Record<string, string> }).requestHeaders.Host, /^evil\.example:\d+$/);
  });

  it('get-stream-invalid when GET is answered 404', async () => {
    const { findings } = await probe(['--fault', 'get-404']);
    const d = only(findings, 'get-stream-invalid');
    assert.match(d.message, /GET with Accept: text\/event-stream on session "[0-9a-f-]+" was answered 404 Not Found \(application\/json\)/);
  });

  it('resume-failed (a warning) when GET with Last-Event-ID is refused', async () => {
    const { findings } = await probe(['--fault', 'resume-broken']);
    const d = only(findings, 'resume-failed');
    assert.equal(d.severity, 'warning');
    assert.match(d.message, /GET with Last-Event-ID: \S+ \(an id the server sent on its answer to a ping\) was answered 500 Internal Server Error/);
  });
});

// 2026-07-28 removed ping: a server answers it 404 (-32601) whatever its Origin or Host, so the
// probes send server/discover, which every 2026-07-28 server implements.
describe('HTTP probes against the official v2 SDK server (2026-07-28)', () => {
  const MODERN = '../corpus/modern.mjs';

  it('find nothing on a server that refuses a foreign Host and Origin (the SDK helpers)', async () => {
    const { findings } = await probe([], MODERN);
    assert.deepEqual(findings, []);
  });

  it('origin-not-validated and host-not-validated when both are served, with server/discover as the request', async () => {
    const { client, findings } = await probe(['--fault', 'dns-rebinding-unprotected'], MODERN);
    assert.deepEqual(findings.map((d) => d.rule).sort(), ['host-not-validated', 'origin-not-validated']);
    for (const d of findings) {
      assert.match(d.message, /^A server\/discover with (Origin: http:\/\/evil\.example|Host: evil\.example:\d+) was answered 200 OK/);
      const sent = cited(client, d.evidence[0]).info as { requestBody: string };
      assert.equal(JSON.parse(sent.requestBody).method, 'server/discover');
    }
  });
});
