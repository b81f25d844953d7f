import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TraceEvent } from '../../../src/core/trace/event';
import type { Trace } from '../../../src/core/trace/trace';

export const SERVERS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/servers');
export const ROOT = path.resolve(SERVERS, '../../..');

export function fixture(name: string): { command: string; args: string[] } {
  return name.endsWith('.sh') ? { command: path.join(SERVERS, name), args: [] } : { command: process.execPath, args: [path.join(SERVERS, name)] };
}

/** Resolves with the first event (already recorded or yet to come) that matches, or rejects at the deadline. */
export function waitForEvent(trace: Trace, match: (e: TraceEvent) => boolean, what: string, ms = 10_000): Promise<TraceEvent> {
  const found = trace.events.find(match);
  if (found) return Promise.resolve(found);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      sub.dispose();
      reject(new Error(`no ${what} within ${ms} ms; trace:\n${trace.events.map((e) => `${e.seq} ${e.dir} ${e.kind} ${e.raw}`).join('\n')}`));
    }, ms);
    const sub = trace.onEvent((e) => {
      if (!match(e)) return;
      clearTimeout(timer);
      sub.dispose();
      resolve(e);
    });
  });
}

/** Polls a condition until it holds, or fails at the deadline. */
export async function until(condition: () => boolean, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Whether a process runs; a zombie waiting to be reaped counts as gone. */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  if (process.platform !== 'linux') return true;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}
