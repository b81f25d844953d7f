import type { BatchedChunk, RecorderBatch, RecorderMessage } from './messages';

/** How long a copy may wait before it is handed over, and how much may pile up meanwhile. */
export const BATCH_MS = 5;
export const BATCH_BYTES = 1 << 20;
/**
 * Smaller chunks are copied even when they could be moved: a transfer has a fixed cost per
 * buffer (detached here, wrapped again there) that copying a round trip's line does not.
 */
export const MOVE_MIN_BYTES = 4 << 10;

/**
 * Gathers the relay's messages for the recorder thread and hands them over in batches.
 * A postMessage per chunk cost the relay more than relaying when a conversation is many
 * small lines, and structured clone copied every chunk twice (out of this thread's heap and
 * into the recorder's). A chunk that is the whole of its ArrayBuffer and `movable` (a pipe's
 * read, already written on) is transferred as it is; the others are copied once, at
 * hand-over, into one buffer that is transferred. Only a few small descriptors are cloned.
 */
export class BatchQueue {
  private items: RecorderBatch['items'] = [];
  /** The chunks of this batch to copy: the relay's own buffers, held (not copied) until hand-over. */
  private chunks: Uint8Array[] = [];
  private copyBytes = 0;
  /** The buffers of this batch's movable chunks, in order. */
  private moved: ArrayBuffer[] = [];
  private movedBytes = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly send: (batch: RecorderBatch, transfer: ArrayBuffer[]) => void) {}

  add(m: RecorderMessage): void {
    if (m.type === 'chunk') {
      const { chunk } = m;
      const moved = m.movable === true && chunk.byteLength >= MOVE_MIN_BYTES && ownsItsBuffer(chunk);
      this.items.push({ type: 'chunk', dir: m.dir, t: m.t, length: chunk.byteLength, moved });
      if (moved) {
        this.moved.push(chunk.buffer as ArrayBuffer);
        this.movedBytes += chunk.byteLength;
      } else {
        this.chunks.push(chunk);
        this.copyBytes += chunk.byteLength;
      }
    } else {
      this.items.push(m);
    }
    if (this.copyBytes + this.movedBytes >= BATCH_BYTES) this.handOver();
    else this.timer ??= setTimeout(() => this.handOver(), BATCH_MS);
  }

  /** Sends what is gathered now (on close, and from the timer). */
  handOver(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.items.length === 0) return;
    const { items, chunks, moved } = this;
    const bytes = join(chunks, this.copyBytes);
    this.items = [];
    this.chunks = [];
    this.copyBytes = 0;
    this.moved = [];
    this.movedBytes = 0;
    try {
      this.send({ items, bytes, moved }, [bytes, ...moved]);
    } catch (error) {
      // Nothing is transferred when postMessage refuses (a buffer named twice, or one Node
      // marked untransferable): every chunk is still whole here, so the batch goes again
      // with all of them copied.
      if (moved.length === 0) throw error;
      this.send(...copiedBatch(items, chunks, moved));
    }
  }
}

/**
 * A chunk spanning all of an ArrayBuffer: not a slice of Node's shared pool (which never gives
 * out a whole one) nor of a larger read.
 */
function ownsItsBuffer(chunk: Uint8Array): boolean {
  const buffer = chunk.buffer;
  return buffer instanceof ArrayBuffer && chunk.byteOffset === 0 && chunk.byteLength === buffer.byteLength;
}

/** `chunks` laid end to end in a buffer of its own (not the shared pool, so it can be transferred). */
function join(chunks: Uint8Array[], length: number): ArrayBuffer {
  const joined = Buffer.allocUnsafeSlow(length);
  let at = 0;
  for (const chunk of chunks) {
    joined.set(chunk, at);
    at += chunk.byteLength;
  }
  return joined.buffer as ArrayBuffer;
}

/** The same batch with every chunk copied into its one buffer, in order. */
function copiedBatch(items: RecorderBatch['items'], copied: Uint8Array[], moved: ArrayBuffer[]): [RecorderBatch, ArrayBuffer[]] {
  const all: Uint8Array[] = [];
  let nextCopied = 0;
  let nextMoved = 0;
  const flat = items.map((item) => {
    if (item.type !== 'chunk') return item;
    const chunk = item as BatchedChunk;
    all.push(chunk.moved ? new Uint8Array(moved[nextMoved++]) : copied[nextCopied++]);
    return { ...chunk, moved: false };
  });
  const bytes = join(
    all,
    all.reduce((sum, chunk) => sum + chunk.byteLength, 0),
  );
  return [{ items: flat, bytes, moved: [] }, [bytes]];
}

/** The batch's messages, in order, each chunk a view of its own buffer or of the batch's. */
export function* unpackBatch(batch: RecorderBatch): Generator<RecorderMessage> {
  let at = 0;
  let nextMoved = 0;
  for (const item of batch.items) {
    if (item.type !== 'chunk') {
      yield item;
      continue;
    }
    const { length, moved, ...rest } = item as BatchedChunk;
    if (moved) {
      yield { ...rest, chunk: new Uint8Array(batch.moved[nextMoved++]) };
      continue;
    }
    yield { ...rest, chunk: new Uint8Array(batch.bytes, at, length) };
    at += length;
  }
}

/** The bytes a batch holds, moved and copied. */
export function batchBytes(batch: RecorderBatch): number {
  let bytes = batch.bytes.byteLength;
  for (const buffer of batch.moved) bytes += buffer.byteLength;
  return bytes;
}
