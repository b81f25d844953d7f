/** One frame of the stack that wrote a stray stdout line. `line` and `column` are 1-based. */
export interface StackFrame {
  file: string;
  line: number;
  column: number;
  function?: string;
  /** The frame is in a dependency or the runtime's library (node_modules, site-packages, the stdlib). */
  library?: boolean;
}

/**
 * One line of the side channel: a stray stdout line and the stack of the write that began
 * it, innermost (the writer) first, with the preload's own and the runtime's frames removed.
 */
export interface StrayRecord {
  text: string;
  stack: StackFrame[];
  /** The process that wrote it (npx and `sh -c` put the server in a grandchild). */
  pid?: number;
  runtime?: 'node' | 'python';
  /** When it was written: wall-clock milliseconds since the epoch (as TraceEvent.t). */
  t?: number;
  /** Per-process order of the stray lines. */
  n?: number;
  /** The line had no final newline when the process exited. */
  partial?: boolean;
  /** The line's length when `text` was cut short. */
  length?: number;
}

/** Environment variables shared by launch.ts, the Node preload and sitecustomize.py. */
export const SIDE_FILE_ENV = 'MCP_LENS_SIDE_FILE';
/** `dev:ino` of the server's stdout, set by the first observing process so that its children
 * whose stdout is some other pipe (a helper the server reads from) are not blamed. */
export const STDOUT_ID_ENV = 'MCP_LENS_STDOUT_ID';

export const MAX_RECORD_TEXT = 2000;
export const MAX_RECORDS_PER_PROCESS = 5000;
