/**
 * Eval results as the suites `test`'s JUnit and SARIF writers take: one suite per file and
 * model, one test case per eval case (failed when its pass rate is below --min-pass-rate),
 * each failed repetition and each finding a failure message at the case's line.
 */
import { writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import type { TestResult } from '../../core/testing/runner';
import { junitXml, type SuiteInput } from '../testReports/junit';
import { sarifLog } from '../testReports/sarif';
import { version } from '../version';
import type { CaseScore } from '../../core/eval/score';
import { caseCell, caseFindings, type ModelFileResult } from './evalTable';

/** Why a case fails the run (undefined: it does not); by default, a pass rate below --min-pass-rate. */
export type CaseVerdict = (result: ModelFileResult, c: CaseScore) => string | undefined;

export function evalSuites(
  results: readonly ModelFileResult[],
  paths: ReadonlyMap<string, string>,
  minPassRate: number,
  verdict: CaseVerdict = (_, c) => (c.passRate < minPassRate ? `passed ${caseCell(c)}, below --min-pass-rate ${minPassRate}` : undefined),
): SuiteInput[] {
  return results.map((r) => ({
    name: r.file,
    server: r.model,
    result: {
      path: paths.get(r.file) ?? r.file,
      problems: r.problem ? [{ line: 1, message: r.problem }] : [],
      diagnostics: [],
      events: [],
      tests: r.cases.map((c): TestResult => {
        const why = verdict(r, c);
        const failed = why !== undefined;
        const failures = failed
          ? [
              { check: 'eval' as const, message: why },
              ...c.failures.flatMap((f) =>
                f.messages.map((m) => ({ check: 'eval' as const, message: `repetition ${f.repetition}: ${m}` })),
              ),
            ]
          : [];
        return {
          name: c.name,
          tool: r.model,
          line: c.line,
          status: failed ? 'failed' : 'passed',
          durationMs: c.latencyMs * c.runs,
          failures: [...failures, ...caseFindings(c).map((message) => ({ check: 'eval' as const, message }))],
          diagnostics: [],
        };
      }),
    },
  }));
}

/** --junit and --sarif, when given: the same files `mcp-lens test` writes. */
export async function writeSuites(args: { junit?: string; sarif?: string }, suites: SuiteInput[]): Promise<void> {
  if (args.junit) await writeFile(args.junit, junitXml(suites));
  if (args.sarif)
    await writeFile(
      args.sarif,
      `${JSON.stringify(
        sarifLog(suites, version, (file) => path.relative(process.cwd(), file).split(path.sep).join('/')),
        null,
        2,
      )}\n`,
    );
}
