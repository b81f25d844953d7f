import type { BatchedChunk, RecorderBatch, RecorderMessage } from './messages';

/** How long a copy may wait before it is handed over, and how much may pile up meanwhile. */
export const BATCH_MS = 5;
export const BATCH_BYTES = 1 << 20;

/**
 * Gathers the relay's messages for the recorder thread and hands them over in batches.
 * A postMessage per chunk cost the relay more than relaying when a conversation is many
 * small lines, and structured clone copied every chunk twice (out of this thread's heap and
 * into the recorder's). Here the chunks are copied once, at hand-over, into one buffer that
 * is transferred; only a few small descriptors are cloned.
 */
export class BatchQueue {
  private items: RecorderBatch['items'] = [];
  /** The chunks of this batch: the relay's own buffers, held (not copied) until hand-over. */
  private chunks: Uint8Array[] = [];
  private bytes = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly send: (batch: RecorderBatch, transfer: ArrayBuffer[]) => void) {}

  add(m: RecorderMessage): void {
    if (m.type === 'chunk') {
      this.items.push({ type: 'chunk', dir: m.dir, t: m.t, length: m.chunk.byteLength });
      this.chunks.push(m.chunk);
      this.bytes += m.chunk.byteLength;
    } else {
      this.items.push(m);
    }
    if (this.bytes >= BATCH_BYTES) this.handOver();
    else this.timer ??= setTimeout(() => this.handOver(), BATCH_MS);
  }

  /** Sends what is gathered now (on close, and from the timer). */
  handOver(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.items.length === 0) return;
    // Its own memory (not the shared pool), so it can be transferred.
    const joined = Buffer.allocUnsafeSlow(this.bytes);
    let at = 0;
    for (const chunk of this.chunks) {
      joined.set(chunk, at);
      at += chunk.byteLength;
    }
    const batch: RecorderBatch = { items: this.items, bytes: joined.buffer as ArrayBuffer };
    this.items = [];
    this.chunks = [];
    this.bytes = 0;
    this.send(batch, [batch.bytes]);
  }
}

/** The batch's messages, in order, each chunk a view of the batch's buffer. */
export function* unpackBatch(batch: RecorderBatch): Generator<RecorderMessage> {
  let at = 0;
  for (const item of batch.items) {
    if (item.type !== 'chunk') {
      yield item;
      continue;
    }
    const { length, ...rest } = item as BatchedChunk;
    yield { ...rest, chunk: new Uint8Array(batch.bytes, at, length) };
    at += length;
  }
}
