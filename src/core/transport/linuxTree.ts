import * as fs from 'node:fs';
import { absent } from '../util/ignored';

/** Pid → start time (clock ticks since boot, /proc/PID/stat field 22). */
export type Members = Map<number, string>;

interface Proc {
  ppid: number;
  start: string;
  dead: boolean;
}

/** One look at /proc: every process, and the children of each. */
interface ProcTable {
  procs: Map<number, Proc>;
  children: Map<number, number[]>;
}

/**
 * The living members of a tree on Linux, read from /proc in one pass: `leader` (given only
 * for the first look, right after spawn, while its pid is surely ours), every member of
 * `known` that still runs with the same start time (an orphan keeps its pid, not its parent),
 * every process whose environment carries `cookie` in `cookieVar`, and all their descendants.
 * Zombies are left out: they are dead and only wait for their parent. `self` (the caller)
 * is never a member.
 *
 * Synchronous: for the exit hook, which cannot wait. Everything that can wait uses
 * linuxMembersAsync, so a scan of all of /proc never blocks the extension host's thread.
 */
export function linuxMembers(...args: TreeLook): Members {
  const look = lookOf(args);
  let entries: string[];
  try {
    entries = fs.readdirSync(look.procRoot);
  } catch {
    return look.known;
  }
  const pids = pidsOf(entries);
  const first = firstWalk(
    look,
    pids,
    pids.map((p) => readSync(`${look.procRoot}/${p}/stat`, 'utf8')),
  );
  if (!first.unreached) return first.members;
  return cookieWalk(
    look,
    first,
    first.unreached.map((p) => readSync(`${look.procRoot}/${p}/environ`, 'latin1')),
  );
}

/** linuxMembers with asynchronous reads: the same answer, without blocking the thread. */
export async function linuxMembersAsync(...args: TreeLook): Promise<Members> {
  const look = lookOf(args);
  let entries: string[];
  try {
    entries = await fs.promises.readdir(look.procRoot);
  } catch {
    return look.known;
  }
  const pids = pidsOf(entries);
  const first = firstWalk(look, pids, await Promise.all(pids.map((p) => readAsync(`${look.procRoot}/${p}/stat`, 'utf8'))));
  if (!first.unreached) return first.members;
  return cookieWalk(look, first, await Promise.all(first.unreached.map((p) => readAsync(`${look.procRoot}/${p}/environ`, 'latin1'))));
}

/** The arguments of linuxMembers and linuxMembersAsync (see linuxMembers). */
type TreeLook = [
  leader: number | undefined,
  cookie: string | undefined,
  known: Members,
  self: number,
  procRoot?: string,
  cookieVar?: string,
];

interface Look {
  leader: number | undefined;
  cookie: string | undefined;
  known: Members;
  self: number;
  procRoot: string;
  cookieVar: string;
}

function lookOf([leader, cookie, known, self, procRoot = '/proc', cookieVar = 'MCP_LENS_TREE']: TreeLook): Look {
  return { leader, cookie, known, self, procRoot, cookieVar };
}

/**
 * The walk from the leader and the known members over the stat files read (`stats[i]` is
 * `pids[i]`'s); `unreached` is set when a cookie is to be looked for among the rest.
 */
function firstWalk(
  look: Look,
  pids: number[],
  stats: (string | undefined)[],
): { table: ProcTable; members: Members; unreached?: number[] } {
  const table = tableOf(pids.map((p, i) => [p, parseStat(stats[i])] as const));
  const { members, unreached } = walkTree(table, look.leader, look.known, look.self);
  return { table, members, unreached: look.cookie === undefined ? undefined : unreached };
}

/** Adds to the first walk's members the unreached processes whose environment (`environs[i]`) carries the cookie, and their descendants. */
function cookieWalk(
  look: Look,
  first: { table: ProcTable; members: Members; unreached?: number[] },
  environs: (string | undefined)[],
): Members {
  const needle = `${look.cookieVar}=`;
  const carriers = first.unreached!.filter((_, i) => carriesCookie(environs[i], needle, look.cookie!));
  return walkTree(first.table, undefined, new Map(), look.self, carriers, first.members).members;
}

