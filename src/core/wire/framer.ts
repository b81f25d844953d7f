import { isAscii, isUtf8 } from 'node:buffer';
import { OffThreadLine } from './offThreadLine';
import { TopLevelIdScanner } from './topLevelId';

/** 64 MiB: far above any sane message, low enough that a runaway line cannot exhaust memory. */
export const DEFAULT_MAX_LINE_BYTES = 64 * 1024 * 1024;
/** How much of an oversize line is kept to show what it was. */
export const OVERSIZE_HEAD_BYTES = 4096;

/** One line cut from a byte stream, decoded. */
export interface Frame {
  /** The line's text without its newline (and without a \r before it). */
  text: string;
  /** The line ended in \r\n. */
  crlf?: boolean;
  /** Bytes that are not UTF-8: `text` is a lossy decoding and `bytes` the exact base64. */
  invalidUtf8?: boolean;
  bytes?: string;
  /** The line exceeded the cap: `text` is its head, `oversize` its full length in bytes. */
  oversize?: number;
  /** Of an oversize line: the `id` of its top-level object, found by a streaming scan wherever it was. */
  id?: string | number | null;
  /** The stream ended without a final newline after these bytes. */
  partial?: boolean;
  /** What JSON.parse made of `text`, when that was done with the decoding (off the thread). */
  parsed?: { ok: true; value: unknown } | { ok: false };
  /**
   * Of an ASCII line, when the framer keeps bytes (see LineFramer): its bytes start at `at` in
   * `ascii` and end before the next newline there. `text` is their Latin-1 (= ASCII) decoding.
   */
  ascii?: Buffer;
  at?: number;
}

/**
 * Splits a byte stream at 0x0A. Works on bytes, not strings, so a chunk boundary inside a
 * multi-byte UTF-8 character cannot corrupt a line ("Messages are delimited by newlines",
 * stdio transport). Each line is decoded on its own, strictly, so one bad byte flags one line.
 */
export class LineFramer {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** While a line is over the cap: its head is kept, its length counted and its top-level id looked for. */
  private overflow: { head: Buffer; bytes: number; id: TopLevelIdScanner } | undefined;
  /** The pending line, streamed to the worker since it reached offThreadBytes (pushInOrder only). */
  private offThread: OffThreadLine | undefined;

  /**
   * `offThreadBytes`: lines at least this long are decoded and parsed on a worker thread, and
   * pushInOrder() gives a promise of their frame in their place (push() never does).
   * `keepBytes`: the frames of an all-ASCII chunk's complete lines point into bytes (`ascii`,
   * `at`) that a trace may keep instead of their text: the chunk itself when it is the whole of
   * its ArrayBuffer (a pipe's read: the caller must not reuse it) and no larger than the lines
   * decoded at once may be, else one copy of its lines.
   */
  constructor(
    private readonly maxLineBytes = DEFAULT_MAX_LINE_BYTES,
    private readonly offThreadBytes = Infinity,
    private readonly keepBytes = false,
  ) {}

  push(chunk: Buffer): Frame[] {
    return this.cut(chunk, Infinity) as Frame[];
  }

  /** No line is under way: the next byte pushed starts a line. */
  get atLineStart(): boolean {
    return this.pendingBytes === 0 && !this.overflow && !this.offThread;
  }

  /** As push(), but a long line's frame is a promise (see the constructor); keep the order when using them. */
  pushInOrder(chunk: Buffer): Array<Frame | Promise<Frame>> {
    return this.cut(chunk, this.offThreadBytes);
  }

