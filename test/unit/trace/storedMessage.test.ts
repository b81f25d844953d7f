import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serializeEvent } from '../../../src/core/trace/jsonl';
import { serializeEventPieces } from '../../../src/core/trace/jsonPieces';
import { plainEvent } from '../../../src/core/trace/storedMessage';
import type { TraceEvent } from '../../../src/core/trace/event';
import { Trace } from '../../../src/core/trace/trace';
import { lineEvent } from '../../../src/core/wire/lineEvent';

const line = (i: number) => `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"event ${i}","n":${i}}}`;

test('a message event stored as its line reads, serialises and copies (plainEvent) as the plain event it was', () => {
  const trace = new Trace();
  const given = lineEvent('s2c', line(0));
  const first = trace.append(given);
  // While it is among the newest: the very message object the trace was given.
  assert.equal(first.msg, given.msg);
  const plain = { seq: 1, t: first.t, dir: 's2c', kind: 'notification', raw: line(0), msg: JSON.parse(line(0)) };
  const before = serializeEvent(first);
  assert.equal(before, JSON.stringify(plain));
  assert.equal(JSON.stringify(first), before);
  // Many events later, its message is parsed again from its line: equal, and equally serialised.
  for (let i = 1; i <= 10_000; i++) trace.append(lineEvent('s2c', line(i)));
  assert.deepEqual(first.msg, plain.msg);
  assert.deepEqual(plainEvent(first), plain);
  assert.deepEqual({ ...plainEvent(first) }, plain);
  assert.deepEqual(structuredClone(plainEvent(first)), plain);
  assert.deepEqual(JSON.parse(JSON.stringify(first)), plain);
  assert.deepEqual(Object.keys(plainEvent(first)), ['seq', 't', 'dir', 'kind', 'raw', 'msg']);
  assert.equal(serializeEvent(first), before);
  assert.equal([...serializeEventPieces(first)].join(''), before);
  assert.deepEqual(trace.events[5_000]!.msg, JSON.parse(line(5_000)));
  // The contract: `msg` is the class's getter, so a bare spread or clone leaves it out (use plainEvent).
  assert.equal(Object.hasOwn(first, 'msg'), false);
  assert.equal('msg' in { ...first }, false);
  // Setting msg works as on any object, and sticks.
  const replaced = { jsonrpc: '2.0' as const, method: 'x' };
  (first as { msg: unknown }).msg = replaced;
  assert.equal(first.msg, replaced);
  assert.equal(serializeEvent(first), JSON.stringify({ ...plain, msg: replaced }));
  assert.deepEqual(plainEvent(first), { ...plain, msg: replaced });
  // An event that is already plain is its own plain event.
  const glued = trace.append({ ...lineEvent('s2c', line(1)), glued: 'ready ' });
  assert.equal(plainEvent(glued), glued);
});

test('a stored message event appended to another trace keeps its message', () => {
  const from = new Trace();
  const stored = from.append(lineEvent('s2c', line(7)));
  const to = new Trace();
  const copied = to.append(stored);
  assert.deepEqual(copied.msg, JSON.parse(line(7)));
  assert.equal(serializeEvent(copied), JSON.stringify({ seq: 1, t: stored.t, dir: 's2c', kind: 'notification', raw: line(7), msg: JSON.parse(line(7)) }));
});

test('events that are not plain messages, and very long lines, keep their parsed value as a plain property', () => {
  const trace = new Trace();
  const long = `{"jsonrpc":"2.0","id":1,"result":{"text":"${'x'.repeat(70_000)}"}}`;
  const big = trace.append(lineEvent('s2c', long));
  const glued = trace.append({ ...lineEvent('s2c', line(1)), glued: 'ready ' });
  for (const e of [big, glued]) assert.equal(Object.getOwnPropertyDescriptor(e, 'msg')?.writable, true);
  assert.deepEqual(Object.keys(glued), ['seq', 't', 'dir', 'raw', 'kind', 'msg', 'glued']);
});

test('a message event kept as its line’s bytes reads, serialises and copies as the plain event with its text', () => {
  const trace = new Trace();
  const bytes = Buffer.from(Array.from({ length: 1_000 }, (_, i) => `${line(i)}\n`).join(''));
  const events: TraceEvent[] = [];
  for (let i = 0, at = 0; i < 1_000; i++) {
    const raw = line(i);
    events.push(trace.appendMessage('s2c', 'notification', raw, JSON.parse(raw), 5, bytes, at));
    at += raw.length + 1;
  }
  // The newest and the oldest (its text decoded again, its message parsed again) alike.
  for (const i of [999, 0, 500]) {
    const e = events[i]!;
    const plain = { seq: i + 1, t: 5, dir: 's2c', kind: 'notification', raw: line(i), msg: JSON.parse(line(i)) };
    assert.equal(e.raw, line(i));
    assert.deepEqual(e.msg, plain.msg);
    assert.equal(serializeEvent(e), JSON.stringify(plain));
    assert.equal([...serializeEventPieces(e)].join(''), JSON.stringify(plain));
    assert.deepEqual(plainEvent(e), plain);
  }
  // Setting raw works as on any object, and sticks.
  const first = events[0]!;
  first.raw = 'replaced';
  assert.equal(first.raw, 'replaced');
  assert.equal(plainEvent(first).raw, 'replaced');
});
