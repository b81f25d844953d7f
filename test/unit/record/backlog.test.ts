import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Backlog, MAX_BACKLOG_BYTES } from '../../../src/cli/record/backlog';
import type { RecorderBatch } from '../../../src/cli/record/messages';

const batch = (raw: string, bytes = 16, close = false): RecorderBatch => ({
  items: [{ type: 'meta', kind: 'note', t: 1, raw }, ...(close ? [{ type: 'close' as const }] : [])],
  bytes: new ArrayBuffer(bytes),
  moved: [],
});
const names = (handled: RecorderBatch[]) => handled.map((b) => (b.items[0] as { raw: string }).raw);

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
}

test('a burst of batches waits while it lasts, then is handled in order', async () => {
  const handled: RecorderBatch[] = [];
  const backlog = new Backlog((b) => handled.push(b));
  for (const raw of ['a', 'b', 'c']) backlog.add(batch(raw));
  assert.deepEqual(names(handled), []);
  await until(() => handled.length === 3);
  assert.deepEqual(names(handled), ['a', 'b', 'c']);
});

test('a closing batch is handled at once, after everything that waited', () => {
  const handled: RecorderBatch[] = [];
  const backlog = new Backlog((b) => handled.push(b));
  backlog.add(batch('a'));
  backlog.add(batch('b'));
  backlog.add(batch('last', 16, true));
  assert.deepEqual(names(handled), ['a', 'b', 'last']);
});

test('a burst that holds too much memory is handled without waiting for it to end', () => {
  const handled: RecorderBatch[] = [];
  const backlog = new Backlog((b) => handled.push(b));
  backlog.add(batch('a', MAX_BACKLOG_BYTES / 2));
  assert.deepEqual(names(handled), []);
  backlog.add(batch('b', MAX_BACKLOG_BYTES / 2));
  assert.deepEqual(names(handled), ['a', 'b']);
  backlog.drain();
  assert.equal(handled.length, 2);
});
