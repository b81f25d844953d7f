import type { TraceEvent } from '../core/trace/event';
import type { TextMask } from '../core/trace/streamMask';
import type { Log } from './log';
import type { TraceLevel } from './settings';

function summary(e: TraceEvent): string {
  const msg = e.msg as Record<string, unknown> | undefined;
  if (!msg) return e.raw;
  const id = msg.id !== undefined ? ` #${String(msg.id)}` : '';
  if (typeof msg.method === 'string') return `${msg.method}${id}`;
  const error = msg.error as { code?: number; message?: string } | undefined;
  return error ? `error ${error.code}${id}: ${error.message}` : `result${id}`;
}

/**
 * Mirrors a server's trace into the log: lifecycle and stderr always, stray stdout as a
 * warning, JSON-RPC messages as `mcpLens.trace.server` asks.
 */
export function logTraceEvent(
  log: Log,
  server: string,
  e: TraceEvent,
  level: TraceLevel,
  redact: (text: string) => string = (t) => t,
): void {
  if (e.dir === 'stderr') return log.info(redact(`[${server}] stderr: ${e.raw}`));
  if (e.dir === 'meta') {
    // One line per HTTP exchange is message-level detail; HTTP failures are always logged.
    if (e.kind === 'http' && level === 'off' && typeof e.info?.status === 'number' && e.info.status < 400 && !e.info.phase) return;
    return log.info(redact(`[${server}] ${e.raw}`));
  }
  if (!e.msg) return log.warn(redact(`[${server}] stdout line that is not a JSON-RPC message: ${e.raw}`));
  if (level === 'off') return;
  const arrow = e.dir === 'c2s' ? '→' : '←';
  log.info(redact(`[${server}] ${arrow} ${level === 'verbose' ? e.raw : summary(e)}`));
}

/**
 * Replaces every occurrence of each secret (password input values, tokens) with a mask. The
 * list is read at each call: a token learned after the start is masked from then on. It names
 * the strings it masks, so a huge line can be masked piece by piece (StreamMask).
 */
export function redactor(secrets: readonly string[]): TextMask {
  const mask = (text: string) => secrets.reduce((out, secret) => (secret.length > 0 ? out.split(secret).join('••••') : out), text);
  return Object.defineProperty(mask, 'secrets', { get: () => secrets.filter((s) => s.length > 0) }) as TextMask;
}
