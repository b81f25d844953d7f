import assert from 'node:assert/strict';
import { PassThrough, Writable } from 'node:stream';
import { test } from 'node:test';
import { relay } from '../../../src/cli/record/relay';

/** Chunks as a pipe reads them: each the whole of its own ArrayBuffer. */
function pipeChunks(): Buffer[] {
  return Array.from({ length: 6 }, (_, i) => Buffer.allocUnsafeSlow(64 << 10).fill(65 + i));
}

/**
 * A writable that reads a chunk's memory when its write completes, as libuv does with a
 * write the pipe could not take at once; `later` completes writes on a later turn.
 */
function sink(later: boolean): { to: Writable; written: Buffer[] } {
  const written: Buffer[] = [];
  const to = new Writable({
    highWaterMark: 16 << 10,
    write(chunk: Buffer, _encoding, done) {
      const complete = () => {
        written.push(Buffer.from(chunk));
        done();
      };
      if (later) setImmediate(complete);
      else complete();
    },
  });
  return { to, written };
}

/** Relays the chunks, moving each one reported movable the way the hand-over does (detaching it). */
async function relayAll(later: boolean): Promise<{ movable: boolean[]; written: Buffer; sent: Buffer }> {
  const chunks = pipeChunks();
  const sent = Buffer.concat(chunks);
  const from = new PassThrough();
  const { to, written } = sink(later);
  const movable: boolean[] = [];
  relay(from, to, (chunk, canMove) => {
    movable.push(canMove);
    if (canMove) structuredClone(chunk.buffer, { transfer: [chunk.buffer] });
  });
  const finished = new Promise((resolve) => to.on('finish', resolve));
  from.on('end', () => to.end());
  for (const chunk of chunks) from.write(chunk);
  from.end();
  await finished;
  return { movable, written: Buffer.concat(written), sent };
}

test('a chunk the writable took at once may be moved, and what was written is intact', async () => {
  const { movable, written, sent } = await relayAll(false);
  assert.deepEqual(movable, [true, true, true, true, true, true]);
  assert.ok(written.equals(sent));
});

test('a chunk still queued in the writable is never moved: moving it would detach bytes not yet written', async () => {
  const { movable, written, sent } = await relayAll(true);
  assert.deepEqual(movable, [false, false, false, false, false, false]);
  assert.equal(written.length, sent.length);
  assert.ok(written.equals(sent));
});
