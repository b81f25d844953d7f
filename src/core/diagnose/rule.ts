import type { TraceEvent } from '../trace/event';
import type { RuleId, Severity, Stage } from './diagnostic';
import type { DiagnoseContext } from './context';

/** What a rule says when it fires; the engine adds rule, stage and retry. */
export interface Finding {
  message: string;
  evidence: number[];
  hint: string;
  /** Overrides the rule's default severity (e.g. a fault that loses a message is an error). */
  severity?: Severity;
}

export type Report = (finding: Finding) => void;

/**
 * One catalogue entry of DESIGN.md §4. `onEvent` sees the context as it was *before* the
 * event; `onEnd` runs once when the stream ends.
 */
export interface Rule {
  id: RuleId;
  stage: Stage;
  severity: Severity;
  onEvent?(e: TraceEvent, ctx: DiagnoseContext, report: Report): void;
  onEnd?(ctx: DiagnoseContext, report: Report): void;
}
