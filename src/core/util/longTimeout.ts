/** setTimeout's longest delay: Node runs a longer one after 1 ms (with a TimeoutOverflowWarning). */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * setTimeout for any delay (a --timeout or --duration of weeks is a person's "no limit"): a
 * delay longer than MAX_TIMER_MS is waited in steps. Returns what cancels it.
 */
export function longTimeout(fn: () => void, ms: number): () => void {
  let timer: NodeJS.Timeout;
  const step = (left: number) => {
    timer = left > MAX_TIMER_MS ? setTimeout(() => step(left - MAX_TIMER_MS), MAX_TIMER_MS) : setTimeout(fn, left);
  };
  step(ms);
  return () => clearTimeout(timer);
}

/**
 * Resolves after `ms` (any length: a server's SSE `retry` is a number it chooses, and "The client
 * MUST respect the retry field"), or at once when `signal` aborts.
 */
export function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const cancel = longTimeout(done, ms);
    function done() {
      cancel();
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
