import * as path from 'node:path';
import { compareCases, compareTools } from '../../core/eval/compare';
import type { EvalModel } from '../../core/eval/model';
import { runEvalFile, type EvalFileResult } from '../../core/eval/runEval';
import type { EvalArgs, EvalBaseline } from './evalArgs';
import { baselineSpec, Checkouts, type BaselineSpec } from '../eval/baseline';
import { compareLines, regressed, type CompareResult } from '../eval/compareTable';
import { evalSuites, writeSuites } from '../eval/evalReports';
import { caseCell } from '../eval/evalTable';
import { loadEvalFile, runOptions, writeTraces, type Loaded } from '../eval/evalRun';
import type { Output } from '../output';

/**
 * `mcp-lens eval --compare REF` / `--compare-command CMD`: the same cases against the other
 * version (before) and the server as it is (after), per model; the change per case with its
 * interval, per tool the change in precision and recall. Exit 1 when a case got worse beyond
 * noise and misses --min-pass-rate on the new side, or a side cannot run; 2 when REF is not
 * a commit of the eval file's repository.
 */
export async function runEvalCompare(
  args: EvalArgs,
  baseline: EvalBaseline,
  io: Output,
  names: readonly string[],
  models: readonly EvalModel[],
  judge: EvalModel | undefined,
): Promise<number> {
  const checkouts = 'ref' in baseline ? new Checkouts(baseline.ref) : undefined;
  const results: CompareResult[] = [];
  const paths = new Map<string, string>();
  const budget = args.maxTokens !== undefined ? { left: args.maxTokens } : undefined;
  let beforeLabel = 'ref' in baseline ? baseline.ref : '';
  try {
    for (const name of names) {
      paths.set(name, path.resolve(name));
      const loaded = await loadEvalFile(name, args);
      const before: BaselineSpec = loaded.ok
        ? await baselineSpec(baseline, loaded, args, checkouts)
        : { ok: false, message: loaded.message };
      if (!before.ok && before.usage) {
        io.err(`mcp-lens eval: ${before.message}`);
        return 2;
      }
      if (before.ok) beforeLabel = before.label;
      for (const model of models) results.push(await compareOnModel({ name, loaded, before }, model, { args, io, budget, judge }));
    }
  } finally {
    await checkouts?.removeAll();
  }
  const sides = {
    before: 'ref' in baseline ? beforeLabel || baseline.ref : `--compare-command ${beforeLabel}`,
    after: args.server ? 'the server given on the command line' : 'ref' in baseline ? 'the working tree' : 'the server the eval file names',
  };
  const failed = results.some(
    (r) => r.before.problem !== undefined || r.after.problem !== undefined || r.cases.some((c) => regressed(c, args.minPassRate)),
  );
  await writeReports(args, results, paths);
  printCompare(args, baseline, io, { results, sides, failed, budget });
  return failed ? 1 : 0;
}

/** What every file's comparison shares: the run's flags, its output, the token cap left and the judge. */
interface CompareRun {
  args: EvalArgs;
  io: Output;
  budget: { left: number } | undefined;
  judge: EvalModel | undefined;
}

/**
 * One file on one model: before, then after, and the change per case and per tool. A file that
 * cannot be read is the new side's problem; a REF side that cannot start is the old side's.
 */
async function compareOnModel(
  { name, loaded, before }: { name: string; loaded: Loaded; before: BaselineSpec },
  model: EvalModel,
  { args, io, budget, judge }: CompareRun,
): Promise<CompareResult> {
  const empty = { file: name, model: model.id, cases: [], tools: [] };
  if (!loaded.ok) return { ...empty, before: { cases: [] }, after: { cases: [], problem: loaded.message } };
  if (!before.ok) return { ...empty, before: { cases: [], problem: before.message }, after: { cases: [] } };
  const options = runOptions(args, loaded.options, budget, judge);
  if (!args.json) io.err(io.errStyle.dim(`${name}: ${model.id}, before (${before.label})…`));
  const was = await runEvalFile(loaded.file, before.spec, model, { ...options, client: before.options });
  if (!args.json) io.err(io.errStyle.dim(`${name}: ${model.id}, after…`));
  const now = await runEvalFile(loaded.file, loaded.spec, model, options);
  if (args.traceDir) {
    await writeTraces(args.traceDir, name, model.id, was.sessions, 'before');
    await writeTraces(args.traceDir, name, model.id, now.sessions, 'after');
  }
  return {
    file: name,
    model: model.id,
    before: side(was),
    after: side(now),
    cases: compareCases(was.cases, now.cases),
    tools: compareTools(was.cases, now.cases),
  };
}

/** The comparison on stdout: one JSON object with --json, else the table (and the token cap, when it stopped the run). */
function printCompare(
  args: EvalArgs,
  baseline: EvalBaseline,
  io: Output,
  {
    results,
    sides,
    failed,
    budget,
  }: { results: CompareResult[]; sides: { before: string; after: string }; failed: boolean; budget?: { left: number } },
): void {
  if (args.json) {
    io.out(
      JSON.stringify({
        compare: {
          ...('ref' in baseline ? { ref: baseline.ref } : { command: [baseline.command.command, ...baseline.command.args] }),
          before: sides.before,
          after: sides.after,
        },
        minPassRate: args.minPassRate,
        passed: !failed,
        results,
      }),
    );
    return;
  }
  io.out(compareLines(results, sides, args.minPassRate, io.outStyle).join('\n'));
  if (budget && budget.left <= 0) io.out(io.outStyle.yellow(`\nstopped at --max-tokens ${args.maxTokens}: the cases after it did not run`));
}

function side(r: EvalFileResult): CompareResult['before'] {
  return { cases: r.cases, ...(r.problem ? { problem: r.problem } : {}) };
}

/** JUnit and SARIF describe the new side; a case fails there as it fails the run: worse beyond noise, below --min-pass-rate. */
async function writeReports(args: EvalArgs, results: readonly CompareResult[], paths: ReadonlyMap<string, string>): Promise<void> {
  if (!args.junit && !args.sarif) return;
  const after = results.map((r) => ({
    file: r.file,
    model: r.model,
    cases: r.after.cases,
    ...(r.before.problem || r.after.problem ? { problem: r.after.problem ?? `before: ${r.before.problem}` } : {}),
  }));
  const suites = evalSuites(after, paths, args.minPassRate, (r, c) => {
    const change = results.find((x) => x.file === r.file && x.model === r.model)?.cases.find((x) => x.name === c.name);
    return change && regressed(change, args.minPassRate)
      ? `passed ${caseCell(c)}, worse than before (${change.before?.passes}/${change.before?.runs}) beyond noise, below --min-pass-rate ${args.minPassRate}`
      : undefined;
  });
  await writeSuites(args, suites);
}
