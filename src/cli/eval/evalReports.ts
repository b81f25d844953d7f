/**
 * Eval results as the suites `test`'s JUnit and SARIF writers take: one suite per file and
 * model, one test case per eval case (failed when its pass rate is below --min-pass-rate),
 * each failed repetition and each finding a failure message at the case's line.
 */
import type { TestResult } from '../../core/testing/runner';
import type { SuiteInput } from '../testReports/junit';
import { caseCell, caseFindings, type ModelFileResult } from './evalTable';

export function evalSuites(results: readonly ModelFileResult[], paths: ReadonlyMap<string, string>, minPassRate: number): SuiteInput[] {
  return results.map((r) => ({
    name: r.file,
    server: r.model,
    result: {
      path: paths.get(r.file) ?? r.file,
      problems: r.problem ? [{ line: 1, message: r.problem }] : [],
      diagnostics: [],
      events: [],
      tests: r.cases.map((c): TestResult => {
        const failed = c.passRate < minPassRate;
        const failures = failed ? [{ check: 'eval' as const, message: `passed ${caseCell(c)}, below --min-pass-rate ${minPassRate}` }, ...c.failures.flatMap((f) => f.messages.map((m) => ({ check: 'eval' as const, message: `repetition ${f.repetition}: ${m}` })))] : [];
        return { name: c.name, tool: r.model, line: c.line, status: failed ? 'failed' : 'passed', durationMs: c.latencyMs * c.runs, failures: [...failures, ...caseFindings(c).map((message) => ({ check: 'eval' as const, message }))], diagnostics: [] };
      }),
    },
  }));
}
