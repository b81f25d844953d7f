import type { RecorderBatch } from './messages';
import { batchBytes } from './batch';

/**
 * Handled once no batch came for this long: the burst is over. The relay hands over every
 * 5 ms or 1 MiB, but on a loaded machine it is itself off a core for longer than that in the
 * middle of a burst (10 ms here let the recorder start mid-flood).
 */
export const QUIET_MS = 50;
/**
 * … but never later than this after the oldest waiting batch came (a steady conversation is
 * never quiet; a loaded machine can stretch a 100k-line flood past 200 ms) …
 */
export const MAX_WAIT_MS = 500;
/** … nor once this much is waiting (the memory a burst may hold). */
export const MAX_BACKLOG_BYTES = 32 << 20;

/**
 * Holds the relay's batches while they keep coming and hands them on when the burst is over.
 * Framing, parsing and writing a flood of lines costs the recorder many times what relaying it
 * costs, and on a machine with few cores that work (and the garbage collection it causes)
 * slowed the very burst being relayed.
 * Waiting bounds both the delay and the memory; a closing batch is handled at once.
 */
export class Backlog {
  private batches: RecorderBatch[] = [];
  private bytes = 0;
  private oldest: number | undefined;
  private quiet: NodeJS.Timeout | undefined;

  constructor(
    private readonly handle: (batch: RecorderBatch) => void,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  add(batch: RecorderBatch): void {
    this.batches.push(batch);
    this.bytes += batchBytes(batch);
    const now = this.clock();
    this.oldest ??= now;
    const waited = now - this.oldest;
    const closing = batch.items.some((item) => item.type === 'close');
    if (closing || this.bytes >= MAX_BACKLOG_BYTES || waited >= MAX_WAIT_MS) {
      this.drain();
      return;
    }
    clearTimeout(this.quiet);
    // Quiet for QUIET_MS, or the oldest batch's MAX_WAIT_MS is up, whichever comes first:
    // a batch every 49 ms must not stretch the wait to MAX_WAIT_MS + QUIET_MS.
    this.quiet = setTimeout(() => this.drain(), Math.min(QUIET_MS, MAX_WAIT_MS - waited));
  }

  /** Hands on every waiting batch, in order. */
  drain(): void {
    clearTimeout(this.quiet);
    this.quiet = undefined;
    const batches = this.batches;
    this.batches = [];
    this.bytes = 0;
    this.oldest = undefined;
    for (const batch of batches) this.handle(batch);
  }
}
