import assert from 'node:assert/strict';
import { mock, test } from 'node:test';
import { Backlog, MAX_BACKLOG_BYTES, MAX_WAIT_MS, QUIET_MS } from '../../../src/cli/record/backlog';
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

test('a steady trickle (a batch just inside the quiet time, again and again) waits no longer than MAX_WAIT_MS', () => {
  mock.timers.enable({ apis: ['setTimeout'] });
  try {
    let clock = 0;
    const handled: RecorderBatch[] = [];
    const backlog = new Backlog((b) => handled.push(b), () => clock);
    const step = QUIET_MS - 1;
    let n = 0;
    // A batch every `step` while the oldest has waited less than MAX_WAIT_MS; the last one
    // comes less than QUIET_MS before that is up.
    for (;;) {
      backlog.add(batch(String(n++)));
      if (clock + step >= MAX_WAIT_MS) break;
      clock += step;
      mock.timers.tick(step);
    }
    assert.ok(MAX_WAIT_MS - clock < QUIET_MS);
    assert.deepEqual(handled, []);
    mock.timers.tick(MAX_WAIT_MS - clock);
    assert.equal(handled.length, n, 'handled once the oldest batch has waited MAX_WAIT_MS');
  } finally {
    mock.timers.reset();
  }
});
