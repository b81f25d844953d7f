import type { TraceEvent } from '../core/trace/event';

/** A trace event and the document lines it came from (0-based, inclusive). */
export interface Located {
  event: TraceEvent;
  start: number;
  end: number;
}

/** A parse problem on one document line (0-based). */
export interface LineProblem {
  line: number;
  message: string;
}
