// A session whose trace keeps only its newest events in memory: the handshake and the events
// diagnostics cite stay readable, an older event says so, and export still has every event.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import type { Diagnostic } from '../../../../src/core/diagnose/diagnostic';
import type { NewTraceEvent } from '../../../../src/core/trace/event';
import { parseTraceText } from '../../../../src/core/trace/jsonl';
import { Trace } from '../../../../src/core/trace/trace';
import { collectSecrets, LiveSession } from '../../../../src/extension/diagnostics/liveSession';
import { createSessionTrace } from '../../../../src/extension/diagnostics/traceStore';
import { exportTrace } from '../../../../src/extension/messages/exportTrace';
import { cardOf } from '../../../../src/extension/stderr/cards';

function tempDir(t: { after: (fn: () => void) => void }): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-windowed-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function request(id: number, method: string, params: Record<string, unknown> = {}): NewTraceEvent {
  const msg = { jsonrpc: '2.0' as const, id, method, params };
  return { dir: 'c2s', kind: 'request', raw: JSON.stringify(msg), msg };
}

function response(id: number, result: Record<string, unknown>): NewTraceEvent {
  const msg = { jsonrpc: '2.0' as const, id, result };
  return { dir: 's2c', kind: 'response', raw: JSON.stringify(msg), msg };
}

/** A run that starts, talks, writes a stray line, then floods stderr far past the window. */
function record(trace: Trace): { stray: number; flood: number[] } {
  trace.append({ dir: 'meta', kind: 'spawned', raw: 'spawned node server.js --key sk-live-123456', info: { pid: 1, command: 'node', args: ['server.js'] } });
  trace.append(request(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } }));
  trace.append(response(1, { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } }));
  const flood: number[] = [];
  for (let i = 0; i < 100; i++) flood.push(trace.append({ dir: 'stderr', kind: 'log', raw: `early ${i} token sk-live-123456` }).seq);
  const stray = trace.append({ dir: 's2c', kind: 'stray', raw: 'ready' }).seq;
  for (let i = 0; i < 300; i++) flood.push(trace.append({ dir: 'stderr', kind: 'log', raw: `late ${i}` }).seq);
  return { stray, flood };
}

test('evicted events: the handshake and cited evidence stay readable, an older event says why it is not', (t) => {
  const { trace } = createSessionTrace(tempDir(t), 'demo', 50);
  const session = new LiveSession('k', 'demo', { values: [] }, { trace });
  t.after(() => trace.dispose());
  const { stray, flood } = record(trace);
  assert.ok(trace.evicted > stray, 'the stray line left the trace window');
  // The run's first events.
  assert.equal(session.event(1)?.kind, 'spawned');
  assert.equal((session.event(2)?.msg as { method?: string }).method, 'initialize');
  // The stray line a diagnostic cites.
  const strayDiagnostic = session.diagnostics.find((d) => d.evidence.includes(stray));
  assert.ok(strayDiagnostic, `a diagnostic cites the stray line: ${session.diagnostics.map((d) => d.rule).join(', ')}`);
  assert.equal(session.event(stray)?.raw, 'ready');
  assert.equal(cardOf(session, strayDiagnostic).evidence.find((l) => l.seq === stray)?.label, 'stray stdout "ready"', 'named by what it is, read from the kept event');
  // An old stderr line nobody cites.
  const old = flood[150]!;
  assert.equal(session.event(old), undefined);
  assert.match(session.missingText(old), new RegExp(`^event #${old} is older than the in-memory window \\(the newest \\d+ of ${trace.count} events\\); export the trace to see it$`));
  const fake: Diagnostic = { ...strayDiagnostic, evidence: [old] };
  assert.match(cardOf(session, fake).evidence[0]!.label, /^event #\d+ is older than the in-memory window .*; export the trace to see it$/);
  // The newest events are in memory.
  assert.equal(session.event(trace.count)?.raw, 'late 299');
  session.dispose();
});

test('export of a windowed session has every event, secrets masked, like a keep-all session', async (t) => {
  const dir = tempDir(t);
  const secrets = collectSecrets([], { API_KEY: 'sk-live-123456' });
  const { trace } = createSessionTrace(dir, 'demo', 50);
  t.after(() => trace.dispose());
  const windowed = new LiveSession('k', 'demo', secrets, { trace });
  const whole = new LiveSession('k', 'demo', secrets);
  record(windowed.trace);
  record(whole.trace);
  assert.ok(windowed.trace.events.length < 100);

  const a = path.join(dir, 'windowed.mcptrace.jsonl');
  const b = path.join(dir, 'whole.mcptrace.jsonl');
  assert.equal(await exportTrace(windowed, a), whole.trace.count);
  assert.equal(await exportTrace(whole, b), whole.trace.count);
  const text = fs.readFileSync(a, 'utf8');
  assert.ok(!text.includes('sk-live-123456'), 'a secret leaked');
  const parsed = parseTraceText(text);
  assert.deepEqual(parsed.problems, []);
  assert.deepEqual(parsed.events.map((e) => e.seq), whole.trace.events.map((e) => e.seq));
  assert.equal(parsed.events[3]!.raw, 'early 0 token ••••');
  // Same events, same masking: only the clock differs between the two recordings.
  const untimed = (s: string) => s.replace(/"t":[0-9.e+]+/g, '"t":0');
  assert.equal(untimed(text), untimed(fs.readFileSync(b, 'utf8')));
  windowed.dispose();
  whole.dispose();
});
