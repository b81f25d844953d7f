import { existsSync, readFileSync } from 'node:fs';

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Rate and latency percentiles of `count` sequential calls of `once` (after a warm-up). */
export async function timeCalls(once, count, warmup) {
  for (let i = 0; i < warmup; i++) await once(i);
  const latencies = new Float64Array(count);
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    await once(i);
    latencies[i] = performance.now() - t0;
  }
  const elapsed = performance.now() - start;
  const sorted = Array.from(latencies).sort((a, b) => a - b);
  return { rate: (count / elapsed) * 1000, p50: percentile(sorted, 50), p99: percentile(sorted, 99), cpuUs: cpuMicros(cpu) / count };
}

/** This process's CPU time (user + system) since `since`, in microseconds. */
export function cpuMicros(since) {
  const used = process.cpuUsage(since);
  return used.user + used.system;
}

/** (max − min) / median: how far the repetitions of one figure spread. */
export function spreadOf(values) {
  const m = median(values);
  return m ? (Math.max(...values) - Math.min(...values)) / Math.abs(m) : 0;
}

/**
 * Resolves once process `pid` has used no CPU for three 50 ms polls in a row (its own threads
 * only, from /proc; elsewhere a fixed second). For a phase that must not time another's tail.
 */
export async function settled(pid) {
  const ticks = () => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  if (!existsSync(`/proc/${pid}/stat`)) return new Promise((resolve) => setTimeout(resolve, 1000));
  let last = ticks();
  for (let still = 0; still < 3;) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = ticks();
    still = now === last ? still + 1 : 0;
    last = now;
  }
}
