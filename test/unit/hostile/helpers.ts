// What the hostile-input tests share: the fixture servers of test/fixtures/servers/hostile,
// counting events, and finding processes a server left behind (Linux /proc).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TraceEvent } from '../../../src/core/trace/event';

export const HOSTILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/servers/hostile');

export function hostile(name: string, env: Record<string, string> = {}): { command: string; args: string[]; env: Record<string, string> } {
  return { command: process.execPath, args: [path.join(HOSTILE, name)], env };
}

export function count(events: readonly TraceEvent[], match: (e: TraceEvent) => boolean): number {
  let n = 0;
  for (const e of events) if (match(e)) n++;
  return n;
}

/** Living processes (not zombies) whose environment holds `MARKER=value`: whatever a test's server started. */
export function processesWithMarker(name: string, value: string): number[] {
  const needle = `${name}=${value}`;
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const state = stat.slice(stat.lastIndexOf(')') + 2)[0];
      if (state === 'Z' || state === 'X') continue;
      if (fs.readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').includes(needle)) found.push(Number(entry));
    } catch {
      // gone while we looked, or not ours to read
    }
  }
  return found;
}

export function uniqueMarker(): string {
  return `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** Resident memory outside the JS heap that Buffers use, after a full collection when it is exposed. */
export function bufferBytes(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().arrayBuffers;
}
