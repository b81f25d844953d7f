/**
 * The diagnostics' first run, once the window has settled after activation. Without it the
 * first Start runs them (engine.ts warmRules) while its server boots, and on a machine with
 * few cores that CPU competed with the server and delayed its first answer; `npm run bench`
 * ("Start to tools listed") measures the Start that comes after it.
 */
import { warmDiagnostics } from '../core/diagnose/engine';
import type { Log } from './log';

/** After activation has returned and the window has had `delayMs` to settle. */
export function warmDiagnosticsWhenIdle(log: Log, delayMs = 1000): { dispose(): void } {
  const timer = setTimeout(() => {
    try {
      warmDiagnostics();
    } catch (error) {
      // The first Start warms them again; only the time is lost.
      log.error('Warming the diagnostics failed', error);
    }
  }, delayMs);
  return { dispose: () => clearTimeout(timer) };
}
