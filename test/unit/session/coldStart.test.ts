// The era probe against servers that are still starting (real child processes that write
// nothing and read no stdin for a while): DESIGN.md §1, "A server still starting (a cold
// npx/uvx) is not legacy: a DiscoverResult that arrives before the legacy handshake
// completes wins", while a slow legacy server still falls back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { diagnose } from '../../../src/core/diagnose/engine';
import { requestsInFlight } from '../../../src/core/devloop/inFlight';
import { McpClient, type ClientOptions } from '../../../src/core/session/client';
import type { TraceEvent } from '../../../src/core/trace/event';
import { fixture } from '../transport/helpers';

/** Hang guard only: no test here asserts a duration. */
const GUARD = { timeout: 30_000 };

function client(name: string, env: Record<string, string>, options: ClientOptions = {}): McpClient {
  return new McpClient({ ...fixture(`lifecycle/${name}`), env }, options);
}

/**
 * The abandoned initialize's own answer (-32601 from a modern server) may be read in the same
 * chunk as the late probe answer or later: where it falls is not the client's doing. It is
 * checked apart (it must come after the client gave the initialize up), then left out.
 */
function withoutAbandonedAnswer(lines: string[]): string[] {
  const answer = lines.indexOf('← #2 error -32601');
  assert.ok(answer > lines.indexOf('cancelled initialize (local)'), `initialize was answered before it was abandoned: ${lines.join(' | ')}`);
  return lines.filter((_, i) => i !== answer);
}

/** The lifecycle as a person reads it: meta kinds with their method or era, and the requests sent. */
function story(events: readonly TraceEvent[]): string[] {
  const out: string[] = [];
  for (const e of events) {
    const m = e.msg as { method?: string; id?: unknown; error?: { code: number } } | undefined;
    if (e.dir === 'meta' && e.kind === 'era') out.push(`era ${String(e.info?.era)}`);
    else if (e.dir === 'meta' && (e.kind === 'timeout' || e.kind === 'cancelled')) out.push(`${e.kind} ${String(e.info?.method)}${e.info?.local ? ' (local)' : ''}`);
    else if (e.dir === 'c2s' && e.kind === 'request') out.push(`→ ${m?.method}`);
    else if (e.dir === 's2c' && e.kind === 'response') out.push(`← #${String(m?.id)}${m?.error ? ` error ${m.error.code}` : ''}`);
  }
  return out;
}

test('a modern server silent for 4 s is modern: the probe waits for a server that has written nothing', GUARD, async (t) => {
  const c = client('slow-modern-start.mjs', { SLOW_START_MS: '4000' });
  t.after(() => c.close());
  const info = await c.connect();
  assert.equal(info.era, 'modern');
  assert.equal(info.protocolVersion, '2026-07-28');
  assert.deepEqual((await c.listAll('tools/list')).map((tool) => tool.name), ['warmed_up']);
  // No timeout, no initialize: the probe simply got its answer.
  assert.deepEqual(story(c.trace.events), ['→ server/discover', '← #1', 'era modern', '→ tools/list', '← #2']);
});

test('a DiscoverResult that arrives after the probe timed out, before initialize is answered, wins', GUARD, async (t) => {
  // The probe's budget (400 ms) is shorter than the start (1.5 s): it times out, initialize goes out, then both are read.
  const c = client('slow-modern-start.mjs', { SLOW_START_MS: '1500' }, { probeTimeoutMs: 300, probeMaxWaitMs: 400 });
  t.after(() => c.close());
  const info = await c.connect();
  assert.equal(info.era, 'modern');
  assert.deepEqual((await c.listAll('tools/list')).map((tool) => tool.name), ['warmed_up']);
  await c.close();
  const events = c.trace.events;
  assert.deepEqual(withoutAbandonedAnswer(story(events)).slice(0, 7), [
    '→ server/discover',
    'timeout server/discover',
    'era legacy',
    '→ initialize',
    '← #1',
    // The initialize is not left dangling: the trace says the client stopped waiting, and why.
    'cancelled initialize (local)',
    'era modern',
  ]);
  const eras = events.filter((e) => e.kind === 'era');
  assert.match(String(eras[1].info?.reason), /DiscoverResult \(seq \d+\) after the probe had timed out: the server was still starting/);
  // The summary and the diagnostics read the last era; the modern server's -32601 to initialize is nobody's fault.
  assert.deepEqual(diagnose(events).filter((d) => d.severity === 'error').map((d) => d.rule), []);
  assert.deepEqual(requestsInFlight(events), []);
});

