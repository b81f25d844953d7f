import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { linuxLeader, linuxMembers, linuxMembersAsync, linuxStillRunning, type Members } from './linuxTree';

/**
 * A server's whole process tree ("The whole process tree goes", DESIGN.md §1): npx, `sh -c`
 * and every grandchild, including one orphaned by a launcher that exited first.
 *
 * How the tree is held together depends on the platform:
 * - Linux: the child stays in our session, and the tree is found in /proc: the leader's
 *   descendants, every process that inherited the tree's cookie variable, and every member
 *   seen before (orphans lose their parent link, not their pid). A new session (`detached`,
 *   i.e. setsid) would also put the server in its own scheduling autogroup
 *   (/proc/sys/kernel/sched_autogroup_enabled), and a busy machine then slows every request
 *   and response ping-pong between us; node cannot make a process group without a session.
 * - macOS and other POSIX systems: the child leads its own process group (detached), and a
 *   negative pid reaches every member.
 * - Windows: `taskkill /T` walks the tree.
 */
export class ProcessTree {
  /** Pid → start time of every member seen so far (the start time tells a reused pid apart). */
  private known: Members = new Map();

  private constructor(
    readonly pid: number,
    private readonly cookie: string | undefined,
  ) {}

  /** Spawn options that make the child findable as a tree: its env (with the cookie) and `detached`. */
  static prepare(env: Record<string, string>): { env: Record<string, string>; detached: boolean; cookie?: string } {
    if (process.platform === 'win32') return { env, detached: false };
    if (process.platform !== 'linux') return { env, detached: true };
    const cookie = `${process.pid}.${randomBytes(6).toString('hex')}`;
    // A server run by another MCP Lens keeps the outer cookie as well, so both trees find it.
    const outer = env[COOKIE_VAR];
    return { env: { ...env, [COOKIE_VAR]: outer ? `${outer},${cookie}` : cookie }, detached: false, cookie };
  }

  /** The tree of a spawned child, `cookie` as prepare() returned it. */
  static of(pid: number, cookie: string | undefined): ProcessTree {
    const tree = new ProcessTree(pid, cookie);
    // Right after spawn the pid is surely ours and nothing can have been orphaned yet: its own
    // entry is all there is to read (a child it forks already carries the cookie).
    if (process.platform === 'linux') tree.known = linuxLeader(pid);
    return tree;
  }

  /** Remembers the members alive now, so that they are still found once their parent is gone. */
  snapshot(): void {
    if (process.platform === 'linux') this.known = linuxMembers(undefined, this.cookie, this.known, process.pid);
  }

  /** snapshot() without blocking the thread: what a shutdown uses (the sync one is for the exit hook). */
  async snapshotAsync(): Promise<void> {
    if (process.platform === 'linux') this.known = await linuxMembersAsync(undefined, this.cookie, this.known, process.pid);
  }

  /** Signals every living member (found afresh). Returns false when nothing was left. */
  signal(signal: NodeJS.Signals): boolean {
    if (process.platform === 'win32') {
      // taskkill only force-kills, and only what is still linked to the leader.
      if (signal !== 'SIGTERM' && signal !== 'SIGKILL') return false;
      const r = spawnSync('taskkill', ['/pid', String(this.pid), '/T', '/F'], { stdio: 'ignore', windowsHide: true });
      return r.status === 0;
    }
    if (process.platform !== 'linux') return kill(-this.pid, signal);
    this.snapshot();
    let any = false;
    for (const pid of this.known.keys()) any = kill(pid, signal) || any;
    return any;
  }

  /** signal() after an asynchronous look at the tree. */
  async signalAsync(signal: NodeJS.Signals): Promise<boolean> {
    if (process.platform !== 'linux') return this.signal(signal);
    await this.snapshotAsync();
    let any = false;
    for (const pid of this.known.keys()) any = kill(pid, signal) || any;
    return any;
  }

  /**
   * Whether a member seen by the last full look still runs: reads only the members' own
   * entries, so it can be polled while a shutdown waits (a full look reads all of /proc).
   */
  async stillRunning(): Promise<boolean> {
    if (process.platform !== 'linux') return this.alive();
    this.known = await linuxStillRunning(this.known);
    return this.known.size > 0;
  }

  /** The pids of the living members: found afresh on Linux, the leader alone elsewhere. */
  async pids(): Promise<number[]> {
    if (process.platform !== 'linux') return this.alive() ? [this.pid] : [];
    await this.snapshotAsync();
    return [...this.known.keys()];
  }

  /** Whether any member still runs (a zombie waiting to be reaped does not). */
  alive(): boolean {
    if (process.platform === 'win32') return kill(this.pid, 0);
    if (process.platform !== 'linux') return groupExists(this.pid);
    this.snapshot();
    return this.known.size > 0;
  }
}

/** The variable every process of a tree inherits (unless it clears its environment). */
export const COOKIE_VAR = 'MCP_LENS_TREE';

function kill(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(pid, signal);
    return true;
  } catch (err) {
    // EPERM: a process exists that we may not signal; it is alive all the same.
    return signal === 0 && (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function groupExists(pgid: number): boolean {
  return kill(-pgid, 0);
}

const live = new Set<ProcessTree>();
let hooked = false;
/** How many commands stop their servers themselves on a signal (see stopsOwnTreesOnSignal). */
let gracefulOwners = 0;

/**
 * A command that ends cleanly on Ctrl-C (cancels what it opened, then closes its clients)
 * takes the signal over: until disposed, SIGINT/SIGTERM/SIGHUP no longer SIGKILL every tree
 * at once. The 'exit' hook still does, so nothing outlives the process.
 */
export function stopsOwnTreesOnSignal(): { dispose(): void } {
  gracefulOwners++;
  let disposed = false;
  return {
    dispose: () => {
      if (!disposed) gracefulOwners--;
      disposed = true;
    },
  };
}

/**
 * Remembers a running tree so that it dies with us: when the extension host or CLI exits,
 * a server left running would be an orphan holding ports and files.
 */
export function trackTree(tree: ProcessTree): void {
  live.add(tree);
  if (hooked) return;
  hooked = true;
  // 'exit' handlers must be synchronous: SIGKILL is the only signal that needs no waiting.
  process.on('exit', killAllTrees);
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const onSignal = () => {
      if (gracefulOwners > 0) return;
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

export function untrackTree(tree: ProcessTree): void {
  live.delete(tree);
}

export function killAllTrees(): void {
  for (const tree of live) tree.signal('SIGKILL');
  live.clear();
}