  private cut(chunk: Buffer, offThreadBytes: number): Array<Frame | Promise<Frame>> {
    const frames: Array<Frame | Promise<Frame>> = [];
    let start = 0;
    let lines: AsciiLines | false | undefined;
    for (let nl = chunk.indexOf(10, start); nl !== -1; nl = chunk.indexOf(10, start)) {
      const from = start;
      start = nl + 1;
      // The common line: whole in this chunk, nothing pending, under every cap (no view of it made).
      if (this.pendingBytes === 0 && !this.overflow && nl - from <= this.maxLineBytes && nl - from < offThreadBytes) {
        lines ??= asciiLines(chunk, from, this.keepBytes);
        frames.push(lines ? lineOf(chunk, lines, from, nl) : decodeRange(chunk, from, nl));
        continue;
      }
      const piece = chunk.subarray(from, nl);
      if (this.overflow) {
        this.scan(piece);
        frames.push(this.finishOverflow(piece.length));
        continue;
      }
      if (this.pendingBytes + piece.length > this.maxLineBytes) {
        this.beginOverflow(piece);
        frames.push(this.finishOverflow(0));
        continue;
      }
      const bytes = this.pendingBytes + piece.length;
      if (bytes >= offThreadBytes) {
        // The piece is a view into the caller's chunk, which may be reused once we return.
        this.keep(Buffer.from(piece), offThreadBytes);
        const parts = this.pending;
        const line = this.offThread!;
        this.pending = [];
        this.pendingBytes = 0;
        this.offThread = undefined;
        frames.push(line.finish(false, () => decodeLine(Buffer.concat(parts), false)));
        continue;
      }
      const line = this.pendingBytes === 0 ? piece : Buffer.concat([...this.pending, piece]);
      this.pending = [];
      this.pendingBytes = 0;
      frames.push(decodeLine(line, false));
    }
    // Copy: the caller may reuse the chunk's memory after we return.
    if (start < chunk.length) this.keep(Buffer.from(chunk.subarray(start)), offThreadBytes);
    return frames;
  }

  /** End of stream: whatever is left had no final newline. */
  end(): Frame | undefined {
    this.offThread?.cancel();
    this.offThread = undefined;
    if (this.overflow) return { ...this.finishOverflow(0), partial: true };
    if (this.pendingBytes === 0) return undefined;
    const line = Buffer.concat(this.pending);
    this.pending = [];
    this.pendingBytes = 0;
    return { ...decodeLine(line, true), partial: true };
  }

  /** Holds `rest` (owned: a copy) of the line not ended yet; from offThreadBytes on, the line streams to the worker. */
  private keep(rest: Buffer, offThreadBytes: number): void {
    if (this.overflow) {
      this.overflow.bytes += rest.length;
      this.scan(rest);
      return;
    }
    if (this.pendingBytes + rest.length > this.maxLineBytes) {
      this.beginOverflow(rest);
      return;
    }
    this.pending.push(rest);
    this.pendingBytes += rest.length;
    if (this.offThread) this.offThread.add(rest);
    else if (this.pendingBytes >= offThreadBytes) {
      this.offThread = new OffThreadLine();
      for (const part of this.pending) this.offThread.add(part);
    }
  }

  private beginOverflow(piece: Buffer): void {
    this.offThread?.cancel();
    this.offThread = undefined;
    // Only the head is copied: joining all the pending bytes first would briefly hold twice the cap.
    const parts: Buffer[] = [];
    let headBytes = 0;
    for (const part of [...this.pending, piece]) {
      if (headBytes >= OVERSIZE_HEAD_BYTES) break;
      const take = part.subarray(0, OVERSIZE_HEAD_BYTES - headBytes);
      parts.push(take);
      headBytes += take.length;
    }
    const id = new TopLevelIdScanner();
    for (const part of [...this.pending, piece]) if (!id.done) id.feed(part);
    this.overflow = { head: Buffer.concat(parts), bytes: this.pendingBytes + piece.length, id };
    this.pending = [];
    this.pendingBytes = 0;
  }

  private scan(bytes: Buffer): void {
    const id = this.overflow!.id;
    if (!id.done) id.feed(bytes);
  }

  private finishOverflow(moreBytes: number): Frame {
    const { head, bytes, id } = this.overflow!;
    this.overflow = undefined;
    const total = bytes + moreBytes;
    // The head may end inside a character; a lossy decoding is all it is for.
    const frame: Frame = { text: head.toString('utf8'), oversize: total };
    if (id.id !== undefined) frame.id = id.id;
    return frame;
  }
}

