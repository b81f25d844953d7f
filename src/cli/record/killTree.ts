/**
 * Signals the child's whole process group: servers launched through npx, uvx or `sh -c`
 * run as grandchildren, and "the whole process tree goes" (DESIGN.md §1, shutdown).
 * The child was spawned detached, so it leads its own group and -pid names that group.
 */
export function signalTree(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(process.platform === 'win32' ? pid : -pid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}
