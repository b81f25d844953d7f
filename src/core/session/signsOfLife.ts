import type { Trace } from '../trace/trace';
import type { Disposable } from '../util/disposable';

/**
 * Whether the server has written anything yet, on stdout or stderr. A process still
 * starting (a cold `npx -y`, `uvx`, a slow Python import) has not: its silence says nothing
 * about its era, so the era probe does not count it toward "no response" (DESIGN.md §1).
 */
export class SignsOfLife implements Disposable {
  private seen = false;
  private readonly waiting: (() => void)[] = [];
  private readonly subscription: Disposable;

  constructor(trace: Trace) {
    this.subscription = trace.onEvent((e) => {
      if (!this.seen && (e.dir === 's2c' || e.dir === 'stderr')) this.sawLife();
    });
  }

  get alive(): boolean {
    return this.seen;
  }

  /** Runs `fn` once, at the server's first output; never if it is already alive or never writes. */
  onFirstLife(fn: () => void): void {
    if (!this.seen) this.waiting.push(fn);
  }

  dispose(): void {
    this.subscription.dispose();
    this.waiting.length = 0;
  }

  private sawLife(): void {
    this.seen = true;
    this.subscription.dispose();
    for (const fn of this.waiting.splice(0)) fn();
  }
}
