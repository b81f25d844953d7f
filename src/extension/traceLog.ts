import type { TraceEvent } from '../core/trace/event';
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
export function logTraceEvent(log: Log, server: string, e: TraceEvent, level: TraceLevel): void {
  if (e.dir === 'stderr') return log.info(`[${server}] stderr: ${e.raw}`);
  if (e.dir === 'meta') return log.info(`[${server}] ${e.raw}`);
  if (!e.msg) return log.warn(`[${server}] stdout line that is not a JSON-RPC message: ${e.raw}`);
  if (level === 'off') return;
  const arrow = e.dir === 'c2s' ? '→' : '←';
  log.info(`[${server}] ${arrow} ${level === 'verbose' ? e.raw : summary(e)}`);
}
