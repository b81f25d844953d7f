// 2026-07-28 tasks (the io.modelcontextprotocol/tasks extension), the requestor's side, against
// the corpus's hand-written task server over Streamable HTTP.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { McpClient, RequestCancelledError, type TaskState } from '../../../src/core/session/client';
import { TaskFailedError } from '../../../src/core/session/tasksModern';
import type { TraceEvent } from '../../../src/core/trace/event';
import { MessageModel } from '../../../src/extension/messages/model';
import { statusOf, type ExchangeNode } from '../../../src/extension/messages/nodes';
import { rowData } from '../../../src/extension/messages/present';
import { startHttpFixture, type HttpFixture } from '../transport/httpHelpers';

const EXT = 'io.modelcontextprotocol/tasks';
const method = (e: TraceEvent) => (e.msg as { method?: string } | undefined)?.method;
const sent = (client: McpClient, m: string) => client.trace.events.filter((e) => e.dir === 'c2s' && e.kind === 'request' && method(e) === m);

async function taskServer(t: { after(fn: () => Promise<void>): void }, fault?: string): Promise<HttpFixture> {
  const server = await startHttpFixture('../corpus/tasks.mjs', fault ? ['--fault', fault] : []);
  t.after(() => server.stop());
  return server;
}

async function connected(t: { after(fn: () => Promise<void>): void }, url: string, options: ConstructorParameters<typeof McpClient>[1] = {}): Promise<McpClient> {
  const client = new McpClient({ url }, { requestTimeoutMs: 5000, ...options });
  t.after(() => client.close());
  await client.connect();
  return client;
}

test('a task is polled to its inlined result; every task request declares the extension and names the task in Mcp-Name; the Messages view nests the polls', async (t) => {
  const server = await taskServer(t);
  const client = await connected(t, server.url);
  const statuses: TaskState[] = [];
  const { task, result } = await client.callToolAsTask('slow_compute', { seconds: 1, label: 'lens' }, { onStatus: (s) => statuses.push(s) });
  assert.equal(task?.status, 'completed');
  assert.deepEqual(result.content, [{ type: 'text', text: 'computed lens after 1s' }]);
  assert.deepEqual([...new Set(statuses.map((s) => s.status))], ['working', 'completed']);
  const [call] = sent(client, 'tools/call');
  const caps = (call.msg as unknown as { params: { _meta: Record<string, { extensions?: Record<string, unknown> }> } }).params._meta['io.modelcontextprotocol/clientCapabilities'];
  // The tasks extension on this request only; the skills extension is declared on every request.
  assert.deepEqual(caps.extensions, { 'io.modelcontextprotocol/skills': {}, [EXT]: {} });
  const polls = sent(client, 'tasks/get');
  assert.ok(polls.length >= 2, `${polls.length} polls`);
  const posts = client.trace.events.filter((e) => e.dir === 'meta' && e.kind === 'http' && e.info?.method === 'POST').map((e) => e.info?.requestHeaders as Record<string, string>);
  const named = posts.filter((h) => h['Mcp-Method'] === 'tasks/get');
  assert.equal(named.length, polls.length);
  for (const headers of named) assert.equal(headers['Mcp-Name'], task?.taskId);
  assert.equal(sent(client, 'tasks/result').length, 0);
  // Status notifications: a listen stream for the task, granted, its notifications/tasks received, closed at the end.
  const [listen] = sent(client, 'subscriptions/listen');
  assert.deepEqual((listen.msg as unknown as { params: { notifications: unknown } }).params.notifications, { taskIds: [task?.taskId] });
  const pushed = client.trace.events.filter((e) => e.dir === 's2c' && method(e) === 'notifications/tasks');
  assert.ok(pushed.some((e) => (e.msg as unknown as { params: { status: string } }).params.status === 'completed'), 'the completion was pushed');

  const model = new MessageModel();
  for (const e of client.trace.events) model.add(e);
  const row = model.nodes.find((n): n is ExchangeNode => n.type === 'exchange' && n.tool === 'slow_compute')!;
  assert.equal(statusOf(row), 'pass');
  assert.match(rowData(row).description, /task completed/);
  assert.equal((row.children ?? []).filter((c) => c.type === 'exchange' && c.method === 'tasks/get').length, polls.length);
  assert.ok((row.children ?? []).some((c) => c.type === 'notification' && method(c.event) === 'notifications/tasks'), 'the pushed statuses are under the call');
  // The task's listen stream is part of its lane too, and no round of the call.
  const stream = (row.children ?? []).find((c): c is ExchangeNode => c.type === 'exchange' && c.method === 'subscriptions/listen');
  assert.equal(stream?.role, 'task');
  assert.ok(!model.nodes.some((n) => n.type === 'exchange' && n.method === 'subscriptions/listen'), 'no listen stream at the top level');
  assert.doesNotMatch(rowData(row).description, /rounds/);
  assert.ok(!model.nodes.some((n) => n.type === 'exchange' && n.method === 'tasks/get'), 'no poll at the top level');
});

