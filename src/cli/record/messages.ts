import type { Direction, MetaKind } from '../../core/trace/event';

/** What the relay (main thread) tells the recorder (worker), in the order it happened (posted in batches). */
export type RecorderMessage =
  | { type: 'chunk'; dir: Exclude<Direction, 'meta'>; t: number; chunk: Uint8Array }
  /** The stream `dir` ended: whatever is left is a partial line. */
  | { type: 'end'; dir: Exclude<Direction, 'meta'>; t: number }
  | { type: 'meta'; kind: MetaKind; t: number; raw: string; info?: Record<string, unknown> }
  /** Everything is in: write the rest and close the file. */
  | { type: 'close' };

/** The recorder's replies. */
export type RecorderReply = { type: 'closed'; events: number } | { type: 'failed'; message: string };
