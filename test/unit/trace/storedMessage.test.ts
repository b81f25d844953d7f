import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serializeEvent } from '../../../src/core/trace/jsonl';
import { Trace } from '../../../src/core/trace/trace';
import { lineEvent } from '../../../src/core/wire/lineEvent';

const line = (i: number) => `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"event ${i}","n":${i}}}`;

test('a message event stored as its line reads, spreads, clones and serialises as the plain event it was', () => {
  const trace = new Trace();
  const given = lineEvent('s2c', line(0));
  const first = trace.append(given);
  // While it is among the newest: the very message object the trace was given.
  assert.equal(first.msg, given.msg);
  const plain = { seq: 1, t: first.t, dir: 's2c', kind: 'notification', raw: line(0), msg: JSON.parse(line(0)) };
  const before = serializeEvent(first);
  assert.equal(before, JSON.stringify(plain));
  // Many events later, its message is parsed again from its line: equal, and equally serialised.
  for (let i = 1; i <= 10_000; i++) trace.append(lineEvent('s2c', line(i)));
  assert.deepEqual(first, plain);
  assert.deepEqual({ ...first }, plain);
  assert.deepEqual(structuredClone(first), plain);
  assert.deepEqual(JSON.parse(JSON.stringify(first)), plain);
  assert.deepEqual(Object.keys(first), ['seq', 't', 'dir', 'kind', 'raw', 'msg']);
  assert.equal(serializeEvent(first), before);
  assert.deepEqual(trace.events[5_000]!.msg, JSON.parse(line(5_000)));
  // Setting msg works as on any object, and sticks.
  const replaced = { jsonrpc: '2.0' as const, method: 'x' };
  (first as { msg: unknown }).msg = replaced;
  assert.equal(first.msg, replaced);
  assert.equal(serializeEvent(first), JSON.stringify({ ...plain, msg: replaced }));
});

test('events that are not plain messages, and very long lines, keep their parsed value as a plain property', () => {
  const trace = new Trace();
  const long = `{"jsonrpc":"2.0","id":1,"result":{"text":"${'x'.repeat(70_000)}"}}`;
  const big = trace.append(lineEvent('s2c', long));
  const glued = trace.append({ ...lineEvent('s2c', line(1)), glued: 'ready ' });
  for (const e of [big, glued]) assert.equal(Object.getOwnPropertyDescriptor(e, 'msg')?.writable, true);
  assert.deepEqual(Object.keys(glued), ['seq', 't', 'dir', 'raw', 'kind', 'msg', 'glued']);
});
