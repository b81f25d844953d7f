/**
 * Where a server session's full trace lives while the editor keeps only a window of it in
 * memory (issue 4: "a bounded memory cost per event (the full trace is kept on disk)").
 * One `<server>-<time>.mcptrace.jsonl` per run in the extension's storage; the last few per
 * server are kept. No `vscode` here: the benchmark creates session traces the same way.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SpillFile } from '../../core/trace/spill';
import { Trace } from '../../core/trace/trace';

/** Events a session keeps in memory (the Messages view shows at most 5 000 rows of them). */
export const KEEP_IN_MEMORY = 10_000;
/** Trace files kept per server, the newest ones (the running sessions' files are never removed). */
export const KEEP_FILES = 3;

const SUFFIX = '.mcptrace.jsonl';

/** A server name as a file name prefix: no separators, nothing a file system rejects. */
export function safeServerName(name: string): string {
  const safe = name
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[.]+/, '_')
    .slice(0, 60);
  return safe === '' ? 'server' : safe;
}

/** `weather-2026-11-29T20-00-14-123Z`: sorts by time as text. */
function stamp(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

/** The files of one server's runs in `dir`, oldest first. */
export function traceFilesOf(dir: string, serverName: string): string[] {
  const prefix = `${safeServerName(serverName)}-`;
  const pattern = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z(?:-\d+)?$/;
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return []; // no traces folder yet (or none readable): no runs to list
  }
  return names
    .filter((n) => n.startsWith(prefix) && n.endsWith(SUFFIX) && pattern.test(n.slice(prefix.length, -SUFFIX.length)))
    .sort()
    .map((n) => path.join(dir, n));
}

export interface SessionTrace {
  trace: Trace;
  spill: SpillFile;
}

/** A windowed Trace spilling to a new file of this server in `dir` (created if needed). Throws if `dir` cannot be created. */
export function createSessionTrace(dir: string, serverName: string, keepLast = KEEP_IN_MEMORY, date = new Date()): SessionTrace {
  fs.mkdirSync(dir, { recursive: true });
  const base = path.join(dir, `${safeServerName(serverName)}-${stamp(date)}`);
  let file = `${base}${SUFFIX}`;
  // Two runs within one millisecond (tests, a crash loop) must not share a file.
  for (let n = 2; fs.existsSync(file); n++) file = `${base}-${n}${SUFFIX}`;
  // Created now, so that it exists (and is listed) before the first event is flushed.
  fs.closeSync(fs.openSync(file, 'a'));
  const spill = new SpillFile(file);
  return { trace: new Trace({ keepLast, spill }), spill };
}

/** Where Open stderr as Text writes a run's stderr: beside its trace file, so that it goes when the trace does. */
export function stderrTextFileOf(traceFile: string): string {
  return `${traceFile.slice(0, -SUFFIX.length)}.stderr.log`;
}

/** Removes all but the newest `keep` files of this server, never one in `inUse`. Returns the removed files. */
export function pruneTraceFiles(dir: string, serverName: string, inUse: ReadonlySet<string>, keep = KEEP_FILES): string[] {
  const files = traceFilesOf(dir, serverName);
  const removed: string[] = [];
  for (const file of files.slice(0, Math.max(0, files.length - keep))) {
    if (inUse.has(file)) continue;
    try {
      fs.rmSync(file, { force: true });
      fs.rmSync(stderrTextFileOf(file), { force: true });
      removed.push(file);
    } catch {
      // Open elsewhere (Windows) or already gone: the next start tries again.
    }
  }
  return removed;
}
