import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RULE_IDS, type Stage } from '../../../src/core/diagnose/diagnostic';
import { DiagnosticsEngine, diagnose } from '../../../src/core/diagnose/engine';
import { RULES } from '../../../src/core/diagnose/registry';
import { LINE_FACTS } from '../../../src/core/diagnose/rule';
import { TraceBuilder } from './traceBuilder';

// DESIGN.md §4: the stage of every rule.
const STAGES: Record<Stage, string[]> = {
  transport: ['spawn-failed', 'exited-early', 'crashed', 'no-response', 'http-unreachable', 'http-status', 'session-expired', 'connection-reset', 'http-redirect', 'http-headers-oversize', 'sse-no-event', 'sse-endpoint-invalid', 'sse-stream-closed', 'invalid-tool-header', 'session-id-invalid', 'session-not-required', 'session-not-terminated', 'unknown-session-accepted', 'origin-not-validated', 'host-not-validated', 'header-mismatch-accepted', 'get-stream-invalid', 'resume-failed'],
  framing: ['stray-stdout', 'glued-output', 'multiline-json', 'not-jsonrpc', 'partial-line', 'invalid-utf8', 'http-body-oversize', 'json-too-deep'],
  initialization: ['request-before-initialize', 'missing-initialized', 'version-mismatch', 'unsupported-version', 'missing-meta', 'no-discover', 'missing-client-capability', 'request-meta-mishandled', 'unsupported-version-mishandled'],
  negotiation: ['undeclared-client-capability', 'undeclared-capability', 'capability-not-declared', 'tool-name-invalid', 'look-alike-names', 'unrequested-notification', 'logging-level-refused', 'subscribe-refused', 'era-difference', 'tasks-capability-invalid', 'task-result-undeclared', 'task-request-mishandled', 'unknown-method-mishandled'],
  invocation: ['invalid-params', 'tool-error', 'domain-error-as-protocol-error', 'output-schema-mismatch', 'url-elicitation-required', 'app-resource-invalid', 'app-csp-violation', 'app-unknown-tool', 'app-not-initialized', 'app-protocol-violation', 'invalid-input-accepted', 'error-leaks-internals', 'ping-failed', 'completion-invalid', 'resource-read-failed', 'unknown-resource-answered', 'prompt-get-failed'],
  envelope: ['unknown-response-id', 'duplicate-response', 'null-id', 'result-and-error', 'reply-to-notification', 'schema-violation', 'error-in-200', 'input-required-malformed', 'unknown-input-request', 'result-type-missing', 'caching-hint-invalid', 'task-envelope-invalid', 'task-outcome-invalid', 'task-ack-invalid'],
  flow: ['progress-not-increasing', 'message-after-cancel', 'notification-before-acknowledged', 'pagination-loop', 'timeout', 'input-repeated', 'input-retry-accepted', 'memory-growth', 'latency-growth', 'input-required-misplaced', 'probe-failed', 'task-lost', 'task-status-regressed'],
  authorization: [
    'auth-metadata',
    'auth-issuer-mismatch',
    'auth-pkce-unsupported',
    'auth-registration',
    'auth-state-mismatch',
    'auth-token',
    'auth-resource-mismatch',
    'auth-insufficient-scope',
    'auth-dpop-nonce',
    'auth-token-exchange',
    'auth-assertion',
  ],
};
// The MCP Skills extension (SEP-2640), docs/diagnostics.md.
STAGES.envelope.push('skill-entry-invalid');
STAGES.negotiation.push('skills-capability-invalid', 'skills-method-failed');
STAGES.flow.push('skills-list-invalid');
STAGES.invocation.push('skill-unknown-answered', 'skill-file-mismatch', 'skill-manifest-metadata', 'skill-directory-invalid');

test('the registry has exactly one rule per catalogue id, each in its table stage', () => {
  assert.deepEqual(RULES.map((r) => r.id).sort(), [...RULE_IDS].sort());
  for (const rule of RULES) {
    const stage = (Object.keys(STAGES) as Stage[]).find((s) => STAGES[s].includes(rule.id));
    assert.equal(rule.stage, stage, rule.id);
  }
  assert.equal(RULES.find((r) => r.id === 'tool-error')?.severity, 'info');
});

