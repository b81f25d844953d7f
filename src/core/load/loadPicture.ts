/**
 * A load run drawn in text: the latency histogram (one bar per bucket), completed calls per
 * second, and the server's CPU and memory over the run — readable in an editor tab, a terminal
 * or a CI log alike, with nothing rendered from what the server sent.
 */
import type { ProcessSample } from './processSampler';
import type { LoadResult } from './loadRun';

const WIDTH = 40;

/** `notes`: what limits the figures (the machine both sides share), shown under the summary. */
export function loadPicture(tool: string, r: LoadResult, samples: readonly ProcessSample[], notes: readonly string[] = []): string[] {
  const l = r.latency;
  const errors =
    Object.entries(r.errors)
      .map(([kind, n]) => `${kind} ${n}`)
      .join(', ') || 'none';
  const lines = [
    `Load test of ${tool}: ${r.requests} calls in ${(r.durationMs / 1000).toFixed(1)} s, ${r.throughput} calls/s`,
    `latency  min ${l.minMs} ms · p50 ${l.p50Ms} ms · p90 ${l.p90Ms} ms · p99 ${l.p99Ms} ms · max ${l.maxMs} ms`,
    `errors   ${r.requests - r.ok} (${Math.round(r.errorRate * 10000) / 100}%): ${errors}`,
    ...(r.stoppedEarly ? [`stopped early: ${r.stoppedEarly}`] : []),
    ...notes.map((n) => `note: ${n}`),
    '',
    'Latency histogram (calls per bucket, up to the time shown)',
    ...bars(r.histogram.map((b) => [`≤ ${b.upToMs} ms`, b.count])),
    '',
    'Throughput over time (calls completed per second)',
    ...bars(r.timeline.map((t) => [`${t.second}–${t.second + 1} s`, t.completed])),
  ];
  if (samples.length > 0) {
    lines.push(
      '',
      'Server CPU (% of one core) and memory',
      ...samples.map(
        (s) => `${String(s.atMs).padStart(7)} ms  ${bar(s.cpuPercent, 100)} ${s.cpuPercent}%  ${(s.rssBytes / 2 ** 20).toFixed(1)} MiB`,
      ),
    );
  }
  return lines;
}

function bars(rows: [label: string, value: number][]): string[] {
  const max = Math.max(1, ...rows.map(([, v]) => v));
  const pad = Math.max(0, ...rows.map(([label]) => label.length));
  return rows.map(([label, v]) => `${label.padStart(pad)}  ${bar(v, max)} ${v}`);
}

function bar(value: number, max: number): string {
  const n = Math.round((Math.min(value, max) / max) * WIDTH);
  return '█'.repeat(n) + '·'.repeat(WIDTH - n);
}
