import * as fs from 'node:fs';
import { StreamMask, type TextMask } from './streamMask';

/** Where a Trace with a window writes every event, so that evicted events stay readable. */
export interface TraceSpill {
  /**
   * One serialized event (no newline), as one string or, for a huge event, as pieces that are
   * pulled and written one turn of the event loop at a time. Never throws: a failed disk write
   * must not stop the trace.
   */
  write(line: string | Iterable<string>): void;
  /** Every line written so far, oldest first (pending writes are flushed first). Throws if the file could not be written. */
  lines(): AsyncIterable<string>;
  /** The same as text, in chunks of any size (a chunk may end inside a line): reads a huge line without ever holding it whole. */
  text(): AsyncIterable<string>;
  /** Flushes and releases the file; a later write opens it again (appending). */
  close(): void;
}

/** Bytes buffered before a synchronous write: a few writes a second even in a flood, each cheap. */
const FLUSH_BYTES = 64 * 1024;
/** Pending lines reach the disk within this time when traffic is slow (a crash loses at most this much). */
const FLUSH_MS = 1000;
/**
 * A line this long (UTF-16 units) is written with async fs.write: a 50 MiB tool result took
 * 1–2 s of writeSync on the extension host's thread. Small lines stay batched and synchronous.
 */
export const ASYNC_LINE_CHARS = 1024 * 1024;

/**
 * An append-only JSONL file written in batches with fs.writeSync: the order of lines is the
 * order of write() calls, there is no backpressure to manage, and lines() flushes before
 * reading, so a read sees everything written before it was asked. A huge line goes out with
 * async fs.write instead; while such a write is in flight every later batch queues behind it
 * (a writeSync could land first), and lines() and close() wait for the queue.
 */
export class SpillFile implements TraceSpill {
  private fd: number | undefined;
  private pending: string[] = [];
  private pendingBytes = 0;
  private timer: NodeJS.Timeout | undefined;
  private bytesOnDisk = 0;
  private failure: Error | undefined;
  /** The async writes in flight, in order (undefined when none). */
  private queue: Promise<void> | undefined;
  /** close() was called while writes were in flight: the fd is closed when they finish. */
  private closeWhenIdle = false;

  /**
   * Applied to every line before it reaches the disk: the extension masks the session's
   * secrets here, so a trace file at rest holds no more than an export would.
   */
  mask: TextMask | undefined;

  constructor(readonly path: string) {}

  /** Why the file stopped being written (the events after that exist only in memory, if still in the window). */
  get error(): Error | undefined {
    return this.failure;
  }