/** The tree's first look, right after spawn: the leader alone, by its own stat entry (one small read). */
export function linuxLeader(pid: number, procRoot = '/proc'): Members {
  const proc = parseStat(readSync(`${procRoot}/${pid}/stat`, 'utf8'));
  return proc && !proc.dead ? new Map([[pid, proc.start]]) : new Map();
}

/**
 * Which of `known` still run: only their own stat files are read (a handful, not all of
 * /proc), so a shutdown can poll often. A member that started a new child since the last
 * full look is not seen here; the full look before each signal finds it.
 */
export async function linuxStillRunning(known: Members, procRoot = '/proc'): Promise<Members> {
  const pids = [...known.keys()];
  const stats = await Promise.all(pids.map((p) => readAsync(`${procRoot}/${p}/stat`, 'utf8')));
  const alive: Members = new Map();
  pids.forEach((p, i) => {
    const proc = parseStat(stats[i]);
    // The same start time: the same process, not a new one that reused the pid.
    if (proc && !proc.dead && proc.start === known.get(p)) alive.set(p, proc.start);
  });
  return alive;
}

function pidsOf(entries: string[]): number[] {
  const pids: number[] = [];
  for (const entry of entries) {
    const c = entry.charCodeAt(0);
    if (c >= 48 && c <= 57) pids.push(Number(entry));
  }
  return pids;
}

function tableOf(rows: readonly (readonly [number, Proc | undefined])[]): ProcTable {
  const procs = new Map<number, Proc>();
  const children = new Map<number, number[]>();
  for (const [p, proc] of rows) {
    if (!proc) continue; // gone meanwhile
    procs.set(p, proc);
    const siblings = children.get(proc.ppid);
    if (siblings) siblings.push(p);
    else children.set(proc.ppid, [p]);
  }
  return { procs, children };
}

/**
 * Walks down from the roots (`leader`, the still-running `known`, and `extra`), adding to
 * `members`; returns what the walk did not reach, whose environment the cookie check reads.
 */
function walkTree(
  table: ProcTable,
  leader: number | undefined,
  known: Members,
  self: number,
  extra: number[] = [],
  members: Members = new Map(),
): { members: Members; unreached: number[] } {
  const roots = [...extra];
  for (const [p, proc] of table.procs) if (p === leader || known.get(p) === proc.start) roots.push(p);
  const seen = new Set<number>(members.keys());
  while (roots.length > 0) {
    const p = roots.pop()!;
    if (p === self || seen.has(p)) continue;
    seen.add(p);
    const proc = table.procs.get(p)!;
    if (!proc.dead) members.set(p, proc.start);
    for (const child of table.children.get(p) ?? []) roots.push(child);
  }
  return { members, unreached: [...table.procs.keys()].filter((p) => !seen.has(p) && p !== self) };
}

function readSync(file: string, encoding: 'utf8' | 'latin1'): string | undefined {
  try {
    return fs.readFileSync(file, encoding);
  } catch {
    return undefined; // gone meanwhile, or another user's (EACCES): not ours
  }
}

function readAsync(file: string, encoding: 'utf8' | 'latin1'): Promise<string | undefined> {
  // Gone meanwhile, or another user's (EACCES): not ours, as readSync says.
  return fs.promises.readFile(file, encoding).catch(absent);
}

function parseStat(stat: string | undefined): Proc | undefined {
  if (stat === undefined) return undefined;
  // "pid (comm) state ppid pgrp … starttime(22) …"; comm may contain spaces and parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(fields[1]), start: fields[19]!, dead: fields[0] === 'Z' || fields[0] === 'X' };
}

/** Whether the process's initial environment has `NAME=…` whose comma-separated values include `cookie`. */
function carriesCookie(environ: string | undefined, needle: string, cookie: string): boolean {
  if (environ === undefined) return false;
  let at = environ.startsWith(needle) ? 0 : environ.indexOf(`\0${needle}`);
  if (at === -1) return false;
  if (at > 0) at += 1;
  const end = environ.indexOf('\0', at);
  const value = environ.slice(at + needle.length, end === -1 ? undefined : end);
  return value.split(',').includes(cookie);
}
