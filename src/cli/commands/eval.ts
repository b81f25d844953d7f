import * as path from 'node:path';
import { EVAL_FILE_SUFFIX } from '../../core/eval/evalFile';
import type { EvalModel } from '../../core/eval/model';
import { runEvalFile } from '../../core/eval/runEval';
import type { EvalArgs } from './evalArgs';
import { evalSuites, writeSuites } from '../eval/evalReports';
import { loadEvalFile, runOptions, writeTraces } from '../eval/evalRun';
import { findingLines, resultTable, type ModelFileResult } from '../eval/evalTable';
import { requireEvalModels } from '../eval/load';
import type { Output } from '../output';
import { runEvalCompare } from './evalCompare';
import { findFiles } from './test';

/** Provider errors, rate limits and timeouts: retried with the AI SDK's exponential backoff. */
const MODEL_RETRIES = 3;

/**
 * `mcp-lens eval`: every case of every eval file against every --model, on the real server;
 * a table, JUnit and SARIF. Exit 1 when a case passes below --min-pass-rate or a file cannot
 * run, 2 when no model can be had (a usage error: the sentence says how to get one).
 */
export async function runEval(args: EvalArgs, io: Output): Promise<number> {
  const made = evalModels(args, io);
  if (typeof made === 'number') return made;
  const { models, judge } = made;
  const names = args.files.length ? args.files : await findFiles(process.cwd(), EVAL_FILE_SUFFIX);
  if (names.length === 0) {
    io.err(`mcp-lens eval: no *${EVAL_FILE_SUFFIX} files under ${process.cwd()}`);
    return 1;
  }
  if (args.compare) return runEvalCompare(args, args.compare, io, names, models, judge);
  const results: ModelFileResult[] = [];
  const paths = new Map<string, string>();
  const budget = args.maxTokens !== undefined ? { left: args.maxTokens } : undefined;
  for (const name of names) {
    paths.set(name, path.resolve(name));
    const loaded = await loadEvalFile(name, args);
    for (const model of models) {
      if (!loaded.ok) {
        results.push({ file: name, model: model.id, cases: [], problem: loaded.message });
        continue;
      }
      if (!args.json) io.err(io.errStyle.dim(`${name}: ${model.id}…`));
      const ran = await runEvalFile(loaded.file, loaded.spec, model, runOptions(args, loaded.options, budget, judge));
      results.push({ file: name, model: model.id, cases: ran.cases, ...(ran.problem ? { problem: ran.problem } : {}) });
      if (args.traceDir) await writeTraces(args.traceDir, name, model.id, ran.sessions);
    }
  }
  await writeSuites(args, evalSuites(results, paths, args.minPassRate));
  const failed = results.some((r) => r.problem !== undefined || r.cases.some((c) => c.passRate < args.minPassRate));
  if (args.json) io.out(JSON.stringify({ minPassRate: args.minPassRate, passed: !failed, results }));
  else {
    io.out(resultTable(results, args.minPassRate, io.outStyle).join('\n'));
    const findings = findingLines(results, io.outStyle);
    if (findings.length) io.out(`\n${findings.join('\n')}`);
    if (budget && budget.left <= 0)
      io.out(io.outStyle.yellow(`\nstopped at --max-tokens ${args.maxTokens}: the cases after it did not run`));
  }
  return failed ? 1 : 0;
}

/** The models under test and the judge, or the exit code once no model can be had (the sentence says how to get one). */
function evalModels(args: EvalArgs, io: Output): { models: EvalModel[]; judge?: EvalModel } | number {
  const models: EvalModel[] = [];
  const sdk = requireEvalModels();
  if (typeof sdk === 'string') {
    io.err(`mcp-lens eval: ${sdk}`);
    return 2;
  }
  for (const ref of args.models) {
    const made = sdk.createEvalModel({
      ...ref,
      ...(args.baseUrl ? { baseUrl: args.baseUrl } : {}),
      env: process.env,
      maxRetries: MODEL_RETRIES,
    });
    if (typeof made === 'string') {
      io.err(`mcp-lens eval: ${made}`);
      return 2;
    }
    models.push(made);
  }
  if (!args.judgeModel) return { models };
  // --base-url is the endpoint of the models under test; a hosted judge keeps its provider's own.
  const judge = sdk.createEvalModel({
    ...args.judgeModel,
    ...(args.baseUrl && args.judgeModel.provider === 'openai-compatible' ? { baseUrl: args.baseUrl } : {}),
    env: process.env,
    maxRetries: MODEL_RETRIES,
  });
  if (typeof judge === 'string') {
    io.err(`mcp-lens eval: --judge-model: ${judge}`);
    return 2;
  }
  return { models, judge };
}
