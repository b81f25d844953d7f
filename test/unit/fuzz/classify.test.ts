import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Diagnostic, RuleId, Severity } from '../../../src/core/diagnose/diagnostic';
import { findingsOf } from '../../../src/core/fuzz/classify';

function d(rule: RuleId, severity: Severity = 'warning'): Diagnostic {
  return { rule, severity, stage: 'invocation', message: rule, evidence: [1], retry: false, hint: '' };
}

test('a refusal is the right answer to an invalid input, and a finding for a valid one', () => {
  for (const rule of ['invalid-params', 'domain-error-as-protocol-error'] as const) {
    assert.deepEqual(findingsOf({ diagnostics: [d(rule)] }, false), [], `${rule} for an invalid input`);
    assert.deepEqual(findingsOf({ diagnostics: [d(rule)] }, true).map((x) => x.rule), [rule], `${rule} for a valid input`);
  }
});

test('crashes, hangs, leaks, stray stdout and broken outputSchemas are findings whatever the input; info is not', () => {
  const faults = [d('crashed', 'error'), d('timeout', 'error'), d('error-leaks-internals'), d('stray-stdout', 'error'), d('output-schema-mismatch', 'error'), d('invalid-input-accepted')];
  for (const valid of [true, false]) assert.deepEqual(findingsOf({ diagnostics: [...faults, d('tool-error', 'info')] }, valid).map((x) => x.rule), faults.map((x) => x.rule));
});
