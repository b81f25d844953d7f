import type { Rule } from '../rule';
import { cachingHintInvalid } from './cachingHintInvalid';
import { inputRequiredMisplaced } from './inputRequiredMisplaced';
import { probeRule } from './probeVerdict';
import { resultTypeMissing } from './resultTypeMissing';

/**
 * The rules the probes of `check` judge (DESIGN.md §9): stage and default severity of each, as
 * the table of docs/diagnostics.md has them. resultType, caching hints and input_required placement are true
 * of any 2026-07-28 session's messages: ordinary trace rules, live and in `lint`.
 */
export const PROBE_RULES: readonly Rule[] = [
  probeRule('ping-failed', 'invocation', 'error'),
  probeRule('logging-level-refused', 'negotiation', 'error'),
  probeRule('completion-invalid', 'invocation', 'error'),
  probeRule('resource-read-failed', 'invocation', 'error'),
  probeRule('unknown-resource-answered', 'invocation', 'error'),
  probeRule('prompt-get-failed', 'invocation', 'error'),
  probeRule('subscribe-refused', 'negotiation', 'error'),
  resultTypeMissing,
  cachingHintInvalid,
  inputRequiredMisplaced,
  probeRule('era-difference', 'negotiation', 'info'),
  probeRule('task-request-mishandled', 'negotiation', 'error'),
  probeRule('session-id-invalid', 'transport', 'error'),
  probeRule('session-not-required', 'transport', 'warning'),
  probeRule('session-not-terminated', 'transport', 'error'),
  probeRule('unknown-session-accepted', 'transport', 'error'),
  probeRule('origin-not-validated', 'transport', 'error'),
  probeRule('host-not-validated', 'transport', 'error'),
  probeRule('get-stream-invalid', 'transport', 'error'),
  probeRule('resume-failed', 'transport', 'warning'),
  probeRule('header-mismatch-accepted', 'transport', 'error'),
  probeRule('request-meta-mishandled', 'initialization', 'error'),
  probeRule('unsupported-version-mishandled', 'initialization', 'error'),
  probeRule('unknown-method-mishandled', 'negotiation', 'error'),
  probeRule('probe-failed', 'flow', 'warning'),
];
