import * as fs from 'node:fs';

/** Pid → start time (clock ticks since boot, /proc/PID/stat field 22). */
export type Members = Map<number, string>;

interface Proc {
  ppid: number;
  start: string;
  dead: boolean;
}

/**
 * The living members of a tree on Linux, read from /proc in one pass: `leader` (given only
 * for the first look, right after spawn, while its pid is surely ours), every member of
 * `known` that still runs with the same start time (an orphan keeps its pid, not its parent),
 * every process whose environment carries `cookie` in `cookieVar`, and all their descendants.
 * Zombies are left out: they are dead and only wait for their parent. `self` (the caller)
 * is never a member.
 */
export function linuxMembers(
  leader: number | undefined,
  cookie: string | undefined,
  known: Members,
  self: number,
  procRoot = '/proc',
  cookieVar = 'MCP_LENS_TREE',
): Members {
  const procs = new Map<number, Proc>();
  const children = new Map<number, number[]>();
  const roots: number[] = [];
  let entries: string[];
  try {
    entries = fs.readdirSync(procRoot);
  } catch {
    return known;
  }
  for (const entry of entries) {
    const c = entry.charCodeAt(0);
    if (c < 48 || c > 57) continue;
    const p = Number(entry);
    const proc = readStat(`${procRoot}/${entry}/stat`);
    if (!proc) continue;
    procs.set(p, proc);
    const siblings = children.get(proc.ppid);
    if (siblings) siblings.push(p);
    else children.set(proc.ppid, [p]);
    if (p === leader || known.get(p) === proc.start) roots.push(p);
  }
  const members: Members = new Map();
  const seen = new Set<number>();
  const walk = (queue: number[]) => {
    while (queue.length > 0) {
      const p = queue.pop()!;
      if (p === self || seen.has(p)) continue;
      seen.add(p);
      const proc = procs.get(p)!;
      if (!proc.dead) members.set(p, proc.start);
      for (const child of children.get(p) ?? []) queue.push(child);
    }
  };
  walk(roots);
  if (cookie !== undefined) {
    // Only what the walk did not reach needs its environment read.
    const needle = `${cookieVar}=`;
    const carriers = [...procs.keys()].filter((p) => !seen.has(p) && carriesCookie(`${procRoot}/${p}/environ`, needle, cookie));
    walk(carriers);
  }
  return members;
}

function readStat(file: string): Proc | undefined {
  let stat: string;
  try {
    stat = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined; // gone meanwhile
  }
  // "pid (comm) state ppid pgrp … starttime(22) …"; comm may contain spaces and parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(fields[1]), start: fields[19]!, dead: fields[0] === 'Z' || fields[0] === 'X' };
}

/** Whether the process's initial environment has `NAME=…` whose comma-separated values include `cookie`. */
function carriesCookie(file: string, needle: string, cookie: string): boolean {
  let environ: string;
  try {
    // Another user's process is unreadable (EACCES): not ours, so not a member.
    environ = fs.readFileSync(file, 'latin1');
  } catch {
    return false;
  }
  let at = environ.startsWith(needle) ? 0 : environ.indexOf(`\0${needle}`);
  if (at === -1) return false;
  if (at > 0) at += 1;
  const end = environ.indexOf('\0', at);
  const value = environ.slice(at + needle.length, end === -1 ? undefined : end);
  return value.split(',').includes(cookie);
}
