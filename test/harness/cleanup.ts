// One place that knows what a run has started, so Ctrl-C or a kill still stops it all:
// code-server and chromium must never outlive the harness.

type Cleanup = () => Promise<unknown>;
const cleanups = new Set<Cleanup>();
let installed = false;

function onSignal(signal: NodeJS.Signals): void {
  console.error(`\n[harness] ${signal}: stopping everything this run started`);
  void runCleanups().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
}

/** Registers `fn` to run on SIGINT/SIGTERM; call the returned function once it ran normally. */
export function onAbort(fn: Cleanup): () => void {
  if (!installed) {
    installed = true;
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    process.once('SIGHUP', onSignal);
  }
  cleanups.add(fn);
  return () => cleanups.delete(fn);
}

export async function runCleanups(): Promise<void> {
  const pending = [...cleanups].reverse();
  cleanups.clear();
  for (const fn of pending) {
    try {
      await fn();
    } catch (error) {
      console.error('[harness] cleanup failed:', error);
    }
  }
}

/** Resolves when `check` returns a truthy value; rejects with `what` once `timeoutMs` passed. */
export async function pollUntil<T>(what: string, timeoutMs: number, check: () => T | Promise<T>, intervalMs = 100): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const cause = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${cause}`);
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
