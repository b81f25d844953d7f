/**
 * The side channel: a file the preloads append one JSON record per stray stdout line to
 * (record.ts), and a reader that tails it. A file named in env is what survives every
 * launcher (npx, `sh -c`, uv run) — each descendant appends to the same path, and an
 * O_APPEND write of one record lands whole — and it is readable after the processes died.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import type { Disposable } from '../util/disposable';
import type { StackFrame, StrayRecord } from './record';

const DIR_PREFIX = 'mcp-lens-side-';

/** A fresh, empty side-channel file in its own private temporary directory. */
export function createSideChannelPath(parent: string = os.tmpdir()): string {
  const dir = fs.mkdtempSync(path.join(parent, DIR_PREFIX));
  const file = path.join(dir, 'stray.jsonl');
  fs.writeFileSync(file, '', { mode: 0o600 });
  return file;
}

/** Deletes a file made by createSideChannelPath, with its directory. */
export function removeSideChannel(file: string): void {
  fs.rmSync(file, { force: true });
  const dir = path.dirname(file);
  if (path.basename(dir).startsWith(DIR_PREFIX)) fs.rmSync(dir, { recursive: true, force: true });
}

export interface SideChannelReader extends Disposable {
  /** Resolves once every record already in the file has been delivered (call it after the server exited). */
  drain(): Promise<void>;
}

/**
 * Tails the side channel: calls onRecord for each record, in file order, as the preloads
 * append them. fs.watch gives promptness; a slow poll covers file systems where it is
 * silent. A line that is not a record is skipped; a throwing onRecord does not stop the reader:
 * its error goes to `onListenerError`, for the caller to log.
 */
export function readSideChannel(
  file: string,
  onRecord: (record: StrayRecord) => void,
  options: { pollMs?: number; onListenerError?: (error: unknown) => void } = {},
): SideChannelReader {
  fs.closeSync(fs.openSync(file, 'a'));
  return new SideChannelTail(file, onRecord, options.pollMs ?? 250, options.onListenerError);
}

/** The reader: a watch wakes it, a poll backs the watch up, and one read runs at a time. */
class SideChannelTail implements SideChannelReader {
  private readonly decoder = new StringDecoder('utf8');
  /** How far the file has been read, and the start of a record not yet whole. */
  private offset = 0;
  private partial = '';
  private disposed = false;
  private reading: Promise<void> = Promise.resolve();
  /** A wake-up came during a read: one more pass after it. */
  private again = false;
  private watcher: fs.FSWatcher | undefined;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly file: string,
    private readonly onRecord: (record: StrayRecord) => void,
    pollMs: number,
    private readonly onListenerError: ((error: unknown) => void) | undefined,
  ) {
    // From the next turn: a process's first fs.watch costs milliseconds, and the server this
    // reader is made for is spawned in this one (nothing can be written before it starts).
    setImmediate(() => this.watch());
    this.timer = setInterval(() => void this.pump(), pollMs);
    this.timer.unref();
  }

  drain(): Promise<void> {
    return this.pump();
  }

  dispose(): void {
    this.disposed = true;
    clearInterval(this.timer);
    this.watcher?.close();
  }

  private watch(): void {
    if (this.disposed) return;
    try {
      this.watcher = fs.watch(this.file, () => void this.pump());
      // A watch that fails later (the file removed, the watch limit reached): the poll keeps reading.
      this.watcher.on('error', () => undefined);
    } catch {
      this.watcher = undefined;
    }
    void this.pump();
  }

  private pump(): Promise<void> {
    if (this.disposed) return this.reading;
    this.again = true;
    this.reading = this.reading.then(async () => {
      while (this.again && !this.disposed) {
        this.again = false;
        try {
          await this.readToEnd();
        } catch {
          // The file was removed or is unreadable: nothing more will come from it.
        }
      }
    });
    return this.reading;
  }

  private async readToEnd(): Promise<void> {
    const handle = await fs.promises.open(this.file, 'r');
    try {
      const buffer = Buffer.alloc(64 * 1024);
      for (;;) {
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, this.offset);
        if (bytesRead === 0) break;
        this.offset += bytesRead;
        this.deliver(this.decoder.write(buffer.subarray(0, bytesRead)));
      }
    } finally {
      await handle.close();
    }
  }

  private deliver(text: string): void {
    const lines = (this.partial + text).split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines) {
      const record = parseRecord(line);
      if (!record) continue;
      try {
        this.onRecord(record);
      } catch (error) {
        // One consumer's failure must not stop the tail; it is told, not lost.
        this.onListenerError?.(error);
      }
    }
  }
}

function parseRecord(line: string): StrayRecord | undefined {
  if (!line.trim()) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record.text !== 'string' || !Array.isArray(record.stack)) return undefined;
  const stack = record.stack.filter(isFrame);
  const result: StrayRecord = { text: record.text, stack };
  if (typeof record.pid === 'number') result.pid = record.pid;
  if (record.runtime === 'node' || record.runtime === 'python') result.runtime = record.runtime;
  if (typeof record.t === 'number') result.t = record.t;
  if (typeof record.n === 'number') result.n = record.n;
  if (record.partial === true) result.partial = true;
  if (typeof record.length === 'number') result.length = record.length;
  return result;
}

function isFrame(value: unknown): value is StackFrame {
  if (typeof value !== 'object' || value === null) return false;
  const frame = value as Record<string, unknown>;
  return typeof frame.file === 'string' && typeof frame.line === 'number' && typeof frame.column === 'number';
}
