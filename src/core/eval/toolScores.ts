/**
 * A tool's last eval score in the editor: over the cases that name it (as the tool to call,
 * one of several, or one that must not be called), how many passed and how many of their
 * repetitions did, as the code lens over the tool's definition shows it.
 */
import type { EvalExpect } from './evalFile';

/** The tools a case's expectation names: `tool`, `anyOf` and `notTools`. */
export function toolsNamed(expect: EvalExpect): string[] {
  return [...new Set([...(expect.tool ? [expect.tool] : []), ...(expect.anyOf ?? []), ...(expect.notTools ?? [])])];
}

/** One case's newest scored run, as the workspace state keeps it. */
export interface CaseResult {
  /** The Test Explorer id of the case (`file URI#case name`): what a rerun asks for. */
  id: string;
  /** The eval file, relative to the workspace, and the case's name: how it is shown. */
  file: string;
  name: string;
  tools: string[];
  passed: boolean;
  passes: number;
  runs: number;
  /** When the run finished (ms since the epoch). */
  at: number;
}

export interface ToolScore {
  cases: number;
  casesPassed: number;
  runs: number;
  passes: number;
  /** The newest of the cases' runs. */
  at: number;
  /** The cases' ids, for running them again. */
  ids: string[];
}

/** The score of `tool` over the cases that name it; undefined when none does. */
export function toolScore(results: readonly CaseResult[], tool: string): ToolScore | undefined {
  const naming = results.filter((r) => r.tools.includes(tool));
  if (naming.length === 0) return undefined;
  return {
    cases: naming.length,
    casesPassed: naming.filter((r) => r.passed).length,
    runs: naming.reduce((n, r) => n + r.runs, 0),
    passes: naming.reduce((n, r) => n + r.passes, 0),
    at: Math.max(...naming.map((r) => r.at)),
    ids: naming.map((r) => r.id),
  };
}

/** `evals: 3/4 cases · 11/12 runs (92%)` */
export function describeToolScore(score: ToolScore): string {
  const percent = score.runs > 0 ? ` (${Math.round((score.passes / score.runs) * 100)}%)` : '';
  return `evals: ${score.casesPassed}/${score.cases} cases · ${score.passes}/${score.runs} runs${percent}`;
}