  write(event: string | Iterable<string>): void {
    if (this.failure) return;
    this.closeWhenIdle = false;
    if (typeof event !== 'string') return this.writePieces(event);
    const line = this.mask ? this.mask(event) : event;
    this.pending.push(line);
    if (line.length >= ASYNC_LINE_CHARS) return this.flush(true);
    // Length in UTF-16 units: only a threshold, the exact byte count comes from writeSync.
    this.pendingBytes += line.length + 1;
    if (this.pendingBytes >= FLUSH_BYTES) this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), FLUSH_MS);
      // A pending flush must not keep a CLI or a test process alive.
      this.timer.unref();
    }
  }

  /** Writes the pending lines now (`async`, or behind writes in flight: queued with fs.write). */
  flush(async = false): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length === 0 || this.failure) return;
    const text = `${this.pending.join('\n')}\n`;
    this.pending = [];
    this.pendingBytes = 0;
    try {
      this.fd ??= fs.openSync(this.path, 'a');
      const buffer = Buffer.from(text, 'utf8');
      if (async || this.queue) return this.enqueue(this.fd, buffer);
      let offset = 0;
      while (offset < buffer.length) offset += fs.writeSync(this.fd, buffer, offset);
      this.bytesOnDisk += buffer.length;
    } catch (error) {
      this.failure = error instanceof Error ? error : new Error(String(error));
    }
  }

  /**
   * A huge line in pieces, behind everything written before it: each piece is masked (a secret
   * cut between two pieces is masked whole), encoded and written in its own turn of the event
   * loop, so the thread never stalls for the whole line (a 50 MB result stalled it for seconds).
   */
  private writePieces(pieces: Iterable<string>): void {
    this.flush();
    if (this.failure) return;
    try {
      this.fd ??= fs.openSync(this.path, 'a');
    } catch (error) {
      this.failure = error instanceof Error ? error : new Error(String(error));
      return;
    }
    const fd = this.fd;
    const mask = this.mask ? new StreamMask(this.mask) : undefined;
    this.chain(async () => {
      for (const piece of pieces) {
        const text = mask ? mask.push(piece) : piece;
        if (text !== '') await this.writeOut(fd, Buffer.from(text, 'utf8'));
      }
      await this.writeOut(fd, Buffer.from(`${mask?.end() ?? ''}\n`, 'utf8'));
    });
  }

  private enqueue(fd: number, buffer: Buffer): void {
    this.chain(() => this.writeOut(fd, buffer));
  }

  private async writeOut(fd: number, buffer: Buffer): Promise<void> {
    await writeAll(fd, buffer);
    this.bytesOnDisk += buffer.length;
  }

  /** Runs `job` after the async writes in flight; the first failure stops every later write. */
  private chain(job: () => Promise<void>): void {
    const next = (this.queue ?? Promise.resolve()).then(async () => {
      if (this.failure) return;
      try {
        await job();
      } catch (error) {
        this.failure = error instanceof Error ? error : new Error(String(error));
      }
    });
    this.queue = next;
    void next.then(() => {
      if (this.queue !== next) return;
      this.queue = undefined;
      if (this.closeWhenIdle) this.closeFd();
    });
  }

  async *text(): AsyncIterable<string> {
    if ((await this.settled()) === 0) return;
    const input = fs.createReadStream(this.path, { encoding: 'utf8', start: 0, end: this.bytesOnDisk - 1 });
    try {
      yield* input as AsyncIterable<string>;
    } finally {
      input.destroy();
    }
  }

  /** Flushes, waits for the writes in flight; the bytes on disk (throws if the file could not be written). */
  private async settled(): Promise<number> {
    this.flush();
    while (this.queue) await this.queue;
    if (this.failure)
      throw new Error(
        `the trace file ${this.path} could not be written (${this.failure.message}): the events older than the in-memory window are lost`,
      );
    return this.bytesOnDisk;
  }

  async *lines(): AsyncIterable<string> {
    if ((await this.settled()) === 0) return;
    // Up to what was written when asked: events appended while reading belong to a later read.
    const input = fs.createReadStream(this.path, { encoding: 'utf8', start: 0, end: this.bytesOnDisk - 1 });
    // Split on '\n' only: serializeEvent escapes every line break inside a line. Only each new
    // chunk is searched: re-splitting a growing remainder made a 100 MB line quadratic.
    let pieces: string[] = [];
    try {
      for await (const chunk of input as AsyncIterable<string>) {
        let start = 0;
        for (let nl = chunk.indexOf('\n'); nl !== -1; nl = chunk.indexOf('\n', start)) {
          pieces.push(chunk.slice(start, nl));
          start = nl + 1;
          const line = pieces.length === 1 ? pieces[0]! : pieces.join('');
          pieces = [];
          yield line;
        }
        if (start < chunk.length) pieces.push(start === 0 ? chunk : chunk.slice(start));
      }
      if (pieces.length > 0) yield pieces.join('');
    } finally {
      input.destroy();
    }
  }

  close(): void {
    this.flush();
    if (this.queue) this.closeWhenIdle = true;
    else this.closeFd();
  }

  private closeFd(): void {
    this.closeWhenIdle = false;
    if (this.fd === undefined) return;
    try {
      fs.closeSync(this.fd);
    } catch (error) {
      this.failure ??= error instanceof Error ? error : new Error(String(error));
    }
    this.fd = undefined;
  }
}

function writeAll(fd: number, buffer: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const from = (offset: number): void => {
      if (offset >= buffer.length) return resolve();
      fs.write(fd, buffer, offset, buffer.length - offset, null, (error, written) => (error ? reject(error) : from(offset + written)));
    };
    from(0);
  });
}
