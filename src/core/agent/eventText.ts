import type { TraceEvent } from '../trace/event';
import { line } from './bounds';

const ARROW: Record<TraceEvent['dir'], string> = { c2s: '→', s2c: '←', stderr: 'stderr', meta: '·' };

/** One trace event as one line: `#12 → {"jsonrpc":…}`, `#13 stderr boom`, `#14 · exited with code 1`. */
export function eventLine(e: TraceEvent): string {
  const kind = e.msg === undefined && e.kind && e.dir !== 'meta' && e.dir !== 'stderr' ? ` [${e.kind}]` : '';
  return `#${e.seq} ${ARROW[e.dir]}${kind} ${line(e.raw)}`;
}

/** The protocol traffic and lifecycle facts (no stderr), the last `n` of them. */
export function lastMessages(events: readonly TraceEvent[], n: number): TraceEvent[] {
  const picked: TraceEvent[] = [];
  for (let i = events.length - 1; i >= 0 && picked.length < n; i--) if (events[i].dir !== 'stderr') picked.push(events[i]);
  return picked.reverse();
}

/** The last `n` stderr lines. */
export function lastStderr(events: readonly TraceEvent[], n: number): TraceEvent[] {
  const picked: TraceEvent[] = [];
  for (let i = events.length - 1; i >= 0 && picked.length < n; i--) if (events[i].dir === 'stderr') picked.push(events[i]);
  return picked.reverse();
}

/** `events` as lines, with a header saying how many there were in all. */
export function eventsText(what: string, events: readonly TraceEvent[], total: number): string {
  if (events.length === 0) return `No ${what} yet.`;
  const head = events.length < total ? `The last ${events.length} of ${total} ${what}:` : `${events.length} ${what}:`;
  return [head, ...events.map(eventLine)].join('\n');
}
