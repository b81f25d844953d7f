import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LineFramer } from '../../../src/core/wire/framer';
import { StdoutClassifier } from '../../../src/core/wire/stdoutClassifier';
import type { NewTraceEvent } from '../../../src/core/trace/event';

function classifyText(text: string | Buffer, maxLineBytes?: number): NewTraceEvent[] {
  const framer = new LineFramer(maxLineBytes);
  const classifier = new StdoutClassifier();
  const out: NewTraceEvent[] = [];
  for (const f of framer.push(Buffer.isBuffer(text) ? text : Buffer.from(text))) out.push(...classifier.push(f));
  const last = framer.end();
  if (last) out.push(...classifier.push(last));
  out.push(...classifier.end());
  return out;
}

test('the three message kinds are recognised', () => {
  const events = classifyText(
    '{"jsonrpc":"2.0","id":1,"method":"ping"}\n{"jsonrpc":"2.0","method":"notifications/progress","params":{}}\n{"jsonrpc":"2.0","id":1,"result":{}}\n',
  );
  assert.deepEqual(events.map((e) => e.kind), ['request', 'notification', 'response']);
  assert.equal(events[2]!.msg && 'result' in events[2]!.msg, true);
});

test('text glued before a message is kept and the message recovered', () => {
  const line = 'ready {"jsonrpc":"2.0","id":1,"result":{"tools":[]}}';
  const [e] = classifyText(line + '\n');
  assert.equal(e!.kind, 'response');
  assert.equal(e!.glued, 'ready ');
  assert.equal(e!.raw, line);
  assert.deepEqual(e!.msg, { jsonrpc: '2.0', id: 1, result: { tools: [] } });
});

test('a banner is stray and JSON that is not JSON-RPC is not-jsonrpc', () => {
  const events = classifyText('Server listening on stdio\n{"hello":"world"}\n[1,2]\n');
  assert.deepEqual(events.map((e) => [e.kind, e.raw]), [
    ['stray', 'Server listening on stdio'],
    ['not-jsonrpc', '{"hello":"world"}'],
    ['not-jsonrpc', '[1,2]'],
  ]);
  assert.deepEqual(events[1]!.json, { hello: 'world' });
});

test('a pretty-printed message over several lines is reassembled into one event', () => {
  const pretty = JSON.stringify({ jsonrpc: '2.0', id: 3, result: { text: 'a } tricky { "string' } }, null, 2);
  const events = classifyText(`${pretty}\n{"jsonrpc":"2.0","method":"x"}\n`);
  assert.equal(events.length, 2);
  assert.equal(events[0]!.kind, 'response');
  assert.equal(events[0]!.multiline, true);
  assert.equal(events[0]!.raw, pretty);
  assert.equal(events[1]!.kind, 'notification');
});

test('a value that never closes is still reported line by line', () => {
  const events = classifyText('{\n  "jsonrpc": "2.0",\n  "id": 1,\n');
  assert.deepEqual(events.map((e) => [e.kind, e.raw]), [
    ['stray', '{'],
    ['stray', '  "jsonrpc": "2.0",'],
    ['stray', '  "id": 1,'],
  ]);
});

test('a complete message interrupting an unclosed value releases the held lines first', () => {
  const events = classifyText('{ not json\n{"jsonrpc":"2.0","id":1,"result":{}}\n');
  assert.deepEqual(events.map((e) => e.kind), ['stray', 'response']);
});

test('a log line in brackets is not mistaken for the start of JSON', () => {
  const events = classifyText('[INFO] started\n{"jsonrpc":"2.0","id":1,"result":{}}\n');
  assert.deepEqual(events.map((e) => e.kind), ['stray', 'response']);
});

test('oversize and partial lines are events with their facts', () => {
  const events = classifyText('x'.repeat(300) + '\n{"jsonrpc":"2.0","id":2', 100);
  assert.equal(events[0]!.kind, 'oversize');
  assert.equal(events[0]!.info?.bytes, 300);
  assert.equal(events[1]!.kind, 'partial');
  assert.equal(events[1]!.raw, '{"jsonrpc":"2.0","id":2');
});

test('a message line with CRLF or bad bytes is still the message, flagged', () => {
  const bytes = Buffer.concat([
    Buffer.from('{"jsonrpc":"2.0","id":1,"result":{"s":"'),
    Buffer.from([0xc3]),
    Buffer.from('"}}\r\n'),
  ]);
  const [e] = classifyText(bytes);
  assert.equal(e!.kind, 'response');
  assert.equal(e!.crlf, true);
  assert.equal(e!.invalidUtf8, true);
  assert.ok(e!.bytes);
});
