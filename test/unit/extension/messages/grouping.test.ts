// The Messages view groups what happens inside a call under it: the 2026-07-28 retries of an
// InputRequiredResult, the 2025-11-25 server requests. Real SDK servers; the same grouping
// from the recorded trace file.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { McpClient } from '../../../../src/core/session/client';
import { parseTraceText, serializeEvent } from '../../../../src/core/trace/jsonl';
import type { TraceEvent } from '../../../../src/core/trace/event';
import { MessageModel } from '../../../../src/extension/messages/model';
import { statusOf, type ExchangeNode, type MessageNode } from '../../../../src/extension/messages/nodes';
import { rowData } from '../../../../src/extension/messages/present';
import { fixture } from '../../transport/helpers';

const reply = { role: 'assistant', content: { type: 'text', text: 'Hello Grace' }, model: 'by-hand', stopReason: 'endTurn' };
const answers = {
  roots: [{ uri: 'file:///work/app', name: 'app' }],
  elicit: async () => ({ action: 'accept', content: { name: 'Grace' } }),
  sample: async () => reply,
};

function modelOf(events: readonly TraceEvent[]): MessageModel {
  const model = new MessageModel();
  for (const e of events) model.add(e);
  return model;
}

function outline(nodes: readonly MessageNode[] | undefined, depth = 0): string[] {
  return (nodes ?? []).flatMap((n) => {
    const row = rowData(n);
    const line = `${'  '.repeat(depth)}${row.label} | ${row.description.replace(/\d+ ms/g, 'N ms')} | ${row.icon}`;
    return [line, ...outline(n.type === 'exchange' ? n.children : undefined, depth + 1)];
  });
}

function call(model: MessageModel, tool: string): ExchangeNode {
  const node = model.nodes.find((n): n is ExchangeNode => n.type === 'exchange' && n.tool === tool);
  assert.ok(node, outline(model.nodes).join('\n'));
  return node;
}

test('2026-07-28: each retry of an input_required call is a round under the original request, the final answer its status', async (t) => {
  const client = new McpClient(fixture('sdk-v2-asks.mjs'), answers);
  t.after(() => client.close());
  await client.connect();
  await client.callTool('two-step', {});
  const live = modelOf(client.trace.events);
  const node = call(live, 'two-step');
  assert.deepEqual(outline([node]), [
    'tools/call two-step #2 | N ms · 3 rounds | pass',
    '  tools/call two-step #3 | round 2 · input required | question',
    '  tools/call two-step #4 | round 3 · N ms | pass',
  ]);
  assert.equal(statusOf(node), 'pass');
  // The original request's answer is the first InputRequiredResult; each retry carries its answers.
  const retries = node.children as ExchangeNode[];
  assert.equal((node.response?.msg as unknown as { result: { resultType: string } }).result.resultType, 'input_required');
  assert.deepEqual(Object.keys((retries[0].request.msg as unknown as { params: { inputResponses: object } }).params.inputResponses), ['name']);
  assert.deepEqual(Object.keys((retries[1].request.msg as unknown as { params: { inputResponses: object } }).params.inputResponses), ['greet']);
  // No retry shows at the top level; the trace read back from its file groups the same way.
  assert.equal(live.nodes.filter((n) => n.type === 'exchange' && n.tool === 'two-step').length, 1);
  const fromFile = modelOf(parseTraceText(client.trace.events.map(serializeEvent).join('\n')).events);
  assert.deepEqual(outline(fromFile.nodes), outline(live.nodes));
});

test('2026-07-28: a call the client stopped answering stays "input required" with its rounds', async (t) => {
  const client = new McpClient(fixture('sdk-v2-asks.mjs'), answers);
  t.after(() => client.close());
  await client.connect();
  await assert.rejects(client.callTool('nag', {}));
  const node = call(modelOf(client.trace.events), 'nag');
  assert.equal(statusOf(node), 'input');
  assert.match(rowData(node).description, /^input required · 3 rounds$/);
});

test('2025-11-25: the server requests a tool call makes sit under it, each with its answer', async (t) => {
  const client = new McpClient(fixture('sdk-v1-asks.mjs'), answers);
  t.after(() => client.close());
  await client.connect();
  await client.callTool('signup', {});
  await client.callTool('where', {});
  const model = modelOf(client.trace.events);
  const signup = call(model, 'signup');
  assert.deepEqual(outline([signup, call(model, 'where')]).map((l) => l.replace(/#\d+/g, '#N')), [
    'tools/call signup #N | N ms · 1 server request | pass',
    '  elicitation/create #N | from server · N ms | pass',
    'tools/call where #N | N ms · 1 server request | pass',
    '  roots/list #N | from server · N ms | pass',
  ]);
  const ask = signup.children![0] as ExchangeNode;
  assert.deepEqual((ask.response?.msg as { result: unknown }).result, { action: 'accept', content: { name: 'Grace' } });
  assert.ok(!model.nodes.some((n) => n.type === 'exchange' && n.request.dir === 's2c'), 'no server request at the top level');
  assert.equal(model.nodeOf(ask.request.seq), ask);
  assert.equal(model.nodeOf(ask.response!.seq), ask);
});
