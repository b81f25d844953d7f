/**
 * The server's CPU and memory during a load run, read from /proc (Linux): utime+stime in
 * clock ticks and VmRSS. Elsewhere nothing is sampled and the report says so rather than guess.
 */
import { readFileSync } from 'node:fs';

export interface ProcessSample {
  /** Milliseconds since the run started. */
  atMs: number;
  /** Share of one CPU core used since the previous sample (100 = one full core). */
  cpuPercent: number;
  rssBytes: number;
}

/** Linux's USER_HZ: what /proc/<pid>/stat counts CPU time in (fixed at 100 on every mainstream kernel). */
const TICKS_PER_SECOND = 100;

export class ProcessSampler {
  readonly samples: ProcessSample[] = [];
  private timer: NodeJS.Timeout | undefined;
  private last: { ticks: number; at: number } | undefined;

  constructor(
    private readonly pid: number,
    private readonly startedAt: number,
  ) {}

  /** False where /proc is not there: nothing will be sampled. */
  get available(): boolean {
    return read(this.pid) !== undefined;
  }

  start(everyMs = 250): void {
    this.sample();
    this.timer = setInterval(() => this.sample(), everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.sample();
  }

  private sample(): void {
    const now = performance.now();
    const reading = read(this.pid);
    if (!reading) return;
    if (this.last && now > this.last.at) {
      const cpuMs = ((reading.ticks - this.last.ticks) / TICKS_PER_SECOND) * 1000;
      this.samples.push({ atMs: Math.round(now - this.startedAt), cpuPercent: Math.round((cpuMs / (now - this.last.at)) * 1000) / 10, rssBytes: reading.rssBytes });
    }
    this.last = { ticks: reading.ticks, at: now };
  }
}

function read(pid: number): { ticks: number; rssBytes: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: fields are counted after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    if (!Number.isFinite(ticks) || !rss) return undefined;
    return { ticks, rssBytes: Number(rss[1]) * 1024 };
  } catch {
    return undefined;
  }
}
