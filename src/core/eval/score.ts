/**
 * What a case's repetitions add up to: its pass rate with a Wilson interval, how well the
 * model chose tools, how often it broke a tool's own schema, what it made up, and its cost.
 */
import type { RunRecord } from './agentLoop';
import type { EvalCase } from './evalFile';
import { expectedTools, judgeRun } from './judge';
import { wilson, type Interval } from './wilson';

export interface CaseScore {
  name: string;
  line: number;
  runs: number;
  passes: number;
  passRate: number;
  interval: Interval;
  /** The failures of each failed repetition (1-based), in order. */
  failures: { repetition: number; messages: string[] }[];
  selection: SelectionCounts;
  /** The same counts tool by tool (runs of cases that expect a tool), for the change per tool. */
  toolSelection: Record<string, ToolSelectionCounts>;
  /** Calls to offered tools, and how many of them broke the tool's inputSchema. */
  offeredCalls: number;
  schemaBreaking: number;
  hallucinatedTools: string[];
  /** `tool.argument` names the tool's schema does not declare. */
  hallucinatedArgs: string[];
  inputTokens: number;
  outputTokens: number;
  /** Mean over repetitions. */
  steps: number;
  latencyMs: number;
  /** The judge's verdicts over the answered repetitions, when the case has a judge prompt; its tokens are not in the case's. */
  judged?: JudgeCounts;
}

export interface JudgeCounts {
  pass: number;
  fail: number;
  /** Answers that were not a verdict: counted, and never as a pass. */
  unreadable: number;
  /** The judge could not be asked (its provider failed, the token cap). */
  error: number;
  inputTokens: number;
  outputTokens: number;
}

/** Counts for precision (chosen tools that were expected) and recall (runs that chose an expected tool). */
export interface SelectionCounts {
  chosen: number;
  chosenExpected: number;
  runsExpecting: number;
  runsHit: number;
}

/** For one tool: runs that called it (and of those, where it was expected), runs that expected it (and of those, that called it). */
export interface ToolSelectionCounts {
  chosen: number;
  chosenExpected: number;
  expected: number;
  expectedChosen: number;
}

export function scoreCase(c: EvalCase, runs: readonly RunRecord[]): CaseScore {
  const failures = runs.map((run, i) => ({ repetition: i + 1, messages: judgeRun(c.expect, run) })).filter((f) => f.messages.length > 0);
  const passes = runs.length - failures.length;
  const wanted = expectedTools(c.expect);
  const selection: SelectionCounts = { chosen: 0, chosenExpected: 0, runsExpecting: 0, runsHit: 0 };
  const toolSelection: Record<string, ToolSelectionCounts> = {};
  const ofTool = (name: string) => (toolSelection[name] ??= { chosen: 0, chosenExpected: 0, expected: 0, expectedChosen: 0 });
  if (wanted.length) {
    for (const run of runs) {
      const chosen = new Set(run.calls.map((call) => call.name));
      selection.chosen += chosen.size;
      selection.chosenExpected += [...chosen].filter((name) => wanted.includes(name)).length;
      selection.runsExpecting++;
      if ([...chosen].some((name) => wanted.includes(name))) selection.runsHit++;
      for (const name of chosen) {
        ofTool(name).chosen++;
        if (wanted.includes(name)) ofTool(name).chosenExpected++;
      }
      for (const name of wanted) {
        ofTool(name).expected++;
        if (chosen.has(name)) ofTool(name).expectedChosen++;
      }
    }
  }
  const calls = runs.flatMap((run) => run.calls);
  const offered = calls.filter((call) => call.offered);
  const mean = (f: (r: RunRecord) => number) => (runs.length ? runs.reduce((n, r) => n + f(r), 0) / runs.length : 0);
  return {
    name: c.name,
    line: c.line,
    runs: runs.length,
    passes,
    passRate: runs.length ? passes / runs.length : 0,
    interval: wilson(passes, runs.length),
    failures,
    selection,
    toolSelection,
    offeredCalls: offered.length,
    schemaBreaking: offered.filter((call) => call.schemaErrors.length > 0).length,
    hallucinatedTools: [...new Set(calls.filter((call) => !call.offered).map((call) => call.name))],
    hallucinatedArgs: [...new Set(offered.flatMap((call) => call.unknownArgs.map((a) => `${call.name}.${a}`)))],
    inputTokens: runs.reduce((n, r) => n + r.usage.inputTokens, 0),
    outputTokens: runs.reduce((n, r) => n + r.usage.outputTokens, 0),
    steps: mean((r) => r.steps),
    latencyMs: mean((r) => r.durationMs),
    ...(c.expect.judge !== undefined ? { judged: judgeCounts(runs) } : {}),
  };
}

function judgeCounts(runs: readonly RunRecord[]): JudgeCounts {
  const counts: JudgeCounts = { pass: 0, fail: 0, unreadable: 0, error: 0, inputTokens: 0, outputTokens: 0 };
  for (const v of runs.flatMap((r) => (r.verdict ? [r.verdict] : []))) {
    counts[v.verdict]++;
    counts.inputTokens += v.usage.inputTokens;
    counts.outputTokens += v.usage.outputTokens;
  }
  return counts;
}

/** Precision and recall over several cases' counts; undefined where nothing was counted. */
export function selectionRates(counts: readonly SelectionCounts[]): { precision?: number; recall?: number } {
  const sum = (f: (c: SelectionCounts) => number) => counts.reduce((n, c) => n + f(c), 0);
  const chosen = sum((c) => c.chosen);
  const expecting = sum((c) => c.runsExpecting);
  return {
    ...(chosen ? { precision: sum((c) => c.chosenExpected) / chosen } : {}),
    ...(expecting ? { recall: sum((c) => c.runsHit) / expecting } : {}),
  };
}
