import type { TraceEvent } from './event';

/** What the one latency number measures, for the tooltip beside it. */
export const LATENCY_MEANING = 'Wire latency: from writing the request line to reading its response line.';

/**
 * The wire latency of request `id`: from the moment its line was written to the server to
 * the moment the response line was read, in whole milliseconds — what the Messages view
 * shows for the exchange, so the tool panel and code lens show the same number. The newest
 * exchange with that id counts; the scan runs from the end, where a call just answered is.
 */
export function wireLatency(events: readonly TraceEvent[], id: number | string): number | undefined {
  let answered: TraceEvent | undefined;
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if ((e.msg as { id?: unknown } | undefined)?.id !== id) continue;
    if (!answered && e.dir === 's2c' && e.kind === 'response') answered = e;
    else if (answered && e.dir === 'c2s' && e.kind === 'request') return Math.round(answered.t - e.t);
  }
  return undefined;
}
