import assert from 'node:assert/strict';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { parseTraceText } from '../../../src/core/trace/jsonl';
import { Recorder } from '../../../src/cli/record/recorder';
import { TraceFileWriter } from '../../../src/cli/record/traceFileWriter';

const dir = mkdtempSync(join(tmpdir(), 'mcp-lens-trace-writer-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const fresh = () => join(dir, `${++files}.jsonl`);

test('the trace file writer puts every piece on disk in order, multi-byte text and pieces larger than a block included', async () => {
  const path = fresh();
  const fd = openSync(path, 'w');
  const writer = new TraceFileWriter(fd);
  const pieces: string[] = [];
  // Sizes around the 1 MiB block (and its 3-bytes-per-unit reserve), 2-, 3- and 4-byte UTF-8.
  const alphabet = ['a', 'é', '€', '😀', '\n', '"'];
  for (let i = 0; i < 400; i++) {
    const size = i % 97 === 0 ? 400_000 + i * 997 : (i * 7919) % 5000;
    const unit = alphabet[i % alphabet.length];
    const piece = `${i}:` + unit.repeat(Math.ceil(size / unit.length));
    pieces.push(piece);
    writer.append(piece);
    if (i % 50 === 0) writer.flush();
  }
  assert.equal(await writer.drained(), undefined);
  closeSync(fd);
  assert.ok(readFileSync(path).equals(Buffer.from(pieces.join(''), 'utf8')));
});

test('a write that fails is reported by drained, not thrown', async () => {
  const path = fresh();
  writeFileSync(path, '');
  const fd = openSync(path, 'r');
  const writer = new TraceFileWriter(fd);
  writer.append('{"seq":1}\n');
  const failure = await writer.drained();
  closeSync(fd);
  assert.ok(failure instanceof Error);
});

test('the recorder writes one event per line, numbered in order, for chunks cut anywhere', async () => {
  const path = fresh();
  const fd = openSync(path, 'w');
  const recorder = new Recorder(fd);
  const lines = Array.from({ length: 3000 }, (_, i) => JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: `héllo ${i} 😀` } }));
  const big = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: '€'.repeat(700_000) }] } });
  const bytes = Buffer.from([...lines, big].join('\n') + '\n');
  // Cuts that split lines and multi-byte characters alike.
  for (let at = 0, step = 1; at < bytes.length; at += step, step = ((step * 31 + 7) % 65_536) || 1) {
    recorder.handle({ type: 'chunk', dir: 's2c', t: at, chunk: bytes.subarray(at, at + step) });
    if (step % 3 === 0) recorder.flush();
  }
  recorder.handle({ type: 'chunk', dir: 'stderr', t: 1, chunk: Buffer.from('a warning\n') });
  recorder.handle({ type: 'meta', kind: 'note', t: 2, raw: 'shutting down' });
  recorder.handle({ type: 'end', dir: 's2c', t: 3 });
  assert.equal(await recorder.drained(), undefined);
  closeSync(fd);
  const text = readFileSync(path, 'utf8');
  assert.ok(text.endsWith('\n'));
  const { events, problems } = parseTraceText(text);
  assert.deepEqual(problems, []);
  assert.equal(recorder.count, lines.length + 3);
  assert.deepEqual(events.map((e) => e.seq), Array.from({ length: recorder.count }, (_, i) => i + 1));
  assert.deepEqual(events.slice(0, lines.length + 1).map((e) => e.raw), [...lines, big]);
  assert.deepEqual(events[1].msg, JSON.parse(lines[1]));
  assert.deepEqual(events.slice(-2).map((e) => [e.dir, e.raw]), [['stderr', 'a warning'], ['meta', 'shutting down']]);
});
