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
  const json = '{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}';
  const [e, ...rest] = classifyText(`ready ${json}\n`);
  assert.equal(rest.length, 0);
  assert.equal(e!.kind, 'response');
  assert.equal(e!.glued, 'ready ');
  assert.equal(e!.raw, json);
  assert.deepEqual(e!.piece, { index: 0, count: 1 });
  assert.deepEqual(e!.msg, { jsonrpc: '2.0', id: 1, result: { tools: [] } });
});

/** The wire line rebuilt from its pieces: each piece's glued text, then its raw text. */
function rebuild(events: NewTraceEvent[]): string {
  return events.map((e) => (e.glued ?? '') + e.raw).join('');
}

test('two messages on one line: each is its own event, and the line is rebuilt byte for byte', () => {
  const a = '{"jsonrpc":"2.0","id":1,"result":{"text":"a } { \\" tricky"}}';
  const b = '{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"b"}}';
  const events = classifyText(`${a}${b}\n`);
  assert.deepEqual(events.map((e) => [e.kind, e.raw, e.glued, e.piece]), [
    ['response', a, '', { index: 0, count: 2 }],
    ['notification', b, '', { index: 1, count: 2 }],
  ]);
  assert.equal(rebuild(events), a + b);
});

test('a message followed by text: the message is recovered, the text is a stray piece of the same line', () => {
  const a = '{"jsonrpc":"2.0","id":7,"result":{}}';
  const events = classifyText(`${a} done.\r\n`);
  assert.deepEqual(events.map((e) => [e.kind, e.raw, e.piece?.index, e.piece?.count]), [
    ['response', a, 0, 2],
    ['stray', ' done.', 1, 2],
  ]);
  assert.equal(events[1]!.crlf, true, 'the \\r ends the last piece');
  assert.equal(rebuild(events), `${a} done.`);
});

test('text before, between and after messages; a JSON value that is not a message stays text', () => {
  const a = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
  const b = '{"jsonrpc":"2.0","id":1,"result":{}}';
  const line = `prefix {not json ${a} middle {"x":1} ${b} tail {`;
  const events = classifyText(line + '\n');
  assert.deepEqual(events.map((e) => [e.kind, e.glued, e.raw]), [
    ['request', 'prefix {not json ', a],
    ['response', ' middle {"x":1} ', b],
    ['stray', undefined, ' tail {'],
  ]);
  assert.equal(rebuild(events), line);
});

test('a line with braces but no message is one stray event, not pieces', () => {
  const events = classifyText('config {"port": 80} loaded {\n');
  assert.deepEqual(events.map((e) => [e.kind, e.piece]), [['stray', undefined]]);
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
