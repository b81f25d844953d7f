/**
 * The server process's resident memory and CPU time, read by MCP Lens during a run it drives
 * (fuzz, load) and written into the trace as a note between the calls. Being in the trace, the
 * readings are diagnosed like any event (memory-growth reads them) and a recorded run can be
 * linted again later with the same result.
 */
import type { NewTraceEvent, TraceEvent } from './event';

export interface ProcessUsage {
  pid: number;
  rssBytes: number;
  /** CPU time (user + system) the process has used since it started. */
  cpuMs: number;
}

export function usageNote(usage: ProcessUsage): NewTraceEvent {
  return {
    dir: 'meta',
    kind: 'note',
    raw: `server process ${usage.pid}: ${(usage.rssBytes / 2 ** 20).toFixed(1)} MiB resident, ${(usage.cpuMs / 1000).toFixed(2)} s of CPU`,
    info: { usage: { pid: usage.pid, rssBytes: usage.rssBytes, cpuMs: usage.cpuMs } },
  };
}

/** The reading a usage note carries; undefined for any other event. */
export function usageOf(e: TraceEvent): ProcessUsage | undefined {
  if (e.dir !== 'meta' || e.kind !== 'note') return undefined;
  const u = e.info?.usage as Partial<ProcessUsage> | undefined;
  if (typeof u !== 'object' || u === null) return undefined;
  const { pid, rssBytes, cpuMs } = u;
  return typeof pid === 'number' && typeof rssBytes === 'number' && typeof cpuMs === 'number' && rssBytes > 0
    ? { pid, rssBytes, cpuMs }
    : undefined;
}
