import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { abortableDelay, MAX_TIMER_MS } from '../../../src/core/util/longTimeout';

/** Whether `p` settled within `ms` of real time. */
async function settledWithin(p: Promise<void>, ms: number): Promise<boolean> {
  let settled = false;
  void p.then(() => (settled = true));
  await new Promise((r) => setTimeout(r, ms));
  return settled;
}

describe('abortableDelay (an SSE stream reopened after the retry time the server sent)', () => {
  it('waits out a retry longer than setTimeout can hold (Node would run it after 1 ms), and an abort ends it', async () => {
    const controller = new AbortController();
    const wait = abortableDelay(MAX_TIMER_MS + 5000, controller.signal);
    assert.equal(await settledWithin(wait, 200), false, 'a retry of 2^31+5000 ms is still being waited for');
    controller.abort();
    assert.equal(await settledWithin(wait, 50), true, 'aborting (the transport closing) ends the wait');
  });

  it('resolves after a short retry', async () => {
    assert.equal(await settledWithin(abortableDelay(10, new AbortController().signal), 300), true);
  });
});
