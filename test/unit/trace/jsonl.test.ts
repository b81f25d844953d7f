import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseTraceText, serializeEvent } from '../../../src/core/trace/jsonl';
import { Trace } from '../../../src/core/trace/trace';
import { plainEvent } from '../../../src/core/trace/storedMessage';

test('our own events round-trip and keep the file seq', () => {
  const trace = new Trace();
  trace.append({ dir: 'c2s', kind: 'request', raw: '{"jsonrpc":"2.0","id":1,"method":"ping"}', msg: { jsonrpc: '2.0', id: 1, method: 'ping' } });
  trace.append({ dir: 's2c', kind: 'stray', raw: 'hello' });
  trace.append({ dir: 'meta', kind: 'exited', raw: 'server exited (code 0)', info: { code: 0, signal: null } });
  const text = trace.events.map(serializeEvent).join('\n') + '\n';
  assert.ok(!serializeEvent(trace.events[0]!).includes('\n'));
  const { events, problems } = parseTraceText(text);
  assert.deepEqual(problems, []);
  assert.deepEqual(events, trace.events.map(plainEvent));

  // A file cut from the middle of a longer trace keeps its numbers.
  const cut = parseTraceText(text.split('\n').slice(1).join('\n'));
  assert.deepEqual(cut.events.map((e) => e.seq), [2, 3]);
});

test('raw newline-delimited JSON-RPC gets directions from methods and ids', () => {
  const text = [
    '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}',
    '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25"}}',
    '{"jsonrpc":"2.0","method":"notifications/initialized"}',
    '{"jsonrpc":"2.0","id":7,"method":"roots/list"}',
    '{"jsonrpc":"2.0","id":7,"result":{"roots":[]}}',
    '{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":1}}',
  ].join('\n');
  const { events, problems } = parseTraceText(text);
  assert.deepEqual(problems, []);
  assert.deepEqual(events.map((e) => [e.seq, e.dir, e.kind]), [
    [1, 'c2s', 'request'],
    [2, 's2c', 'response'],
    [3, 'c2s', 'notification'],
    [4, 's2c', 'request'],
    [5, 'c2s', 'response'],
    [6, 's2c', 'notification'],
  ]);
});

test('VS Code MCP output-channel lines are read, other lines are notes', () => {
  const text = [
    '2025-06-10 10:00:00.100 [info] Starting server my-server',
    '2025-06-10 10:00:00.200 [debug] [editor -> server] {"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}',
    '2025-06-10 10:00:00.300 [warning] [server stderr] listening',
    '2025-06-10 10:00:00.400 [debug] [server -> editor] {"jsonrpc":"2.0","id":1,"result":{}}',
  ].join('\r\n');
  const { events, problems } = parseTraceText(text);
  assert.deepEqual(problems, []);
  assert.deepEqual(events.map((e) => [e.dir, e.kind, e.raw]), [
    ['meta', 'note', 'Starting server my-server'],
    ['c2s', 'request', '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}'],
    ['stderr', 'log', 'listening'],
    ['s2c', 'response', '{"jsonrpc":"2.0","id":1,"result":{}}'],
  ]);
  assert.equal(events[1]!.t, Date.parse('2025-06-10T10:00:00.200'));
});

test('lines that fit no format are problems with their line numbers', () => {
  const { events, problems } = parseTraceText('{"jsonrpc":"2.0","id":1,"method":"ping"}\nnot json\n\n{"a":1}\n');
  assert.equal(events.length, 1);
  assert.deepEqual(problems.map((p) => p.line), [2, 4]);
});

test('pasted output-channel excerpts with only a time, and JSON quoting the arrow, are read right', () => {
  const quoting = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { data: '[editor -> server] hi' } });
  const { events, problems } = parseTraceText(
    `06:48:27  [editor -> server] {"jsonrpc":"2.0","id":1,"method":"skills/list"}\n${quoting}\n[server -> editor] {"jsonrpc":"2.0","id":1,"result":{}}\n`,
  );
  assert.deepEqual(problems, []);
  assert.deepEqual(events.map((e) => [e.seq, e.dir, e.kind]), [
    [1, 'c2s', 'request'],
    [2, 's2c', 'notification'],
    [3, 's2c', 'response'],
  ]);
  assert.equal(events[1]!.raw, quoting);
});
