import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';

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
  let exists: boolean;
  try {
    process.kill(-pid, 0);
    exists = true;
  } catch (err) {
    // EPERM: a process exists that we may not signal; it is alive all the same.
    exists = (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A killed grandchild lingers as a zombie until init reaps it, and signal 0 still finds
  // it; on Linux, /proc tells the dead from the living.
  if (exists && process.platform === 'linux') return livingGroupMember(pid);
  return exists;
}

function livingGroupMember(pgid: number): boolean {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return true;
  }
  for (const entry of entries) {
    if (entry.charCodeAt(0) < 48 || entry.charCodeAt(0) > 57) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // "pid (comm) state ppid pgrp …"; comm may contain spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === pgid && fields[0] !== 'Z' && fields[0] !== 'X') return true;
  }
  return false;
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
