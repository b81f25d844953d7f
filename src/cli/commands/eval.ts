import { mkdir, readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { parseEvalFile, EVAL_FILE_SUFFIX, type EvalFile } from '../../core/eval/evalFile';
import type { EvalModel } from '../../core/eval/model';
import { runEvalFile } from '../../core/eval/runEval';
import type { ClientOptions, HttpServerSpec, ServerSpec } from '../../core/session/client';
import { serverSpecFor } from '../../core/testing/serverSpec';
import type { ServerRef } from '../../core/testing/testFile';
import { serializeEvent } from '../../core/trace/jsonl';
import type { TraceEvent } from '../../core/trace/event';
import type { EvalArgs } from '../args';
import { evalSuites } from '../eval/evalReports';
import { findingLines, resultTable, type ModelFileResult } from '../eval/evalTable';
import { requireEvalModels } from '../eval/load';
import type { Output } from '../output';
import { junitXml } from '../testReports/junit';
import { sarifLog } from '../testReports/sarif';
import { version } from '../version';
import { clientOptions, clientSpec } from './session';
import { findFiles } from './test';

/** Provider errors, rate limits and timeouts: retried with the AI SDK's exponential backoff. */
const MODEL_RETRIES = 3;

/**
 * `mcp-lens eval`: every case of every eval file against every --model, on the real server;
 * a table, JUnit and SARIF. Exit 1 when a case passes below --min-pass-rate or a file cannot
 * run, 2 when no model can be had (a usage error: the sentence says how to get one).
 */
export async function runEval(args: EvalArgs, io: Output): Promise<number> {
  const models: EvalModel[] = [];
  const sdk = requireEvalModels();
  if (typeof sdk === 'string') {
    io.err(`mcp-lens eval: ${sdk}`);
    return 2;
  }
  for (const ref of args.models) {
    const made = sdk.createEvalModel({ ...ref, ...(args.baseUrl ? { baseUrl: args.baseUrl } : {}), env: process.env, maxRetries: MODEL_RETRIES });
    if (typeof made === 'string') {
      io.err(`mcp-lens eval: ${made}`);
      return 2;
    }
    models.push(made);
  }
  let judge: EvalModel | undefined;
  if (args.judgeModel) {
    // --base-url is the endpoint of the models under test; a hosted judge keeps its provider's own.
    const made = sdk.createEvalModel({ ...args.judgeModel, ...(args.baseUrl && args.judgeModel.provider === 'openai-compatible' ? { baseUrl: args.baseUrl } : {}), env: process.env, maxRetries: MODEL_RETRIES });
    if (typeof made === 'string') {
      io.err(`mcp-lens eval: --judge-model: ${made}`);
      return 2;
    }
    judge = made;
  }
  const names = args.files.length ? args.files : await findFiles(process.cwd(), EVAL_FILE_SUFFIX);
  if (names.length === 0) {
    io.err(`mcp-lens eval: no *${EVAL_FILE_SUFFIX} files under ${process.cwd()}`);
    return 1;
  }
  const results: ModelFileResult[] = [];
  const paths = new Map<string, string>();
  const budget = args.maxTokens !== undefined ? { left: args.maxTokens } : undefined;
  for (const name of names) {
    paths.set(name, path.resolve(name));
    const loaded = await load(name, args);
    for (const model of models) {
      if (!loaded.ok) {
        results.push({ file: name, model: model.id, cases: [], problem: loaded.message });
        continue;
      }
      if (!args.json) io.err(io.errStyle.dim(`${name}: ${model.id}…`));
      const ran = await runEvalFile(loaded.file, loaded.spec, model, { client: loaded.options, allowDestructive: args.allowDestructive, callTimeoutMs: args.timeoutMs, ...(args.repeat ? { repeat: args.repeat } : {}), ...(budget ? { budget } : {}), ...(judge ? { judge } : {}) });
      results.push({ file: name, model: model.id, cases: ran.cases, ...(ran.problem ? { problem: ran.problem } : {}) });
      if (args.traceDir) await writeTraces(args.traceDir, name, model.id, ran.sessions);
    }
  }
  const suites = evalSuites(results, paths, args.minPassRate);
  if (args.junit) await writeFile(args.junit, junitXml(suites));
  if (args.sarif) await writeFile(args.sarif, `${JSON.stringify(sarifLog(suites, version, (file) => path.relative(process.cwd(), file).split(path.sep).join('/')), null, 2)}\n`);
  const failed = results.some((r) => r.problem !== undefined || r.cases.some((c) => c.passRate < args.minPassRate));
  if (args.json) io.out(JSON.stringify({ minPassRate: args.minPassRate, passed: !failed, results }));
  else {
    io.out(resultTable(results, args.minPassRate, io.outStyle).join('\n'));
    const findings = findingLines(results, io.outStyle);
    if (findings.length) io.out(`\n${findings.join('\n')}`);
    if (budget && budget.left <= 0) io.out(io.outStyle.yellow(`\nstopped at --max-tokens ${args.maxTokens}: the cases after it did not run`));
  }
  return failed ? 1 : 0;
}

type Loaded = { ok: true; file: EvalFile; spec: ServerSpec | HttpServerSpec; options: ClientOptions } | { ok: false; message: string };

async function load(name: string, args: EvalArgs): Promise<Loaded> {
  let text: string;
  try {
    text = await readFile(name, 'utf8');
  } catch (error) {
    return { ok: false, message: `cannot read the eval file: ${(error as Error).message}` };
  }
  const file = parseEvalFile(path.resolve(name), text);
  if (file.problems.length) return { ok: false, message: file.problems.map((p) => `line ${p.line}: ${p.message}`).join('; ') };
  if (args.server) return { ok: true, file, spec: clientSpec(args.server), options: clientOptions(args.server, args.timeoutMs) };
  const options: ClientOptions = { clientInfo: { name: 'mcp-lens', version }, requestTimeoutMs: args.timeoutMs };
  if (file.server && 'url' in file.server) return { ok: true, file, spec: { url: file.server.url }, options };
  const spec = await serverSpecFor({ path: file.path, server: file.server as ServerRef | undefined, tests: [], problems: [] });
  return spec.ok ? { ok: true, file, spec: spec.spec, options } : { ok: false, message: spec.message };
}

/** One trace file per session: the wire and the model's lane, as `mcp-lens lint` and the editor read them. */
async function writeTraces(dir: string, file: string, model: string, sessions: readonly TraceEvent[][]): Promise<void> {
  await mkdir(dir, { recursive: true });
  const base = `${path.basename(file, EVAL_FILE_SUFFIX)}.${model.replace(/[^\w.-]+/g, '_')}`;
  for (const [i, events] of sessions.entries()) {
    const suffix = sessions.length > 1 ? `.${i + 1}` : '';
    await writeFile(path.join(dir, `${base}${suffix}.mcptrace.jsonl`), events.map((e) => `${serializeEvent(e)}\n`).join(''));
  }
}