test('a plain call declares no extension: the server runs the tool synchronously; a tool that needs a task is refused with -32021', async (t) => {
  const server = await taskServer(t);
  const client = await connected(t, server.url);
  const result = await client.callTool('slow_compute', { seconds: 0 });
  assert.equal(result.resultType, 'complete');
  await assert.rejects(client.callTool('failing_job', {}), (e: { code?: number }) => e.code === -32021);
  const caps = (sent(client, 'tools/call')[0].msg as unknown as { params: { _meta: Record<string, Record<string, unknown>> } }).params._meta['io.modelcontextprotocol/clientCapabilities'];
  assert.deepEqual(caps.extensions, { 'io.modelcontextprotocol/skills': {} }, 'no tasks extension on a plain call');
});

test('input inside a task: the elicitation is answered through tasks/update; multi-round-trip before the task is created, then followed', async (t) => {
  const server = await taskServer(t);
  const asked: string[] = [];
  const client = await connected(t, server.url, {
    elicit: async (params) => {
      asked.push(String(params.message));
      return { action: 'accept', content: { confirm: true, name: 'Alice' } };
    },
  });
  const deleted = await client.callToolAsTask('confirm_delete', { filename: 'a.txt' });
  assert.deepEqual(deleted.result.content, [{ type: 'text', text: 'deleted a.txt' }]);
  const [update] = sent(client, 'tasks/update');
  assert.deepEqual((update.msg as unknown as { params: { inputResponses: unknown } }).params.inputResponses, { confirm: { action: 'accept', content: { confirm: true, name: 'Alice' } } });
  const both = await client.callToolAsTask('multi_input', {});
  assert.deepEqual(both.result.content, [{ type: 'text', text: 'got first, second' }]);
  const composed = await client.callToolAsTask('test_tool_with_task', {});
  assert.equal(composed.task?.status, 'completed');
  assert.match(String((composed.result.content as { text: string }[])[0].text), /Alice/);
  assert.deepEqual(asked, ['Delete a.txt?', 'First?', 'Second?', 'Your name?']);
  // The composed call's task shows under its first round in the Messages view.
  const model = new MessageModel();
  for (const e of client.trace.events) model.add(e);
  const row = model.nodes.find((n): n is ExchangeNode => n.type === 'exchange' && n.tool === 'test_tool_with_task')!;
  assert.equal(row.task?.status, 'completed');
  assert.equal(statusOf(row), 'pass');
});

test('a failed task rejects with its inlined error; a tool error completes with isError; an abort sends tasks/cancel', async (t) => {
  const server = await taskServer(t);
  const client = await connected(t, server.url);
  await assert.rejects(client.callToolAsTask('protocol_error_job', {}), (e: unknown) => e instanceof TaskFailedError && e.code === -32603);
  const toolError = await client.callToolAsTask('failing_job', {});
  assert.equal(toolError.result.isError, true);
  const stop = new AbortController();
  const running = client.callToolAsTask('slow_compute', { seconds: 60 }, { signal: stop.signal, onStatus: (s) => s.status === 'working' && stop.abort() });
  await assert.rejects(running, RequestCancelledError);
  for (let i = 0; i < 100 && !client.trace.events.some((e) => (e.msg as { result?: { status?: string } } | undefined)?.result?.status === 'cancelled'); i++) await new Promise((r) => setTimeout(r, 50));
  assert.equal(sent(client, 'tasks/cancel').length, 1);
  assert.ok(client.trace.events.some((e) => (e.msg as { result?: { status?: string } } | undefined)?.result?.status === 'cancelled'), 'the tasks/get after the cancel shows it cancelled');
  // An abort after the task ended (the panel closed later) cancels nothing.
  const late = new AbortController();
  const done = await client.callToolAsTask('slow_compute', { seconds: 1 }, { signal: late.signal });
  assert.equal(done.task?.status, 'completed');
  late.abort();
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(sent(client, 'tasks/cancel').length, 1, 'no tasks/cancel for the task that completed');
});

test('a server that does not advertise the extension is not asked to run a task; a task that never settles ends at its bound', async (t) => {
  const server = await taskServer(t, 'input-required-empty');
  const client = await connected(t, server.url, { elicit: async () => ({ action: 'accept', content: {} }) });
  await assert.rejects(client.callToolAsTask('confirm_delete', { filename: 'x' }), /input_required without any inputRequests/);
  const bounded = await connected(t, server.url, { maxTimeoutMs: 500 });
  await assert.rejects(bounded.callToolAsTask('slow_compute', { seconds: 60 }), /did not finish within 500 ms/);
  const plain = await startHttpFixture('mrtr-confirm.mjs');
  t.after(() => plain.stop());
  const other = await connected(t, plain.url);
  await assert.rejects(other.callToolAsTask('deploy', {}), /does not advertise the tasks extension/);
});
