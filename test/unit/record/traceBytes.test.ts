import assert from 'node:assert/strict';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { BatchQueue, unpackBatch } from '../../../src/cli/record/batch';
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