/**
 * The complete lines of a chunk from `from` on, decoded at once when they are all ASCII (the
 * usual flood): `text` starts at byte `from`. When the framer keeps bytes, `bytes` holds them
 * (newlines included) from the chunk's byte `bytesFrom` on.
 */
interface AsciiLines {
  text: string;
  from: number;
  bytes: Buffer | undefined;
  bytesFrom: number;
}

/**
 * One decoding for the chunk's lines instead of one per line: ASCII bytes are their own UTF-8
 * decoding, one character each, so a line's text is a slice of it at its byte offsets. False
 * when the bytes up to the chunk's last newline are not all ASCII (each line is decoded alone),
 * or too few, or too many: a kept line keeps the whole decoding alive.
 */
function asciiLines(chunk: Buffer, from: number, keepBytes: boolean): AsciiLines | false {
  const end = chunk.lastIndexOf(10);
  const bytes = end - from;
  if (bytes < ASCII_LINES_MIN_BYTES || bytes > ASCII_LINES_MAX_BYTES || !isAscii(chunk.subarray(from, end))) return false;
  const text = chunk.toString('latin1', from, end);
  if (!keepBytes) return { text, from, bytes: undefined, bytesFrom: 0 };
  if (ownsItsBuffer(chunk) && chunk.length <= ASCII_LINES_MAX_BYTES) return { text, from, bytes: chunk, bytesFrom: 0 };
  return { text, from, bytes: copyOf(chunk, from, end + 1), bytesFrom: from };
}

/** A chunk that is all of its ArrayBuffer (not a view into Node's shared pool or a larger buffer): keeping it keeps nothing more than itself. */
function ownsItsBuffer(chunk: Buffer): boolean {
  return chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength;
}

/** chunk[from, end) in an ArrayBuffer of its own (a slice of Node's shared pool would keep the whole pool alive). */
function copyOf(chunk: Buffer, from: number, end: number): Buffer {
  const copy = Buffer.allocUnsafeSlow(end - from);
  copy.set(chunk.subarray(from, end));
  return copy;
}

/** Below this, a chunk's lines are decoded one by one (a single request's answer, a handshake). */
const ASCII_LINES_MIN_BYTES = 1024;
/** A pipe delivers at most 64 KiB at a time; a larger buffer's lines are decoded one by one. */
const ASCII_LINES_MAX_BYTES = 256 * 1024;

/** decodeRange of an ASCII line, sliced from its chunk's decoding. */
function lineOf(chunk: Buffer, lines: AsciiLines, from: number, end: number): Frame {
  const crlf = end > from && chunk[end - 1] === 13;
  const text = lines.text.slice(from - lines.from, (crlf ? end - 1 : end) - lines.from);
  if (crlf) return { text, crlf: true };
  return lines.bytes ? { text, ascii: lines.bytes, at: from - lines.bytesFrom } : { text };
}

/**
 * decodeLine of chunk[from, end) (a line, not at the end of the stream), decoding straight from
 * the chunk. A decoding without U+FFFD is lossless (the decoder puts one for every byte sequence
 * that is not UTF-8), so the bytes need no second look; one with it may be a real U+FFFD or
 * not: decodeLine decides.
 */
function decodeRange(chunk: Buffer, from: number, end: number): Frame {
  const crlf = end > from && chunk[end - 1] === 13;
  const text = chunk.toString('utf8', from, crlf ? end - 1 : end);
  if (text.includes('\uFFFD')) return decodeLine(chunk.subarray(from, end), false);
  return crlf ? { text, crlf: true } : { text };
}

function decodeLine(line: Buffer, atEnd: boolean): Frame {
  let body = line;
  let crlf = false;
  if (!atEnd && body.length > 0 && body[body.length - 1] === 13) {
    body = body.subarray(0, body.length - 1);
    crlf = true;
  }
  const frame: Frame = { text: body.toString('utf8') };
  if (crlf) frame.crlf = true;
  if (!isUtf8(body)) {
    frame.invalidUtf8 = true;
    frame.bytes = body.toString('base64');
  }
  return frame;
}