function messyTrace(): TraceBuilder {
  const t = new TraceBuilder();
  t.legacySession({});
  t.s2c('booting…');
  t.request(3, 'tools/list');
  t.result(3, { tools: [{ name: 'a', inputSchema: { type: 'object' } }], nextCursor: 'x' });
  t.request(4, 'tools/list', { cursor: 'x' });
  t.result(4, { tools: [], nextCursor: 'x' });
  t.request(5, 'resources/read', { uri: 'a://b' });
  t.error(5, -32601, 'Method not found');
  t.result(5, {});
  t.request(6, 'tools/call', { name: 'a', arguments: {} });
  t.stderr('Error: boom');
  t.meta('exited', { code: 1, signal: null });
  return t;
}

test('live feeding and offline diagnose give the same diagnostics; end() is idempotent', () => {
  const t = messyTrace();
  const engine = new DiagnosticsEngine();
  const answers = t.events.map((e) => engine.feed(e));
  // An event that proves nothing gets the one shared empty list: frozen, so no caller can fill it for the next.
  const empty = answers.filter((a) => a.length === 0);
  assert.ok(empty.length > 0);
  for (const a of empty) assert.ok(Object.isFrozen(a));
  const live = answers.flat();
  live.push(...engine.end());
  assert.deepEqual(engine.end(), []);
  assert.deepEqual(live, diagnose(t.events));
  assert.deepEqual(engine.all, live);
  assert.deepEqual(engine.failures, []);
  assert.deepEqual(
    [...new Set(live.map((d) => d.rule))].sort(),
    ['capability-not-declared', 'crashed', 'duplicate-response', 'pagination-loop', 'schema-violation', 'stray-stdout', 'undeclared-capability'],
  );
});

test('each diagnostic is produced by the event that proves it (live)', () => {
  const t = messyTrace();
  const engine = new DiagnosticsEngine();
  for (const e of t.events) {
    for (const d of engine.feed(e)) assert.equal(Math.max(...d.evidence), e.seq, `${d.rule} fires on its last evidence`);
  }
});

test('retry is true only in the transport stage; evidence seqs exist in the trace', () => {
  const t = messyTrace();
  const seqs = new Set(t.events.map((e) => e.seq));
  for (const d of diagnose(t.events)) {
    assert.equal(d.retry, d.stage === 'transport', d.rule);
    assert.ok(d.evidence.length > 0 && d.evidence.every((s) => seqs.has(s)), d.rule);
    assert.ok(d.hint.length > 20, d.rule);
  }
});

test('a throwing rule is recorded and does not stop the others', () => {
  const boom = { id: 'timeout' as const, stage: 'flow' as const, severity: 'error' as const, onEvent: () => { throw new Error('bug'); } };
  const engine = new DiagnosticsEngine([boom, ...RULES.filter((r) => r.id === 'stray-stdout')]);
  const t = new TraceBuilder();
  t.s2c('noise');
  assert.equal(engine.feed(t.events[0]).length, 1);
  assert.equal(engine.failures.length, 1);
});

/** Server notifications of every sort around cancelled and finished requests: what the method index must not change. */
function notificationTrace(): TraceBuilder {
  const t = new TraceBuilder();
  t.legacySession({ tools: {}, logging: {} });
  t.request(2, 'tools/call', { name: 'a', arguments: {}, _meta: { progressToken: 7 } });
  t.s2c({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 7, progress: 2 } });
  t.s2c({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x' } });
  t.s2c({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 7, progress: 1 } });
  t.s2c({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'nope', data: 'x' } });
  t.s2c({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 99, progress: 1 } });
  t.s2c({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 99, progress: 1 } });
  t.notify('notifications/cancelled', { requestId: 2 });
  t.s2c({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 7, progress: 3 } });
  t.s2c({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'after' } });
  t.result(2, { content: [] });
  t.request(3, 'tools/call', { name: 'a', arguments: {}, _meta: { progressToken: 8 } });
  t.result(3, { content: [] });
  t.s2c({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 8, progress: 9 } });
  // Odd events: kind and message that disagree, as a hand-edited trace file may hold.
  t.add({ dir: 's2c', raw: '{}', kind: 'notification', msg: { jsonrpc: '2.0', id: 3, method: 'notifications/progress', params: { progressToken: 8, progress: 1 } } });
  t.request(4, 'tools/call', { name: 'a', arguments: {} });
  t.notify('notifications/cancelled', { requestId: 4 });
  t.add({ dir: 's2c', raw: '{}', kind: 'notification', msg: { jsonrpc: '2.0', id: 4, result: {} } });
  t.s2c('glued {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":1}}');
  return t;
}

