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
  /** Overrides the stage's default (only a transport failure can be retried; not every one: a wrong URL stays wrong). */
  retry?: boolean;
  /** Findings of one rule that say different things are capped apart (an oversize line is not one more banner). */
  group?: string;
}

export type Report = (finding: Finding) => void;

/** What an event is, for dispatch: a message by direction and kind, another stdout line, stderr, or meta. */
export type EventClass =
  | 's2c-request'
  | 's2c-response'
  | 's2c-notification'
  | 's2c-line'
  | 'c2s-request'
  | 'c2s-response'
  | 'c2s-notification'
  | 'c2s-line'
  | 'stderr'
  | 'meta';

/** How a line was written, as TraceEvent's fields of these names say: what a few rules are about. */
export const LINE_FACTS = ['piece', 'glued', 'multiline', 'invalidUtf8'] as const;
export type LineFact = (typeof LINE_FACTS)[number];

export const S2C_MESSAGES: readonly EventClass[] = ['s2c-request', 's2c-response', 's2c-notification'];
export const ALL_S2C: readonly EventClass[] = [...S2C_MESSAGES, 's2c-line'];

/**
 * One catalogue entry of DESIGN.md §4. `onEvent` sees the context as it was *before* the
 * event; `onEnd` runs once when the stream ends.
 */
export interface Rule {
  id: RuleId;
  stage: Stage;
  severity: Severity;
  /** The events `onEvent` looks at (all when absent): floods of other events skip the rule. */
  on?: readonly EventClass[];
  /**
   * Of the notifications among `on`, the methods `onEvent` looks at (all when absent): a flood
   * of log lines skips a rule about progress. Other events of `on` all reach it.
   */
  notifications?: readonly string[];
  /**
   * The line facts `onEvent` looks for (all events reach it when absent): an event with none of
   * them, such as each well-formed line of a flood, skips the rule.
   */
  facts?: readonly LineFact[];
  onEvent?(e: TraceEvent, ctx: DiagnoseContext, report: Report): void;
  onEnd?(ctx: DiagnoseContext, report: Report): void;
}
