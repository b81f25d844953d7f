/**
 * A load run: `concurrency` callers, each starting its next call when the last one ends, until
 * `requests` calls were started or `durationMs` has passed; with `rate`, starts are also spaced
 * so that no more than `rate` begin per second. Each call's latency goes into an HDR histogram;
 * each failure is counted by kind. The run stops early when the connection is gone: every
 * later call would fail the same way.
 */
import { longTimeout } from '../util/longTimeout';
import { LatencyRecorder, type LatencyBucket, type LatencySummary } from './latency';

export type CallKind = 'ok' | 'tool-error' | 'protocol-error' | 'timeout' | 'connection-closed' | 'other';

export interface LoadOptions {
  concurrency: number;
  requests?: number;
  durationMs?: number;
  rate?: number;
}

export interface TimeSlice {
  /** Seconds since the start (the slice covers [second, second + 1)). */
  second: number;
  completed: number;
  errors: number;
}

export interface LoadResult {
  requests: number;
  ok: number;
  errors: Partial<Record<Exclude<CallKind, 'ok'>, number>>;
  errorRate: number;
  durationMs: number;
  /** Completed calls per second over the whole run. */
  throughput: number;
  latency: LatencySummary;
  histogram: LatencyBucket[];
  timeline: TimeSlice[];
  /** Set when the run ended before its budget: the connection was gone. */
  stoppedEarly?: string;
}

export async function runLoad(call: () => Promise<CallKind>, options: LoadOptions): Promise<LoadResult> {
  const recorder = new LatencyRecorder();
  const errors: LoadResult['errors'] = {};
  const slices = new Map<number, TimeSlice>();
  const started = performance.now();
  const deadline = options.durationMs !== undefined ? started + options.durationMs : Infinity;
  const budget = options.requests ?? Infinity;
  let issued = 0;
  let ok = 0;
  let stoppedEarly: string | undefined;

  const nextTicket = async (): Promise<boolean> => {
    if (stoppedEarly || issued >= budget || performance.now() >= deadline) return false;
    const ticket = issued++;
    if (options.rate) {
      const due = started + (ticket / options.rate) * 1000;
      // Never past the end of --duration; a wait over 2^31-1 ms (a --rate far below one a day)
      // would run after 1 ms as a plain setTimeout.
      const wait = Math.min(due, deadline) - performance.now();
      if (wait > 0) await new Promise<void>((resolve) => longTimeout(resolve, wait));
      // A timer may fire a fraction of a millisecond before performance.now() reaches the
      // deadline: a start due at or after it never begins, whatever the clock says on waking.
      if (due >= deadline || performance.now() >= deadline) return false;
    }
    return true;
  };

  const caller = async () => {
    while (await nextTicket()) {
      const t0 = performance.now();
      // `call` sorts the failures it knows; anything else it throws is tallied as an error of kind other.
      const kind = await call().catch((): CallKind => 'other');
      const t1 = performance.now();
      recorder.record(t1 - t0);
      const slice = sliceAt(slices, Math.floor((t1 - started) / 1000));
      slice.completed++;
      if (kind === 'ok') ok++;
      else {
        errors[kind] = (errors[kind] ?? 0) + 1;
        slice.errors++;
      }
      if (kind === 'connection-closed') stoppedEarly ??= 'the connection to the server closed (it crashed or exited)';
    }
  };

  await Promise.all(Array.from({ length: options.concurrency }, caller));
  const durationMs = performance.now() - started;
  const completed = recorder.summary().count;
  const result: LoadResult = {
    requests: completed,
    ok,
    errors,
    errorRate: completed ? (completed - ok) / completed : 0,
    durationMs: Math.round(durationMs),
    throughput: durationMs > 0 ? Math.round((completed / durationMs) * 1000 * 10) / 10 : 0,
    latency: recorder.summary(),
    histogram: recorder.buckets(),
    timeline: Array.from(
      { length: Math.max(0, ...slices.keys()) + 1 },
      (_, second) => slices.get(second) ?? { second, completed: 0, errors: 0 },
    ),
    ...(stoppedEarly ? { stoppedEarly } : {}),
  };
  recorder.destroy();
  return result;
}

function sliceAt(slices: Map<number, TimeSlice>, second: number): TimeSlice {
  let slice = slices.get(second);
  if (!slice) slices.set(second, (slice = { second, completed: 0, errors: 0 }));
  return slice;
}
