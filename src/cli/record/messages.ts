import type { Direction, MetaKind } from '../../core/trace/event';

/** What the relay (main thread) tells the recorder (worker), in the order it happened (posted in batches). */
export type RecorderMessage =
  | {
      type: 'chunk';
      dir: Exclude<Direction, 'meta'>;
      t: number;
      chunk: Uint8Array;
      /**
       * The sender keeps no use for the chunk and no write still reads it (its writable took
       * it at once): when it spans its whole ArrayBuffer, that buffer is moved, not copied.
       */
      movable?: boolean;
    }
  /** The stream `dir` ended: whatever is left is a partial line. */
  | { type: 'end'; dir: Exclude<Direction, 'meta'>; t: number }
  | { type: 'meta'; kind: MetaKind; t: number; raw: string; info?: Record<string, unknown> }
  /** Everything is in: write the rest and close the file. */
  | { type: 'close' };

/**
 * A chunk inside a batch: `moved`, the next of the batch's `moved` buffers (all of it);
 * otherwise the next `length` bytes of the batch's `bytes`.
 */
export type BatchedChunk = { type: 'chunk'; dir: Exclude<Direction, 'meta'>; t: number; length: number; moved: boolean };

/**
 * One postMessage: the messages in order; the chunks' bytes either in buffers of their own
 * (the pipe's, moved) or laid end to end in one buffer. All are transferred (moved, not
 * copied) to the recorder thread.
 */
export interface RecorderBatch {
  items: Array<Exclude<RecorderMessage, { type: 'chunk' }> | BatchedChunk>;
  bytes: ArrayBuffer;
  moved: ArrayBuffer[];
}

/** The recorder's replies. */
export type RecorderReply = { type: 'closed'; events: number } | { type: 'failed'; message: string };
