import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { StdioTransport } from '../../../src/core/transport/stdio';
import type { NewTraceEvent, TraceEvent } from '../../../src/core/trace/event';
import { serializeEvent } from '../../../src/core/trace/jsonl';
import { plainEvent } from '../../../src/core/trace/storedMessage';
import { Trace } from '../../../src/core/trace/trace';
import { LineFramer } from '../../../src/core/wire/framer';
import { OFF_THREAD_LINE_BYTES } from '../../../src/core/wire/offThreadLine';
import { StdoutClassifier } from '../../../src/core/wire/stdoutClassifier';
import { fixture } from './helpers';

/** The trace line of an event, its number and time aside (they differ from run to run). */
const line = (e: NewTraceEvent | TraceEvent) => serializeEvent({ ...plainEvent(e as TraceEvent), seq: 0, t: 0 });

/** What the synchronous path (framer + classifier on this thread) makes of the same bytes. */
function onThisThread(bytes: Buffer): NewTraceEvent[] {
  const framer = new LineFramer();
  const classifier = new StdoutClassifier('s2c');
  const events: NewTraceEvent[] = [];
  for (let at = 0; at < bytes.length; at += 65536) {
    for (const frame of framer.push(bytes.subarray(at, at + 65536))) events.push(...classifier.push(frame));
  }
  const last = framer.end();
  if (last) events.push(...classifier.push(last));
  events.push(...classifier.end());
  return events;
}

test('long stdout lines parsed off the thread make the very events, in the very order, of the synchronous path', async () => {
  const spec = fixture('long-lines.mjs');
  const bytes = spawnSync(spec.command, spec.args, { maxBuffer: 1 << 26 }).stdout;
  const expected = onThisThread(bytes);
  // The fixture's lines are of every kind, and long enough to leave the thread.
  assert.deepEqual(
    expected.map((e) => e.kind),
    ['response', 'response', 'notification', 'stray', 'notification', 'not-jsonrpc', 'notification', 'notification', 'partial'],
  );
  assert.ok(expected.filter((e) => e.raw.length >= OFF_THREAD_LINE_BYTES).length >= 7);

  const trace = new Trace();
  const transport = new StdioTransport(spec, trace);
  const messages: string[] = [];
  transport.onMessage((e) => messages.push(e.raw.slice(0, 40)));
  await transport.start();
  await transport.exited;
  const s2c = trace.events.filter((e) => e.dir === 's2c');
  assert.equal(s2c.length, expected.length);
  s2c.forEach((e, i) => {
    assert.equal(line(e), line(expected[i]!), `event ${i} (${expected[i]!.kind})`);
    // The parsed message too (its long strings come back as slices of the text).
    assert.deepEqual(e.msg, expected[i]!.msg, `message of event ${i}`);
    assert.deepEqual(e.json, expected[i]!.json, `value of event ${i}`);
  });
  // Every message reached the client, in order; the exit is recorded after the last line.
  assert.deepEqual(messages, expected.filter((e) => e.msg).map((e) => e.raw.slice(0, 40)));
  assert.equal(trace.events.at(-1)!.kind, 'exited');
  assert.deepEqual(trace.events.filter((e) => e.dir === 'stderr').map((e) => e.raw), ['starting', 'halfway']);
  await transport.close();
});

test('the framer gives a long line as a promise of its frame, already parsed, and short ones at once', async () => {
  const framer = new LineFramer(undefined, 1024);
  const long = `{"jsonrpc":"2.0","method":"m","params":{"t":"${'é'.repeat(2000)}"}}`;
  const bytes = Buffer.from(`{"a":1}\n${long}\r\n{"b":2}\n`);
  const frames = [...framer.pushInOrder(bytes.subarray(0, 700)), ...framer.pushInOrder(bytes.subarray(700))];
  assert.equal(frames.length, 3);
  assert.ok(!(frames[0] instanceof Promise) && !(frames[2] instanceof Promise));
  assert.ok(frames[1] instanceof Promise);
  const frame = await frames[1];
  assert.equal(frame.text, long);
  assert.equal(frame.crlf, true);
  assert.deepEqual(frame.parsed, { ok: true, value: JSON.parse(long) });
  // push() on its own never defers.
  assert.ok(new LineFramer(undefined, 1024).push(bytes).every((f) => !(f instanceof Promise)));
});

test('the long strings of a long line, escaped or not, keyed oddly or not, parse as JSON.parse has them', async () => {
  const long = (c: string) => c.repeat(70_000);
  const value = {
    jsonrpc: '2.0',
    id: 5,
    result: {
      a: long('a'),
      same: long('b'),
      escaped: `${long('c')}"\\\n`,
      list: [long('d'), { deep: long('é') }, long('f')],
      ['__proto__']: long('g'),
      '7': long('h'),
    },
  };
  const text = JSON.stringify(value);
  const framer = new LineFramer(undefined, 1024);
  const [frame] = framer.pushInOrder(Buffer.from(`${text}\n`));
  assert.ok(frame instanceof Promise);
  const parsed = (await frame).parsed;
  assert.ok(parsed?.ok);
  assert.deepEqual(parsed.value, JSON.parse(text));
  assert.equal(Object.getPrototypeOf((parsed.value as { result: object }).result), Object.prototype);
  // A line that is one long JSON string.
  const [whole] = framer.pushInOrder(Buffer.from(`${JSON.stringify(long('z'))}\n`));
  assert.deepEqual((await whole!).parsed, { ok: true, value: long('z') });
});
