/**
 * The server's CPU and memory during a load or fuzz run. On Linux read straight from /proc
 * (utime+stime in clock ticks, VmRSS): two small reads, no child process, nothing to install.
 * Elsewhere pidusage (ps on macOS and the BSDs, WMI on Windows) gives the same two figures;
 * where neither answers, nothing is sampled and the report says so rather than guess.
 */
import { readFileSync } from 'node:fs';
import pidusage from 'pidusage';

export interface ProcessSample {
  /** Milliseconds since the run started. */
  atMs: number;
  /** Share of one CPU core used since the previous sample (100 = one full core). */
  cpuPercent: number;
  rssBytes: number;
}

/** One reading: the process's CPU time so far and its resident memory. */
export interface Reading {
  cpuMs: number;
  rssBytes: number;
}

export type SampleSource = 'proc' | 'pidusage';

/** Linux's USER_HZ: what /proc/<pid>/stat counts CPU time in (fixed at 100 on every mainstream kernel). */
const TICKS_PER_SECOND = 100;

export class ProcessSampler {
  readonly samples: ProcessSample[] = [];
  private timer: NodeJS.Timeout | undefined;
  private last: { cpuMs: number; at: number } | undefined;
  private pending: Promise<void> = Promise.resolve();
  private readonly source: SampleSource;

  constructor(
    private readonly pid: number,
    private readonly startedAt: number,
    /** Which reader to use; by default /proc where it answers, pidusage elsewhere. */
    source?: SampleSource,
    /** Called with each reading as it is taken (a run writes them into its trace). */
    private readonly onReading?: (reading: Reading) => void,
  ) {
    this.source = source ?? sourceFor(pid);
  }

  start(everyMs = 100): void {
    this.tick();
    this.timer = setInterval(() => this.tick(), everyMs);
    this.timer.unref();
  }

  /** Takes a last sample; the samples are complete once this resolves. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.tick();
    await this.pending;
    if (this.source === 'pidusage') pidusage.clear();
  }

  /** Samples one after another: a slow ps never overlaps the next. */
  private tick(): void {
    this.pending = this.pending.then(() => this.sample());
  }

  private async sample(): Promise<void> {
    const now = performance.now();
    const reading = await readUsage(this.pid, this.source);
    if (!reading) return;
    this.onReading?.(reading);
    if (this.last && now > this.last.at) {
      const cpuPercent = Math.max(0, Math.round(((reading.cpuMs - this.last.cpuMs) / (now - this.last.at)) * 1000) / 10);
      this.samples.push({ atMs: Math.round(now - this.startedAt), cpuPercent, rssBytes: reading.rssBytes });
    }
    this.last = { cpuMs: reading.cpuMs, at: now };
  }
}

function sourceFor(pid: number): SampleSource {
  return readProc(pid) !== undefined ? 'proc' : 'pidusage';
}

/** One reading of a process, from /proc where it answers, else from pidusage; undefined when it is gone. */
export async function readUsage(pid: number, source: SampleSource = sourceFor(pid)): Promise<Reading | undefined> {
  return source === 'proc' ? readProc(pid) : readPidusage(pid);
}

function readProc(pid: number): Reading | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: fields are counted after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    if (!Number.isFinite(ticks) || !rss) return undefined;
    return { cpuMs: (ticks / TICKS_PER_SECOND) * 1000, rssBytes: Number(rss[1]) * 1024 };
  } catch {
    return undefined;
  }
}

async function readPidusage(pid: number): Promise<Reading | undefined> {
  try {
    const stat = await pidusage(pid);
    return Number.isFinite(stat.ctime) && stat.memory > 0 ? { cpuMs: stat.ctime, rssBytes: stat.memory } : undefined;
  } catch {
    return undefined;
  }
}
