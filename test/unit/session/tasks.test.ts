// 2025-11-25 tasks, the requestor's side, against server-everything's simulate-research-query
// (a task-required tool that asks for clarification while it runs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { McpClient, RequestCancelledError, type TaskState } from '../../../src/core/session/client';
import { canRunAsTask, taskOf, toolTaskSupport } from '../../../src/core/session/tasks';
import type { TraceEvent } from '../../../src/core/trace/event';
import { MessageModel } from '../../../src/extension/messages/model';
import { statusOf, type ExchangeNode } from '../../../src/extension/messages/nodes';
import { rowData } from '../../../src/extension/messages/present';
import { fixture } from '../transport/helpers';

const EVERYTHING = { command: join(__dirname, '..', '..', '..', 'node_modules', '.bin', 'mcp-server-everything'), args: ['stdio'] };
const method = (e: TraceEvent) => (e.msg as { method?: string } | undefined)?.method;

async function everything(options: ConstructorParameters<typeof McpClient>[1] = {}): Promise<McpClient> {
  const client = new McpClient(EVERYTHING, options);
  await client.connect();
  return client;
}

test('the parts: a Task object, a tool\'s taskSupport, both sides agreeing', () => {
  assert.deepEqual(taskOf({ taskId: 't', status: 'working', pollInterval: 5, ttl: null, extra: 1 }), { taskId: 't', status: 'working', pollInterval: 5, ttl: null });
  assert.equal(taskOf({ status: 'working' }), undefined);
  assert.equal(toolTaskSupport({ execution: { taskSupport: 'required' } }), 'required');
  assert.equal(toolTaskSupport({ execution: {} }), 'forbidden');
  assert.equal(toolTaskSupport({ execution: { taskSupport: 'sometimes' } }), 'forbidden');
  const caps = { tasks: { requests: { tools: { call: {} } } } };
  assert.equal(canRunAsTask(caps, { execution: { taskSupport: 'optional' } }), true);
  assert.equal(canRunAsTask({ tasks: { list: {} } }, { execution: { taskSupport: 'optional' } }), false);
  assert.equal(canRunAsTask(caps, {}), false);
});

test('server-everything: a task-augmented call is polled to its result; the question it asks on the way is answered; tasks/list has it', async (t) => {
  const client = await everything({ elicit: async () => ({ action: 'accept', content: { interpretation: 'technical' } }) });
  t.after(() => client.close());
  // The client executes no tasks itself: it declares no `tasks` capability.
  const init = client.trace.events.find((e) => method(e) === 'initialize')!;
  assert.deepEqual((init.msg as unknown as { params: { capabilities: unknown } }).params.capabilities, { extensions: { 'io.modelcontextprotocol/skills': {} }, elicitation: { form: {} } });
  const tool = (await client.listAll('tools/list')).find((x) => x.name === 'simulate-research-query');
  assert.ok(canRunAsTask(client.info?.capabilities, tool));

  const statuses: TaskState[] = [];
  const { task, result } = await client.callToolAsTask('simulate-research-query', { topic: 'lenses', ambiguous: true }, { onStatus: (s) => statuses.push(s) });
  assert.equal(task?.status, 'completed');
  assert.match((result.content as { text: string }[])[0].text, /Research Report: lenses \(technical\)/);
  const seen = [...new Set(statuses.map((s) => s.status))];
  assert.deepEqual(seen, ['working', 'input_required', 'completed']);
  const sent = client.trace.events.filter((e) => e.dir === 'c2s' && e.kind === 'request').map(method);
  assert.ok(sent.includes('tasks/get'), sent.join(', '));
  assert.equal(sent.filter((m) => m === 'tasks/result').length, 1);
  assert.ok((await client.listTasks()).some((x) => x.taskId === task?.taskId && x.status === 'completed'));

  // The Messages view puts the polls, the statuses and the server's question under the call.
  const model = new MessageModel();
  for (const e of client.trace.events) model.add(e);
  const call = model.nodes.find((n): n is ExchangeNode => n.type === 'exchange' && n.tool === 'simulate-research-query')!;
  assert.equal(statusOf(call), 'pass');
  assert.match(rowData(call).description, /task completed/);
  const inside = (call.children ?? []).map((c) => (c.type === 'exchange' ? c.method : method(c.event)));
  assert.ok(inside.includes('tasks/get') && inside.includes('tasks/result') && inside.includes('elicitation/create') && inside.includes('notifications/tasks/status'), inside.join(', '));
  assert.ok(!model.nodes.some((n) => n.type === 'exchange' && n.method.startsWith('tasks/get')), 'no poll at the top level');
});

test('server-everything: Cancel sends tasks/cancel and the call ends as cancelled', { timeout: 30_000 }, async (t) => {
  const client = await everything();
  t.after(() => client.close());
  const stop = new AbortController();
  const running = client.callToolAsTask('simulate-research-query', { topic: 'slow' }, { signal: stop.signal, onStatus: (s) => s.status === 'working' && stop.abort() });
  await assert.rejects(running, RequestCancelledError);
  const cancel = await new Promise<TraceEvent>((resolve) => {
    const found = () => client.trace.events.find((e) => e.dir === 's2c' && e.kind === 'response' && (e.msg as { result?: { status?: string } }).result?.status === 'cancelled');
    const sub = client.trace.onEvent(() => found() && (sub.dispose(), resolve(found()!)));
    if (found()) resolve(found()!);
  });
  assert.ok(cancel);
  assert.ok(client.trace.events.some((e) => method(e) === 'tasks/cancel'));
  const [listed] = await client.listTasks();
  assert.equal(listed?.status, 'cancelled');
});

test('a modern server that does not advertise the tasks extension: tasks are refused before anything is sent', async (t) => {
  const client = new McpClient(fixture('sdk-v2-asks.mjs'));
  t.after(() => client.close());
  await client.connect();
  const before = client.trace.events.length;
  await assert.rejects(client.callToolAsTask('confirm', {}), /does not advertise the tasks extension/);
  assert.equal(client.trace.events.length, before);
});
