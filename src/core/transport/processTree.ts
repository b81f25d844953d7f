import { spawnSync } from 'node:child_process';

/**
 * Signals a server's whole process tree. The child is spawned as the leader of its own
 * process group (detached), so a negative pid reaches npx, `sh -c` and every grandchild
 * ("The whole process tree goes", DESIGN.md §1). Returns false when nothing was left.
 */
export function signalTree(pid: number, signal: NodeJS.Signals): boolean {
  if (process.platform === 'win32') {
    // Windows has no process groups; taskkill /T walks the tree. It only force-kills.
    if (signal === 'SIGTERM' || signal === 'SIGKILL') {
      const r = spawnSync('taskkill', ['/pid', String(pid), '/T', '/F'], { stdio: 'ignore', windowsHide: true });
      return r.status === 0;
    }
    return false;
  }
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Whether any process of the group is still alive (signal 0 probes without signalling). */
export function treeAlive(pid: number): boolean {
  if (process.platform === 'win32') {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }
  try {
    process.kill(-pid, 0);
    return true;
  } catch (err) {
    // EPERM: a process exists that we may not signal; it is alive all the same.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const live = new Set<number>();
let hooked = false;

/**
 * Remembers a running tree so that it dies with us: when the extension host or CLI exits,
 * a server left running would be an orphan holding ports and files.
 */
export function trackTree(pid: number): void {
  live.add(pid);
  if (hooked) return;
  hooked = true;
  // 'exit' handlers must be synchronous: SIGKILL is the only signal that needs no waiting.
  process.on('exit', killAllTrees);
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const onSignal = () => {
      killAllTrees();
      // Keep the default behaviour (die by the signal) unless someone else handles it.
      if (process.listenerCount(sig) === 1) {
        process.removeListener(sig, onSignal);
        process.kill(process.pid, sig);
      }
    };
    process.on(sig, onSignal);
  }
}

export function untrackTree(pid: number): void {
  live.delete(pid);
}

export function killAllTrees(): void {
  for (const pid of live) signalTree(pid, 'SIGKILL');
  live.clear();
}
