/**
 * The client's requests of the current run that have no answer yet: what a restart would
 * lose. Read from the trace alone (the latest 'spawned' starts the run), so the report of
 * lost requests is as true offline as live.
 */
import type { TraceEvent } from '../trace/event';
import { isProbeRequestId } from '../probe/requestId';

/** A request with no answer; `describeRequest` (core/diagnose/describe) names it as every diagnostic does. */
export interface LostRequest {
  id: string | number;
  method: string;
  /** What the request targets (a tool's or prompt's name, a resource's URI), as it was sent. */
  params?: Record<string, unknown>;
  seq: number;
}

export function requestsInFlight(events: readonly TraceEvent[]): LostRequest[] {
  let start = 0;
  for (let i = events.length - 1; i >= 0; i--) {
    if (events[i].dir === 'meta' && events[i].kind === 'spawned') {
      start = i;
      break;
    }
  }
  const open = new Map<string, LostRequest>();
  const key = (id: unknown) => `${typeof id}:${String(id)}`;
  for (let i = start; i < events.length; i++) {
    const e = events[i];
    const msg = e.msg as Record<string, unknown> | undefined;
    // A subscriptions/listen stream awaits no answer ("this result is sent only when the server tears
    // the subscription down"): a restart ends it, it loses nothing. Nor does a probe's raw request,
    // which waited for its answer only while its probe ran (an unanswered one is the probe's finding).
    if (e.dir === 'c2s' && e.kind === 'request' && msg && msg.method !== 'subscriptions/listen' && !isProbeRequestId(msg.id)) {
      const params = msg.params as Record<string, unknown> | undefined;
      open.set(key(msg.id), { id: msg.id as string | number, method: String(msg.method), ...(params ? { params } : {}), seq: e.seq });
    } else if (e.dir === 's2c' && e.kind === 'response' && msg) {
      open.delete(key(msg.id));
    } else if (e.dir === 'meta' && (e.kind === 'timeout' || e.kind === 'cancelled')) {
      open.delete(key(e.info?.id));
    }
  }
  return [...open.values()];
}
