import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isUtf8 } from 'node:buffer';
import { LineFramer, type Frame } from '../../../src/core/wire/framer';

function feedAll(framer: LineFramer, chunks: Buffer[]): Frame[] {
  const frames: Frame[] = [];
  for (const c of chunks) frames.push(...framer.push(c));
  const last = framer.end();
  if (last) frames.push(last);
  return frames;
}

test('splits at newlines and keeps a line split across chunks', () => {
  const frames = feedAll(new LineFramer(), [Buffer.from('{"a":1}\n{"b"'), Buffer.from(':2}\n')]);
  assert.deepEqual(frames.map((f) => f.text), ['{"a":1}', '{"b":2}']);
});

test('a chunk boundary inside a multi-byte character does not corrupt it', () => {
  const bytes = Buffer.from('{"t":"héllo 🌍"}\n');
  for (let cut = 1; cut < bytes.length; cut++) {
    const frames = feedAll(new LineFramer(), [bytes.subarray(0, cut), bytes.subarray(cut)]);
    assert.deepEqual(frames, [{ text: '{"t":"héllo 🌍"}' }], `cut at ${cut}`);
  }
});

test('CRLF is tolerated and flagged', () => {
  const frames = feedAll(new LineFramer(), [Buffer.from('one\r\ntwo\n')]);
  assert.deepEqual(frames, [{ text: 'one', crlf: true }, { text: 'two' }]);
});

test('bytes that are not UTF-8 flag their line only, with the exact bytes kept', () => {
  const bad = Buffer.concat([Buffer.from('ab'), Buffer.from([0xff, 0xfe]), Buffer.from('cd\nok\n')]);
  const [first, second] = feedAll(new LineFramer(), [bad]);
  assert.equal(first!.invalidUtf8, true);
  assert.equal(first!.text, 'ab\uFFFD\uFFFDcd');
  assert.deepEqual(Buffer.from(first!.bytes!, 'base64'), Buffer.concat([Buffer.from('ab'), Buffer.from([0xff, 0xfe]), Buffer.from('cd')]));
  assert.deepEqual(second, { text: 'ok' });
});

test('a line over the cap becomes one oversize frame with its head and size, and framing continues', () => {
  const framer = new LineFramer(100);
  const long = 'x'.repeat(250);
  const frames = feedAll(framer, [Buffer.from(long.slice(0, 60)), Buffer.from(long.slice(60) + '\nafter\n')]);
  assert.equal(frames.length, 2);
  assert.equal(frames[0]!.oversize, 250);
  assert.ok(long.startsWith(frames[0]!.text));
  assert.deepEqual(frames[1], { text: 'after' });
});

test('bytes without a final newline at the end of the stream are a partial frame', () => {
  const frames = feedAll(new LineFramer(), [Buffer.from('done\n{"jsonrpc":"2.0"')]);
  assert.deepEqual(frames, [{ text: 'done' }, { text: '{"jsonrpc":"2.0"', partial: true }]);
});

test('an empty stream gives nothing', () => {
  assert.deepEqual(feedAll(new LineFramer(), []), []);
});

test('a line whole in one chunk is framed exactly as one pieced together from several', () => {
  // Lines decoded straight from the chunk skip the UTF-8 check unless the text holds U+FFFD:
  // every odd byte sequence must still be flagged, and a real U+FFFD must not be.
  const lines = [
    Buffer.from('{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}'),
    Buffer.from('crlf line\r'),
    Buffer.from('a lone \r inside'),
    Buffer.from('\r'),
    Buffer.from(''),
    Buffer.from('a real \uFFFD replacement character'),
    Buffer.from('\uFFFD\r'),
    Buffer.from([0x61, 0xff, 0x62]),
    Buffer.from([0xed, 0xa0, 0x80]), // a UTF-16 surrogate encoded as UTF-8
    Buffer.from([0xc0, 0xaf]), // overlong '/'
    Buffer.from([0x61, 0xe2, 0x82]), // truncated at the line's end
    Buffer.from([0xe2, 0x82, 0x0d]), // truncated before a \r
    Buffer.from([0xef, 0xbf, 0xbd, 0xff]), // a real U+FFFD then a bad byte
    Buffer.from('日本語 🌍 héllo'),
  ];
  const expected = lines.map((line): Frame => {
    const crlf = line.length > 0 && line[line.length - 1] === 13;
    const body = crlf ? line.subarray(0, -1) : line;
    const frame: Frame = { text: body.toString('utf8') };
    if (crlf) frame.crlf = true;
    if (!isUtf8(body)) {
      frame.invalidUtf8 = true;
      frame.bytes = body.toString('base64');
    }
    return frame;
  });
  const stream = Buffer.concat(lines.flatMap((l) => [l, Buffer.from('\n')]));
  assert.deepEqual(feedAll(new LineFramer(), [stream]), expected);
  const byteByByte = [...stream].map((b) => Buffer.from([b]));
  assert.deepEqual(feedAll(new LineFramer(), byteByByte), expected);
  for (let cut = 1; cut < stream.length; cut += 7) {
    assert.deepEqual(feedAll(new LineFramer(), [stream.subarray(0, cut), stream.subarray(cut)]), expected, `cut at ${cut}`);
  }
});

