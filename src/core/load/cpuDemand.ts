/**
 * How much CPU a process asked for: the time its threads ran plus the time they waited
 * runnable for a core (Linux's /proc/<pid>/task/<tid>/schedstat, in nanoseconds). On a loaded
 * machine a busy process may run for only a few percent of a window, and then its CPU time
 * alone cannot tell it from an idle one; the two together still come to about the whole window.
 * Undefined where the kernel does not give it (not Linux, or a process already gone).
 */
import { readdirSync, readFileSync } from 'node:fs';

export function readCpuDemandMs(pid: number): number | undefined {
  try {
    let ns = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const [run, wait] = threadSchedstat(pid, tid);
      if (!Number.isFinite(run) || !Number.isFinite(wait)) return undefined;
      ns += run + wait;
    }
    return ns / 1e6;
  } catch {
    return undefined;
  }
}

/** A thread's [run, wait] nanoseconds; [0, 0] for one that ended since the task list was read. */
function threadSchedstat(pid: number, tid: string): [number, number] {
  try {
    const [run, wait] = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ').map(Number);
    return [run ?? NaN, wait ?? NaN];
  } catch {
    return [0, 0];
  }
}
