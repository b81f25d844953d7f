import type { Diagnostic } from '../core/diagnose/diagnostic';
import { UsageError } from './usageError';

/**
 * Which diagnostics make a run exit 1 (`--fail-on`, DESIGN.md §7). Severity follows the spec
 * (a broken MUST is an error, a SHOULD a warning), so `error` — the default — fails a CI gate
 * on spec violations only; `warning` also on SHOULDs; `never` only reports.
 */
export type FailOn = 'error' | 'warning' | 'never';

export const FAIL_ON_VALUES: readonly FailOn[] = ['error', 'warning', 'never'];
export const DEFAULT_FAIL_ON: FailOn = 'error';

export const FAIL_ON_OPTION = { 'fail-on': { type: 'string' } } as const;

export function parseFailOn(command: string, value: string | undefined): FailOn {
  if (value === undefined) return DEFAULT_FAIL_ON;
  if ((FAIL_ON_VALUES as readonly string[]).includes(value)) return value as FailOn;
  throw new UsageError(`${command}: --fail-on takes ${FAIL_ON_VALUES.join(', ')}, got ${JSON.stringify(value)}`);
}

/** Whether these diagnostics fail the run under `failOn`. */
export function failsOn(diagnostics: readonly Diagnostic[], failOn: FailOn): boolean {
  switch (failOn) {
    case 'never':
      return false;
    case 'warning':
      return diagnostics.some((d) => d.severity === 'error' || d.severity === 'warning');
    case 'error':
      return diagnostics.some((d) => d.severity === 'error');
  }
}