/** Feeds both engines every event of `t`: each event, the end and the whole give the same diagnostics; the rules that fired. */
function sameFindings(t: TraceBuilder, a: DiagnosticsEngine, b: DiagnosticsEngine): Set<string> {
  for (const e of t.events) assert.deepEqual(a.feed(e), b.feed(e), `seq ${e.seq}`);
  assert.deepEqual(a.end(), b.end());
  assert.deepEqual(a.all, b.all);
  return new Set(a.all.map((d) => d.rule));
}

test('rules indexed by notification method find exactly what they found when every rule saw every notification', () => {
  const t = notificationTrace();
  const rules = sameFindings(t, new DiagnosticsEngine(), new DiagnosticsEngine(RULES.map((r) => ({ ...r, notifications: undefined }))));
  for (const id of ['progress-not-increasing', 'message-after-cancel', 'schema-violation'] as const) assert.ok(rules.has(id), id);
});

test('a rule indexed by notification method sees only those notifications, and every other event of its classes', () => {
  const seen: string[] = [];
  const spy = {
    id: 'progress-not-increasing' as const,
    stage: 'flow' as const,
    severity: 'error' as const,
    on: ['s2c-notification', 's2c-response'] as const,
    notifications: ['notifications/progress'],
    onEvent: (e: { kind?: string; msg?: unknown }) => void seen.push(`${e.kind} ${(e.msg as { method?: string }).method ?? ''}`),
  };
  const engine = new DiagnosticsEngine([spy]);
  for (const e of notificationTrace().events) engine.feed(e);
  assert.ok(seen.length > 0);
  assert.ok(!seen.includes('notification notifications/message'), seen.join(', '));
  assert.ok(seen.includes('notification notifications/progress'));
  assert.ok(seen.includes('response '));
});

/** Lines with every line fact beside well-formed ones: what skipping the fact rules must not change. */
function factTrace(): TraceBuilder {
  const t = notificationTrace();
  const note = { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x' } };
  t.s2c(note, { glued: 'ready ', piece: { index: 0, count: 2 } });
  t.s2c(' trailing text', { piece: { index: 1, count: 2 } });
  t.s2c(note, { glued: 'old trace ' });
  t.s2c(note, { multiline: true });
  t.s2c('bad \uFFFD bytes', { invalidUtf8: true, bytes: 'YmFkIOIo' });
  t.s2c(note, { invalidUtf8: true, bytes: 'e30=' });
  t.s2c(note);
  return t;
}

test('rules about line facts find exactly what they found when they saw every event', () => {
  const rules = sameFindings(factTrace(), new DiagnosticsEngine(), new DiagnosticsEngine(RULES.map((r) => ({ ...r, facts: undefined }))));
  for (const id of ['glued-output', 'multiline-json', 'invalid-utf8'] as const) assert.ok(rules.has(id), id);
});

test('a rule about line facts sees exactly the events that carry one, whichever it is', () => {
  const seen: number[] = [];
  const spy = {
    id: 'multiline-json' as const,
    stage: 'framing' as const,
    severity: 'warning' as const,
    on: ['s2c-notification', 's2c-line'] as const,
    facts: ['multiline'] as const,
    onEvent: (e: { seq: number }) => void seen.push(e.seq),
  };
  const t = factTrace();
  const one = { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 1 } };
  // Each fact alone, so every one of LINE_FACTS is looked for.
  const alone = LINE_FACTS.map((fact) => t.s2c(one, { [fact]: fact === 'piece' ? { index: 0, count: 1 } : fact === 'glued' ? '' : true }));
  const engine = new DiagnosticsEngine([spy]);
  for (const e of t.events) engine.feed(e);
  const withFacts = t.events.filter((e) => e.dir === 's2c' && LINE_FACTS.some((f) => e[f] !== undefined)).map((e) => e.seq);
  assert.ok(alone.every((seq) => withFacts.includes(seq)));
  assert.deepEqual(seen, withFacts);
});
