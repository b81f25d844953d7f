/**
 * Runs steps in the order they were given, a step waiting for its value when that is a
 * promise: a step given while an earlier promise is unsettled waits for it. With nothing
 * pending, a step with a plain value runs at once, on the caller's stack (the common case
 * costs nothing).
 */
export class InOrder {
  private readonly backlog: Array<{ value: unknown; use: (value: never) => void }> = [];
  private draining: Promise<void> | undefined;

  push<T>(value: T | Promise<T>, use: (value: T) => void): void {
    if (this.backlog.length === 0 && !(value instanceof Promise)) {
      use(value);
      return;
    }
    this.backlog.push({ value, use });
    this.draining ??= this.drain();
  }

  /** Resolves once every step given so far has run. */
  idle(): Promise<void> {
    return this.draining ?? Promise.resolve();
  }

  private async drain(): Promise<void> {
    while (this.backlog.length > 0) {
      const { value, use } = this.backlog[0]!;
      // A promise that rejects is the giver's bug: its step is skipped, the order kept.
      const settled =
        value instanceof Promise
          ? await value.then(
              (v: unknown) => ({ v }),
              () => undefined,
            )
          : { v: value };
      this.backlog.shift();
      try {
        if (settled) (use as (value: unknown) => void)(settled.v);
      } catch (err) {
        // As a throw in a stream's 'data' handler would be: not swallowed.
        queueMicrotask(() => {
          throw err;
        });
      }
    }
    this.draining = undefined;
  }
}