test('a slow legacy server answering the probe with -32601 is legacy, with no timeout', GUARD, async (t) => {
  const c = client('slow-legacy-start.mjs', { SLOW_START_MS: '1500' });
  t.after(() => c.close());
  const info = await c.connect();
  assert.equal(info.era, 'legacy');
  assert.equal(info.protocolVersion, '2025-06-18');
  assert.deepEqual(story(c.trace.events), ['→ server/discover', '← #1 error -32601', 'era legacy', '→ initialize', '← #2']);
});

test('a slow legacy server past the probe budget: its late -32601 does not make it modern', GUARD, async (t) => {
  const c = client('slow-legacy-start.mjs', { SLOW_START_MS: '1500' }, { probeTimeoutMs: 300, probeMaxWaitMs: 400 });
  t.after(() => c.close());
  const info = await c.connect();
  assert.equal(info.era, 'legacy');
  assert.deepEqual((await c.listAll('tools/list')).map((tool) => tool.name), ['old_school']);
  assert.deepEqual(story(c.trace.events), ['→ server/discover', 'timeout server/discover', 'era legacy', '→ initialize', '← #1 error -32601', '← #2', '→ tools/list', '← #3']);
});

test('once the server shows signs of life (stderr), the short probe timeout applies, not the whole budget', GUARD, async (t) => {
  // A one-minute budget the guard would catch: the banner on stderr must start the 300 ms count instead.
  const c = client('slow-legacy-start.mjs', { SLOW_START_MS: '1000', SLOW_LEGACY_SILENT: '1', SLOW_LEGACY_BANNER: '1' }, { probeTimeoutMs: 300, probeMaxWaitMs: 60_000 });
  t.after(() => c.close());
  const info = await c.connect();
  assert.equal(info.era, 'legacy');
  const timeout = c.trace.events.find((e) => e.kind === 'timeout');
  assert.equal(timeout?.info?.method, 'server/discover');
  const banner = c.trace.events.find((e) => e.dir === 'stderr');
  assert.ok(banner && timeout && banner.seq < timeout.seq, 'the sign of life came before the timeout');
});

test('a late -32022 (a recognised modern error) also wins: the client probes again with a version the server named', GUARD, async (t) => {
  const c = client('slow-modern-start.mjs', { SLOW_START_MS: '1500' }, { probeTimeoutMs: 300, probeMaxWaitMs: 400, modernVersions: ['2099-01-01', '2026-07-28'] });
  t.after(() => c.close());
  const info = await c.connect();
  assert.equal(info.era, 'modern');
  assert.equal(info.protocolVersion, '2026-07-28');
  assert.deepEqual(withoutAbandonedAnswer(story(c.trace.events)), [
    '→ server/discover',
    'timeout server/discover',
    'era legacy',
    '→ initialize',
    '← #1 error -32022',
    'cancelled initialize (local)',
    '→ server/discover',
    '← #3 error -32022',
    '→ server/discover',
    '← #4',
    'era modern',
  ]);
});

test('with no probe bounds of its own, the probe waits no longer than the request timeout', GUARD, async (t) => {
  // The server is silent for 4 s; the request timeout is 1 s. The probe gives up at 1 s (not at
  // the 10 s a silent server otherwise gets), then initialize times out as well.
  const c = client('slow-modern-start.mjs', { SLOW_START_MS: '4000' }, { requestTimeoutMs: 1000 });
  t.after(() => c.close());
  await assert.rejects(c.connect());
  assert.deepEqual(story(c.trace.events), ['→ server/discover', 'timeout server/discover', 'era legacy', '→ initialize', 'timeout initialize']);
});
