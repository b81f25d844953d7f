import * as fs from 'node:fs';

/** Where a Trace with a window writes every event, so that evicted events stay readable. */
export interface TraceSpill {
  /** One serialized event (no newline). Never throws: a failed disk write must not stop the trace. */
  write(line: string): void;
  /** Every line written so far, oldest first (pending writes are flushed first). Throws if the file could not be written. */
  lines(): AsyncIterable<string>;
  /** Flushes and releases the file; a later write opens it again (appending). */
  close(): void;
}

/** Bytes buffered before a synchronous write: a few writes a second even in a flood, each cheap. */
const FLUSH_BYTES = 64 * 1024;
/** Pending lines reach the disk within this time when traffic is slow (a crash loses at most this much). */
const FLUSH_MS = 1000;

/**
 * An append-only JSONL file written in batches with fs.writeSync: the order of lines is the
 * order of write() calls, there is no backpressure to manage, and lines() can flush
 * synchronously before reading, so a read sees everything written before it was asked.
 */
export class SpillFile implements TraceSpill {
  private fd: number | undefined;
  private pending: string[] = [];
  private pendingBytes = 0;
  private timer: NodeJS.Timeout | undefined;
  private bytesOnDisk = 0;
  private failure: Error | undefined;

  /**
   * Applied to every line before it reaches the disk: the extension masks the session's
   * secrets here, so a trace file at rest holds no more than an export would.
   */
  mask: ((line: string) => string) | undefined;

  constructor(readonly path: string) {}

  /** Why the file stopped being written (the events after that exist only in memory, if still in the window). */
  get error(): Error | undefined {
    return this.failure;
  }

  write(line: string): void {
    if (this.failure) return;
    if (this.mask) line = this.mask(line);
    this.pending.push(line);
    // Length in UTF-16 units: only a threshold, the exact byte count comes from writeSync.
    this.pendingBytes += line.length + 1;
    if (this.pendingBytes >= FLUSH_BYTES) this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), FLUSH_MS);
      // A pending flush must not keep a CLI or a test process alive.
      this.timer.unref();
    }
  }

  /** Writes the pending lines now. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length === 0 || this.failure) return;
    const text = `${this.pending.join('\n')}\n`;
    this.pending = [];
    this.pendingBytes = 0;
    try {
      this.fd ??= fs.openSync(this.path, 'a');
      const buffer = Buffer.from(text, 'utf8');
      let offset = 0;
      while (offset < buffer.length) offset += fs.writeSync(this.fd, buffer, offset);
      this.bytesOnDisk += buffer.length;
    } catch (error) {
      this.failure = error instanceof Error ? error : new Error(String(error));
    }
  }

  async *lines(): AsyncIterable<string> {
    this.flush();
    if (this.failure) throw new Error(`the trace file ${this.path} could not be written (${this.failure.message}): the events older than the in-memory window are lost`);
    if (this.bytesOnDisk === 0) return;
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
    if (this.fd === undefined) return;
    try {
      fs.closeSync(this.fd);
    } catch (error) {
      this.failure ??= error instanceof Error ? error : new Error(String(error));
    }
    this.fd = undefined;
  }
}
