import assert from 'node:assert/strict';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { BatchQueue, MOVE_MIN_BYTES, unpackBatch } from '../../../src/cli/record/batch';
import type { RecorderBatch, RecorderMessage } from '../../../src/cli/record/messages';
import { Recorder } from '../../../src/cli/record/recorder';
import { variedSteps } from './variedStreams';

// The trace the recorder wrote for variedSteps() before the relay batched by transfer and the
// recorder built message lines from bytes: every change to either must keep it byte for byte.
const GOLDEN = gunzipSync(readFileSync(join(__dirname, '../../fixtures/record/varied.mcptrace.jsonl.gz')));

const dir = mkdtempSync(join(tmpdir(), 'mcp-lens-trace-bytes-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

/** Feeds `messages` to a Recorder (flushing after each `flushEvery`), returns the file's bytes. */
async function record(messages: Iterable<RecorderMessage>, flushEvery = 1): Promise<Buffer> {
  const path = join(dir, `${++files}.jsonl`);
  const fd = openSync(path, 'w');
  const recorder = new Recorder(fd);
  let n = 0;
  for (const m of messages) {
    if (m.type === 'close') continue;
    recorder.handle(m);
    if (++n % flushEvery === 0) recorder.flush();
  }
  assert.equal(await recorder.drained(), undefined);
  closeSync(fd);
  return readFileSync(path);
}

function sameBytes(actual: Buffer, expected: Buffer): void {
  if (actual.equals(expected)) return;
  let at = 0;
  while (at < Math.min(actual.length, expected.length) && actual[at] === expected[at]) at++;
  const line = expected.subarray(0, at).toString('utf8').split('\n').length;
  assert.fail(`trace differs at byte ${at} (line ${line}; ${actual.length} vs ${expected.length} bytes):\n` +
    `got      ${JSON.stringify(actual.subarray(Math.max(0, at - 80), at + 80).toString('utf8'))}\n` +
    `expected ${JSON.stringify(expected.subarray(Math.max(0, at - 80), at + 80).toString('utf8'))}`);
}

test('the recorder writes the same trace bytes as before for varied streams (CRLF, split characters, invalid UTF-8, huge and partial lines, stderr)', async () => {
  sameBytes(await record(variedSteps()), GOLDEN);
  sameBytes(await record(variedSteps(), 7), GOLDEN);
});

test('chunks handed over in batches (one transferred buffer each) give the same trace bytes', async () => {
  for (const everyMessages of [1, 3, 50, Infinity]) {
    const batches: RecorderBatch[] = [];
    const queue = new BatchQueue((batch, transfer) => {
      // What postMessage does with a transfer list: the relay no longer has the bytes.
      batches.push(structuredClone(batch, { transfer }));
    });
    let n = 0;
    for (const step of variedSteps()) {
      queue.add(step);
      if (++n % everyMessages === 0) queue.handOver();
    }
    queue.handOver();
    const messages = batches.flatMap((batch) => [...unpackBatch(batch)]);
    sameBytes(await record(messages), GOLDEN);
  }
});

test('a batch owns its bytes: the relay may reuse a chunk once it is handed over', () => {
  const batches: RecorderBatch[] = [];
  const queue = new BatchQueue((batch) => batches.push(batch));
  const chunk = Buffer.from('{"a":1}\n');
  queue.add({ type: 'chunk', dir: 's2c', t: 1, chunk });
  queue.add({ type: 'meta', kind: 'note', t: 2, raw: 'between' });
  queue.add({ type: 'chunk', dir: 'stderr', t: 3, chunk: Buffer.from('err') });
  queue.handOver();
  chunk.fill(0);
  const [a, meta, b] = [...unpackBatch(batches[0])];
  assert.equal(Buffer.from((a as { chunk: Uint8Array }).chunk).toString(), '{"a":1}\n');
  assert.deepEqual(meta, { type: 'meta', kind: 'note', t: 2, raw: 'between' });
  assert.equal(Buffer.from((b as { chunk: Uint8Array }).chunk).toString(), 'err');
  assert.equal(batches.length, 1);
});

test('movable chunks that own their buffer are moved, pooled and sliced ones copied: same trace bytes', async () => {
  for (const everyMessages of [1, 3, Infinity]) {
    const batches: RecorderBatch[] = [];
    const queue = new BatchQueue((batch, transfer) => batches.push(structuredClone(batch, { transfer })));
    const steps = variedSteps();
    const chunks = steps.flatMap((step) => (step.type === 'chunk' ? [step.chunk] : []));
    const whole = chunks.filter((c) => c.byteOffset === 0 && c.byteLength === c.buffer.byteLength && c.byteLength >= MOVE_MIN_BYTES);
    const pooled = chunks.filter((c) => c.byteLength < c.buffer.byteLength);
    let n = 0;
    for (const step of steps) {
      queue.add(step.type === 'chunk' ? { ...step, movable: true } : step);
      if (++n % everyMessages === 0) queue.handOver();
    }
    queue.handOver();
    assert.ok(whole.length > 0 && pooled.length > 0, 'the steps hold chunks of both kinds');
    assert.equal(batches.reduce((sum, b) => sum + b.moved.length, 0), whole.length);
    // Moved: detached here. Copied: the relay's pool is left alone.
    for (const c of whole) assert.equal(c.byteLength, 0);
    for (const c of pooled) assert.ok(c.byteLength > 0);
    sameBytes(await record(batches.flatMap((batch) => [...unpackBatch(batch)])), GOLDEN);
  }
});

test('a chunk that is not movable, or a slice of a larger buffer, is copied: the relay keeps its bytes', () => {
  const batches: RecorderBatch[] = [];
  const queue = new BatchQueue((batch, transfer) => batches.push(structuredClone(batch, { transfer })));
  const queued = Buffer.allocUnsafeSlow(MOVE_MIN_BYTES).fill(97);
  const read = Buffer.allocUnsafeSlow(3 * MOVE_MIN_BYTES).fill(98);
  const slice = read.subarray(MOVE_MIN_BYTES, 2 * MOVE_MIN_BYTES);
  queue.add({ type: 'chunk', dir: 'c2s', t: 1, chunk: queued });
  queue.add({ type: 'chunk', dir: 's2c', t: 2, chunk: slice, movable: true });
  queue.handOver();
  assert.deepEqual(batches[0].moved, []);
  assert.equal(queued.byteLength, MOVE_MIN_BYTES);
  assert.equal(read.byteLength, 3 * MOVE_MIN_BYTES);
  const [a, b] = [...unpackBatch(batches[0])] as Array<{ chunk: Uint8Array }>;
  assert.ok(Buffer.from(a.chunk).equals(queued));
  assert.ok(Buffer.from(b.chunk).equals(slice));
});

test('a buffer handed over twice in one batch (a transfer list may name it once) goes copied, in order', () => {
  const batches: RecorderBatch[] = [];
  const queue = new BatchQueue((batch, transfer) => batches.push(structuredClone(batch, { transfer })));
  const chunk = Buffer.allocUnsafeSlow(MOVE_MIN_BYTES).fill(99);
  const other = Buffer.allocUnsafeSlow(MOVE_MIN_BYTES).fill(100);
  queue.add({ type: 'chunk', dir: 's2c', t: 1, chunk, movable: true });
  queue.add({ type: 'chunk', dir: 's2c', t: 2, chunk: other, movable: true });
  queue.add({ type: 'chunk', dir: 's2c', t: 3, chunk, movable: true });
  queue.handOver();
  assert.equal(batches.length, 1);
  assert.deepEqual(batches[0].moved, []);
  const got = [...unpackBatch(batches[0])].map((m) => Buffer.from((m as { chunk: Uint8Array }).chunk));
  assert.deepEqual(got.map((b) => [b.length, b[0]]), [[MOVE_MIN_BYTES, 99], [MOVE_MIN_BYTES, 100], [MOVE_MIN_BYTES, 99]]);
});
