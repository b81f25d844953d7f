/**
 * Shrinking stops at its budget. Past it, fast-check was told each further candidate passes,
 * and went on walking the candidates of a long string in an array: minutes of CPU, then a
 * stack overflow (server-filesystem's search_files, whose excludePatterns globs take seconds
 * to match). The caller stands in for a server and answers at once, as in sweep.test.ts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fuzzTool, type FuzzCaller } from '../../../src/core/fuzz/fuzzRun';
import type { CallOutcome, ListedTool } from '../../../src/core/fuzz/fuzzSession';
import type { Diagnostic } from '../../../src/core/diagnose/diagnostic';

const TOOL: ListedTool = {
  name: 'search_files',
  inputSchema: {
    type: 'object',
    properties: { path: { type: 'string' }, pattern: { type: 'string' }, excludePatterns: { type: 'array', items: { type: 'string' } } },
    required: ['path', 'pattern'],
  },
};
const TIMEOUT: Diagnostic = { rule: 'timeout', severity: 'error', stage: 'flow', message: 'no response within 500 ms', evidence: [1], retry: false, hint: '' };

/** Hangs on an exclude pattern over 2000 characters, answers anything else. */
const slowOnLongPatterns: FuzzCaller = {
  async call(_tool, args): Promise<CallOutcome> {
    const patterns = Array.isArray(args.excludePatterns) ? args.excludePatterns : [];
    if (patterns.some((p) => typeof p === 'string' && p.length > 2000)) return { end: 'hung', failure: 'timed out', durationMs: 500, timeoutMs: 500, diagnostics: [TIMEOUT] };
    return { end: 'result', result: { content: [{ type: 'text', text: 'No matches found' }] }, durationMs: 1, timeoutMs: 500, diagnostics: [] };
  },
};

// A hang guard, not a timing: on the old code this run did not end within five minutes.
test('shrinking a hang on a long string in an array stops at its budget, with an input that still hangs', { timeout: 120_000 }, async () => {
  let calls = 0;
  const report = await fuzzTool(TOOL, slowOnLongPatterns, { runs: 30, seed: 1234394183, allowDestructive: false, shrinkBudget: 60, onCall: () => calls++ });
  assert.deepEqual(
    report.findings.map((f) => f.rule),
    ['timeout'],
  );
  const patterns = report.findings[0]!.args.excludePatterns as string[];
  assert.ok(
    patterns.some((p) => p.length > 2000),
    'the shrunk input is one that hangs',
  );
  assert.equal(report.calls, calls);
});
