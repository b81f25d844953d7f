import { write } from 'node:fs';

/** Bytes gathered before a write is started; while one is in flight the next keeps filling. */
const BLOCK_BYTES = 1 << 20;
/** A UTF-16 code unit never takes more than 3 bytes in UTF-8 (a surrogate pair: 2 units, 4 bytes). */
const MAX_BYTES_PER_UNIT = 3;

/**
 * Appends text to the trace file in large asynchronous writes, in order.
 * Text is encoded straight into a reused block (no joined string per batch, no copy per
 * write): the recorder used to spend more time building, converting and synchronously
 * writing one big string per batch than framing the messages, on cores it shares with the relay.
 */
export class TraceFileWriter {
  private block: Buffer = Buffer.allocUnsafeSlow(BLOCK_BYTES);
  private used = 0;
  /** Full blocks waiting for the one in flight; written strictly in this order. */
  private readonly pending: Buffer[] = [];
  private writing = false;
  private readonly spare: Buffer[] = [];
  private failure: Error | undefined;
  private idle: Array<(failure: Error | undefined) => void> = [];

  constructor(private readonly fd: number) {}

  /** Appends `text` (no newline added). */
  append(text: string): void {
    if (text.length * MAX_BYTES_PER_UNIT > BLOCK_BYTES - this.used) {
      this.seal();
      // A piece that cannot fit an empty block (a huge line) is written as a block of its own.
      if (text.length * MAX_BYTES_PER_UNIT > BLOCK_BYTES) {
        this.pending.push(Buffer.from(text, 'utf8'));
        return;
      }
    }
    this.used += this.block.write(text, this.used, 'utf8');
  }

  /**
   * Lets `fill` write up to `maxBytes` (at most a block) straight into the block from `at`;
   * it returns where it stopped, or -1 having written nothing. Whether it wrote.
   */
  appendBytes(maxBytes: number, fill: (block: Buffer, at: number) => number): boolean {
    if (maxBytes > BLOCK_BYTES - this.used) this.seal();
    const end = fill(this.block, this.used);
    if (end < 0) return false;
    this.used = end;
    return true;
  }

  /** Starts writing what is gathered (when no write is in flight it goes at once). */
  flush(): void {
    this.seal();
    this.next();
  }

  /** Resolves once everything appended so far is on disk (or the first write failed: its error). */
  drained(): Promise<Error | undefined> {
    this.flush();
    if (!this.writing) return Promise.resolve(this.failure);
    return new Promise((resolve) => this.idle.push(resolve));
  }

  private seal(): void {
    if (this.used === 0) return;
    this.pending.push(this.block.subarray(0, this.used));
    this.block = this.spare.pop() ?? Buffer.allocUnsafeSlow(BLOCK_BYTES);
    this.used = 0;
  }

  private next(): void {
    if (this.writing) return;
    const buffer = this.pending.shift();
    if (!buffer || this.failure) {
      this.pending.length = 0;
      const waiting = this.idle;
      this.idle = [];
      for (const resolve of waiting) resolve(this.failure);
      return;
    }
    this.writing = true;
    this.writeAll(buffer, 0);
  }

  /** fs.write may write part of a buffer: the rest follows before anything else. */
  private writeAll(buffer: Buffer, from: number): void {
    write(this.fd, buffer, from, buffer.length - from, null, (error, written) => {
      if (error) {
        this.failure = error;
      } else if (from + written < buffer.length) {
        this.writeAll(buffer, from + written);
        return;
      } else if (buffer.buffer.byteLength === BLOCK_BYTES && buffer.byteOffset === 0 && this.spare.length < 2) {
        this.spare.push(Buffer.from(buffer.buffer, 0, BLOCK_BYTES));
      }
      this.writing = false;
      this.next();
    });
  }
}
