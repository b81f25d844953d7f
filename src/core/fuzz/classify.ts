/**
 * Which diagnostics of one fuzz call are findings. A server that rejects a broken input
 * (-32602, or an isError result) did its job; the same answer to a valid input means its
 * validation and its schema disagree. Everything else the catalogue calls a warning or an
 * error about the call — a crash, a hang, stray stdout, a leaked stack, an outputSchema
 * broken — is a finding whatever the input.
 */
import type { Diagnostic, RuleId } from '../diagnose/diagnostic';
import type { CallOutcome } from './fuzzSession';

/** Rules that are findings only when the input was valid: for an invalid one they are the right answer. */
export const FAULT_ONLY_FOR_VALID: ReadonlySet<RuleId> = new Set(['invalid-params', 'domain-error-as-protocol-error']);

export function findingsOf(outcome: Pick<CallOutcome, 'diagnostics'>, valid: boolean): Diagnostic[] {
  return outcome.diagnostics.filter((d) => d.severity !== 'info' && (valid || !FAULT_ONLY_FOR_VALID.has(d.rule)));
}
