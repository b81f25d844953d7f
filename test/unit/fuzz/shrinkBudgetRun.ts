// The run shrinkBudget.test.ts watches from outside: a fuzz run whose shrinking spun without
// end would starve this process's timers, so the test's deadline is kept by its parent.
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

async function main(): Promise<void> {
  let calls = 0;
  const report = await fuzzTool(TOOL, slowOnLongPatterns, { runs: 30, seed: 1234394183, allowDestructive: false, shrinkBudget: 60, onCall: () => calls++ });
  process.stdout.write(JSON.stringify({ calls, reported: report.calls, findings: report.findings.map((f) => ({ rule: f.rule, args: f.args })) }));
}

void main();
