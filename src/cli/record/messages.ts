import type { Direction, MetaKind } from '../../core/trace/event';

/** What the relay (main thread) tells the recorder (worker), in the order it happened (posted in batches). */
export type RecorderMessage =
  | { type: 'chunk'; dir: Exclude<Direction, 'meta'>; t: number; chunk: Uint8Array }
  /** The stream `dir` ended: whatever is left is a partial line. */
  | { type: 'end'; dir: Exclude<Direction, 'meta'>; t: number }
  | { type: 'meta'; kind: MetaKind; t: number; raw: string; info?: Record<string, unknown> }
  /** Everything is in: write the rest and close the file. */
  | { type: 'close' };

/** A chunk inside a batch: the next `length` bytes of the batch's buffer. */
export type BatchedChunk = { type: 'chunk'; dir: Exclude<Direction, 'meta'>; t: number; length: number };

/**
 * One postMessage: the messages in order, the chunks' bytes laid end to end in one buffer
 * that is transferred (moved, not copied) to the recorder thread.
 */
export interface RecorderBatch {
  items: Array<Exclude<RecorderMessage, { type: 'chunk' }> | BatchedChunk>;
  bytes: ArrayBuffer;
}

/** The recorder's replies. */
export type RecorderReply = { type: 'closed'; events: number } | { type: 'failed'; message: string };
