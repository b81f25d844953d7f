import type { Rule } from '../rule';
import { probeRule } from './probeVerdict';

/** The rules the probes of `check` judge (DESIGN.md §9): stage and default severity of each, as the README's table has them. */
export const PROBE_RULES: readonly Rule[] = [
  probeRule('ping-failed', 'invocation', 'error'),
  probeRule('logging-level-refused', 'negotiation', 'error'),
  probeRule('completion-invalid', 'invocation', 'error'),
  probeRule('resource-read-failed', 'invocation', 'error'),
  probeRule('unknown-resource-answered', 'invocation', 'error'),
  probeRule('prompt-get-failed', 'invocation', 'error'),
  probeRule('subscribe-refused', 'negotiation', 'error'),
  probeRule('result-type-missing', 'envelope', 'error'),
  probeRule('caching-hint-invalid', 'envelope', 'error'),
  probeRule('input-required-misplaced', 'flow', 'error'),
  probeRule('era-difference', 'negotiation', 'info'),
  probeRule('session-id-invalid', 'transport', 'error'),
  probeRule('session-not-required', 'transport', 'warning'),
  probeRule('session-not-terminated', 'transport', 'error'),
  probeRule('unknown-session-accepted', 'transport', 'error'),
  probeRule('origin-not-validated', 'transport', 'error'),
  probeRule('host-not-validated', 'transport', 'error'),
  probeRule('get-stream-invalid', 'transport', 'error'),
  probeRule('resume-failed', 'transport', 'warning'),
  probeRule('probe-failed', 'flow', 'warning'),
];
