import { settled } from '../core/util/ignored';

/**
 * Runs the refreshes of one list at a time, per key (a server's tools, resources, prompts).
 * Asked again while one runs, it runs once more after it (every ask in between folds into
 * that one run), so an older listing can never finish after a newer one and overwrite it:
 * the newest listing wins.
 */
export class SerialRefresh<K> {
  /** The run that has been asked for but not started yet, per key. */
  private readonly queued = new Map<K, Promise<void>>();
  /** The last run of each key, settled or not (never rejects). */
  private readonly tail = new Map<K, Promise<void>>();

  /** Resolves when a run that started after this call has finished (so it saw the state as of now). */
  run(key: K, task: () => Promise<void>): Promise<void> {
    const queued = this.queued.get(key);
    if (queued) return queued;
    const previous = this.tail.get(key);
    // Nothing running: start now. Otherwise wait for it; later asks join this waiting run.
    const next = previous
      ? previous.then(() => {
          this.queued.delete(key);
          return task();
        })
      : task();
    if (previous) this.queued.set(key, next);
    // `next` goes to the caller, who hears its failure; the tail only marks when it is over.
    const tail = settled(next);
    this.tail.set(key, tail);
    void tail.then(() => {
      if (this.tail.get(key) === tail) this.tail.delete(key);
    });
    return next;
  }
}
