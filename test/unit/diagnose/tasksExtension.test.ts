// The rules of the 2026-07-28 tasks extension (io.modelcontextprotocol/tasks), on hand-built
// traces: a conforming task's conversation raises none of them; each fault raises its rule once.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diagnose } from '../../../src/core/diagnose/engine';
import { modernMeta, TraceBuilder } from './traceBuilder';

const EXT = 'io.modelcontextprotocol/tasks';
const OURS = ['tasks-capability-invalid', 'task-result-undeclared', 'task-envelope-invalid', 'task-outcome-invalid', 'task-ack-invalid', 'task-lost'];
const SERVER_CAPS = { tools: {}, extensions: { [EXT]: {} } };
const TIMES = { createdAt: '2026-12-04T18:00:00Z', lastUpdatedAt: '2026-12-04T18:00:01Z', ttlMs: 60000, pollIntervalMs: 100 };
const declaring = () => {
  const meta = modernMeta();
  return { ...meta, 'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} }, extensions: { [EXT]: {} } } };
};
const found = (t: TraceBuilder) => diagnose(t.events).filter((d) => OURS.includes(d.rule));
const CREATED = { resultType: 'task', taskId: 't1', status: 'working', ...TIMES };
const DONE = { resultType: 'complete', taskId: 't1', status: 'completed', ...TIMES, result: { content: [{ type: 'text', text: 'ok' }] } };

function callAsTask(t: TraceBuilder, created: Record<string, unknown> = CREATED): number {
  t.request(2, 'tools/call', { name: 'slow_compute', arguments: {}, _meta: declaring() });
  return t.result(2, created);
}

test('a conforming task (created, asked, updated, completed, cancelled after): none of the rules', () => {
  const t = new TraceBuilder();
  t.modernSession(SERVER_CAPS);
  callAsTask(t);
  t.request(3, 'tasks/get', { taskId: 't1', _meta: declaring() });
  t.result(3, { resultType: 'complete', taskId: 't1', status: 'input_required', ...TIMES, inputRequests: { confirm: { method: 'elicitation/create', params: { message: 'Sure?', requestedSchema: { type: 'object', properties: {} } } } } });
  t.request(4, 'tasks/update', { taskId: 't1', inputResponses: { confirm: { action: 'accept', content: {} } }, _meta: declaring() });
  t.result(4, { resultType: 'complete' });
  t.request(5, 'tasks/get', { taskId: 't1', _meta: declaring() });
  t.result(5, DONE);
  t.notify('notifications/cancelled', { requestId: 99 });
  t.request(6, 'tasks/cancel', { taskId: 't1', _meta: declaring() });
  t.result(6, { resultType: 'complete' });
  t.request(7, 'tools/call', { name: 'greet', arguments: {}, _meta: modernMeta() });
  t.result(7, { resultType: 'complete', content: [{ type: 'text', text: 'Hello' }] });
  assert.deepEqual(found(t), []);
  // The CreateTaskResult is not a CallToolResult for the official schema: no schema-violation either.
  assert.deepEqual(diagnose(t.events).filter((d) => d.severity !== 'info').map((d) => d.rule), []);
});

test('a nested v1 task, then the legacy field names and requestState on every poll: one task-envelope-invalid per shape, naming each fault', () => {
  const t = new TraceBuilder();
  t.modernSession(SERVER_CAPS);
  const created = callAsTask(t, { resultType: 'task', task: { taskId: 't1', status: 'working', ...TIMES } });
  const legacy = { resultType: 'complete', taskId: 't1', status: 'working', createdAt: TIMES.createdAt, lastUpdatedAt: TIMES.lastUpdatedAt, ttl: 60000, pollInterval: 100, requestState: 'x' };
  t.request(3, 'tasks/get', { taskId: 't1', _meta: declaring() });
  const poll = t.result(3, legacy);
  t.request(4, 'tasks/get', { taskId: 't1', _meta: declaring() });
  t.result(4, legacy);
  const d = found(t);
  assert.deepEqual(d.map((x) => [x.rule, x.evidence[0]]), [
    ['task-envelope-invalid', created],
    ['task-envelope-invalid', poll],
  ]);
  assert.match(d[0].message, /nested under "task"/);
  assert.match(d[1].message, /no "ttlMs".*"ttl".*"pollInterval".*"requestState"/);
});

test('DetailedTask outcomes: completed without result, failed with a tool result, input_required without inputRequests, related-task meta', () => {
  const t = new TraceBuilder();
  t.modernSession(SERVER_CAPS);
  callAsTask(t);
  const cases: Record<string, unknown>[] = [
    { status: 'completed' },
    { status: 'failed', result: { content: [], isError: true } },
    { status: 'input_required' },
    { status: 'completed', result: { content: [{ type: 'text', text: 'x' }], _meta: { 'io.modelcontextprotocol/related-task': { taskId: 't1' } } } },
  ];
  cases.forEach((c, i) => {
    t.request(10 + i, 'tasks/get', { taskId: 't1', _meta: declaring() });
    t.result(10 + i, { resultType: 'complete', taskId: 't1', ...TIMES, ...c });
  });
  // The same DetailedTask shape on a status notification (subscriptions/listen).
  t.s2c({ jsonrpc: '2.0', method: 'notifications/tasks', params: { taskId: 't2', status: 'failed', ...TIMES, _meta: { 'io.modelcontextprotocol/subscriptionId': 9 } } });
  const messages = found(t).map((d) => `${d.rule}: ${d.message}`);
  assert.equal(messages.length, 5, messages.join('\n'));
  assert.match(messages[4], /Task "t2" in notifications\/tasks: it is "failed" without an inlined "error"/);
  assert.match(messages[0], /task-outcome-invalid: .*"completed" without its "result" inlined/);
  assert.match(messages[1], /"failed" without an inlined "error".*a tool that ran and reported an error is "completed"/);
  assert.match(messages[2], /"input_required" without a non-empty "inputRequests"/);
  assert.match(messages[3], /related-task/);
});

test('acks with a task envelope, a task lost right after its creation, a task for an undeclared request, the v1 capability slot', () => {
  const t = new TraceBuilder();
  const { discoverResult } = t.modernSession({ ...SERVER_CAPS, tasks: { requests: { tools: { call: {} } } } });
  const created = callAsTask(t);
  t.request(3, 'tasks/get', { taskId: 't1', _meta: declaring() });
  const lost = t.error(3, -32602, 'Unknown taskId');
  t.request(4, 'tasks/cancel', { taskId: 't1', _meta: declaring() });
  const ack = t.result(4, { resultType: 'complete', taskId: 't1', status: 'cancelled' });
  t.request(5, 'tools/call', { name: 'slow_compute', arguments: {}, _meta: modernMeta() });
  const undeclared = t.result(5, { ...CREATED, taskId: 't2' });
  // An unknown id never created here is just invalid params, not a lost task.
  t.request(6, 'tasks/get', { taskId: 'never', _meta: declaring() });
  t.error(6, -32602, 'Unknown taskId');
  const d = found(t);
  assert.deepEqual(
    d.map((x) => [x.rule, x.evidence[0]]).sort(),
    [
      ['task-ack-invalid', ack],
      ['task-lost', lost],
      ['task-result-undeclared', undeclared],
      ['tasks-capability-invalid', discoverResult],
    ].sort(),
  );
  assert.deepEqual(d.find((x) => x.rule === 'task-lost')?.evidence, [lost, created, lost - 1]);
});

test('a task created by a server that does not advertise the extension', () => {
  const t = new TraceBuilder();
  t.modernSession({ tools: {} });
  const created = callAsTask(t);
  const d = found(t);
  assert.deepEqual(d.map((x) => [x.rule, x.evidence[0]]), [['tasks-capability-invalid', created]]);
  assert.match(d[0].message, /does not advertise io\.modelcontextprotocol\/tasks/);
});