test('the lines of a large all-ASCII chunk are framed as each one decoded alone', () => {
  // Such a chunk is decoded once and its lines sliced from it (a flood's path): the texts, the
  // \r flags, a line begun in the previous chunk and one left for the next must all hold.
  const lines = Array.from({ length: 40 }, (_, i) => `{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"line ${i}"}}${i % 7 === 3 ? '\r' : ''}`);
  lines[10] = '';
  lines[11] = '\r';
  const bytes = Buffer.from(`${lines.join('\n')}\n`);
  const expected = lines.map((line): Frame => (line.endsWith('\r') ? { text: line.slice(0, -1), crlf: true } : { text: line }));
  for (const cut of [0, 5, 200, 1500, bytes.length - 3]) {
    const frames = feedAll(new LineFramer(), [bytes.subarray(0, cut), bytes.subarray(cut)]);
    assert.deepEqual(frames, expected, `cut at ${cut}`);
  }
  // One character that is not ASCII: the chunk's lines are decoded one by one, to the same frames.
  const mixed = [...lines.slice(0, 20), '{"data":"héllo"}', ...lines.slice(21)];
  const mixedExpected = [...expected.slice(0, 20), { text: '{"data":"héllo"}' }, ...expected.slice(21)];
  assert.deepEqual(feedAll(new LineFramer(), [Buffer.from(`${mixed.join('\n')}\n`)]), mixedExpected);
});

test('keeping bytes: an ASCII chunk’s lines point into the chunk that owns its buffer, or into one copy of a view’s lines', () => {
  const lines = Array.from({ length: 40 }, (_, i) => `{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"line ${i}"}}`);
  const text = `${lines.join('\n')}\n`;
  const textOf = (f: Frame) => f.ascii!.toString('latin1', f.at, f.ascii!.indexOf(10, f.at));
  // A pipe's read: the whole of its ArrayBuffer, kept as it is.
  const owned = Buffer.from(new Uint8Array(Buffer.from(text)).buffer);
  const fromOwned = new LineFramer(undefined, undefined, true).push(owned);
  assert.deepEqual(fromOwned.map((f) => f.text), lines);
  for (const f of fromOwned) {
    assert.equal(f.ascii, owned);
    assert.equal(textOf(f), f.text);
  }
  // A view (a slice of a larger buffer, which the caller may reuse): the lines are copied once.
  const larger = Buffer.from(`junk${text}`);
  const view = larger.subarray(4);
  const fromView = new LineFramer(undefined, undefined, true).push(view);
  larger.fill(0);
  assert.notEqual(fromView[0]!.ascii, view);
  assert.equal(new Set(fromView.map((f) => f.ascii)).size, 1);
  assert.deepEqual(fromView.map(textOf), lines);
  // Without keepBytes, a CRLF line, or a chunk that is not all ASCII: no bytes.
  assert.equal(new LineFramer().push(owned)[0]!.ascii, undefined);
  assert.equal(new LineFramer(undefined, undefined, true).push(Buffer.from(text.replaceAll('\n', '\r\n')))[0]!.ascii, undefined);
  assert.equal(new LineFramer(undefined, undefined, true).push(Buffer.from(text.replace('line 0', 'ligne é')))[1]!.ascii, undefined);
});
