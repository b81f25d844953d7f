import { splitCommandLine } from '../../core/config/newServer';
import type { CommandSpec, OptionValues } from '../cliParser';
import { BASE_URL_VARIABLE, PROVIDERS, type ModelRef, type Provider } from '../eval/providers';
import { count, nonEmpty } from '../flagValues';
import { JSON_OPTION, REPORT_FILE_OPTIONS, reportFiles } from '../outputFlags';
import { rejectRemoteFlags, target, TARGET_OPTIONS, type ServerCommand, type ServerTarget, type TargetValues } from '../serverTarget';
import { signsIn, timeout, TIMEOUT_OPTION } from '../timeoutFlag';
import { SERVER } from '../usageBlocks';
import { UsageError } from '../usageError';

/** `mcp-lens eval`: its arguments, options and usage. */

export interface EvalArgs {
  name: 'eval';
  /** Eval files; none means every *.mcpeval.json under the current folder. */
  files: string[];
  models: ModelRef[];
  /** Grades the answers of cases with a judge prompt (`--judge-model`); each model judges its own when absent. */
  judgeModel?: ModelRef;
  baseUrl?: string;
  repeat?: number;
  /** Every case must pass at least this share of its repetitions (0–1). */
  minPassRate: number;
  json: boolean;
  junit?: string;
  sarif?: string;
  allowDestructive: boolean;
  maxTokens?: number;
  /** A folder that gets one *.mcptrace.jsonl per file and model (wire and model lanes). */
  traceDir?: string;
  timeoutMs: number;
  server?: ServerTarget;
  /** `--compare REF` (the server at a git ref) or `--compare-command CMD`: the version the change is measured from. */
  compare?: EvalBaseline;
}
export type EvalBaseline = { ref: string } | { command: ServerCommand };

export const EVAL_COMMAND: CommandSpec<EvalArgs> = {
  usage: `Usage: mcp-lens eval [FILES…] --model PROVIDER:MODEL [--model …] [--judge-model PROVIDER:MODEL]
                     [--base-url URL] [--repeat N] [--min-pass-rate X] [--json] [--junit FILE]
                     [--sarif FILE] [--allow-destructive] [--max-tokens N] [--trace-dir DIR]
                     [--compare REF | --compare-command CMD] [--timeout MS] [SERVER]

Run evals (*.mcpeval.json; every one under the current folder when no FILES are given):
a model is offered the server's tools as a host offers them, each tool call it makes runs
on the real server, until it answers. Prints each case's pass rate with its 95% interval
per model, tool precision and recall, schema-breaking arguments and hallucinated names.

  --model P:M            openai, anthropic, google or openai-compatible, and the model id;
                         repeat it to compare models side by side. Keys are read from
                         OPENAI_API_KEY, ANTHROPIC_API_KEY, GOOGLE_GENERATIVE_AI_API_KEY,
                         MCP_LENS_EVAL_API_KEY (openai-compatible, optional)
  --judge-model P:M      grades the answers of cases with a "judge" prompt (default: each
                         model judges its own); takes --base-url only if openai-compatible
  --base-url URL         the endpoint (openai-compatible needs it: Ollama, LM Studio, vLLM;
                         or MCP_LENS_EVAL_BASE_URL)
  --repeat N             run every case N times (default: the file's "repeat", else 1)
  --min-pass-rate X      each case must pass at least this share, 0 to 1 (default 1)
  --allow-destructive    run tools annotated destructiveHint when the model calls them
  --max-tokens N         stop the run once the models have used N tokens
  --trace-dir DIR        write each session's trace (wire and model turns) to DIR
  --junit FILE, --sarif FILE, --json   reports, as for test
  --timeout MS           how long each tool call may take (default 30000)
  --compare REF          run the cases against the server at git REF too (started from a
                         temporary worktree of REF of the eval file's repository, removed
                         afterwards) and report each case's change with its interval, and
                         each tool's precision and recall before and after
  --compare-command CMD  the same against another server command ("node old/server.js",
                         quoted as a shell would, run in the current folder)

${SERVER}

Exit codes: 0 every case met the pass rate, 1 a case did not, 2 usage error (no model).
With --compare: 1 when a case got worse beyond noise and is below --min-pass-rate now,
or a version could not run; 2 also when REF is not a commit.`,
  options: {
    model: { type: 'string', multiple: true },
    'judge-model': { type: 'string' },
    'base-url': { type: 'string' },
    repeat: { type: 'string' },
    'min-pass-rate': { type: 'string' },
    ...JSON_OPTION,
    ...REPORT_FILE_OPTIONS,
    'allow-destructive': { type: 'boolean' },
    'max-tokens': { type: 'string' },
    'trace-dir': { type: 'string' },
    ...TIMEOUT_OPTION,
    compare: { type: 'string' },
    'compare-command': { type: 'string' },
    ...TARGET_OPTIONS,
  },
  build: ({ values, positionals, server }) => {
    const compare = baseline(
      values.compare as string | undefined,
      values['compare-command'] as string | undefined,
      values.url !== undefined,
    );
    const { models, judgeModel, baseUrl } = modelChoice(values);
    const minPassRate = passRate(values['min-pass-rate'] as string | undefined);
    const override = server !== undefined || values.url !== undefined ? target('eval', values, server, []) : undefined;
    if (!override) rejectRemoteFlags('eval', values as TargetValues);
    const repeat = count('eval', '--repeat', values.repeat as string | undefined);
    const maxTokens = count('eval', '--max-tokens', values['max-tokens'] as string | undefined);
    return {
      name: 'eval',
      files: positionals,
      models,
      ...(judgeModel ? { judgeModel } : {}),
      ...(baseUrl ? { baseUrl } : {}),
      ...(repeat !== undefined ? { repeat } : {}),
      minPassRate,
      json: values.json === true,
      ...reportFiles('eval', values),
      allowDestructive: values['allow-destructive'] === true,
      ...(maxTokens !== undefined ? { maxTokens } : {}),
      ...(values['trace-dir'] !== undefined ? { traceDir: nonEmpty('eval', '--trace-dir', values['trace-dir'] as string) } : {}),
      timeoutMs: timeout('eval', values.timeout as string | undefined, signsIn(values)),
      ...(override ? { server: override } : {}),
      ...(compare ? { compare } : {}),
    };
  },
};

/** `--model` (one at least), `--judge-model`, and the endpoint an openai-compatible one needs. */
function modelChoice(values: OptionValues): { models: ModelRef[]; judgeModel: ModelRef | undefined; baseUrl: string | undefined } {
  const models = ((values.model as string[] | undefined) ?? []).map((m) => modelRef(m));
  if (models.length === 0)
    throw new UsageError(`eval: say which model runs the cases: --model PROVIDER:MODEL (providers: ${PROVIDERS.join(', ')})`);
  const judgeModel = values['judge-model'] !== undefined ? modelRef(values['judge-model'] as string, '--judge-model') : undefined;
  const baseUrl = (values['base-url'] as string | undefined) ?? (process.env[BASE_URL_VARIABLE] || undefined);
  if ([...models, ...(judgeModel ? [judgeModel] : [])].some((m) => m.provider === 'openai-compatible') && !baseUrl)
    throw new UsageError(
      `eval: openai-compatible needs the endpoint: --base-url URL or ${BASE_URL_VARIABLE} (Ollama: http://localhost:11434/v1)`,
    );
  return { models, judgeModel, baseUrl };
}

/** `--min-pass-rate X`, a share from 0 to 1 (default 1: every repetition passes). */
function passRate(rate: string | undefined): number {
  const minPassRate = rate === undefined ? 1 : Number(rate);
  if (rate !== undefined && (rate.trim() === '' || !(minPassRate >= 0 && minPassRate <= 1)))
    throw new UsageError(`eval: --min-pass-rate takes a number from 0 to 1, got ${JSON.stringify(rate)}`);
  return minPassRate;
}

/** `--compare REF` or `--compare-command "CMD"` (one of them): `-- CMD` is already the server the files' is replaced by. */
function baseline(ref: string | undefined, command: string | undefined, remote: boolean): EvalBaseline | undefined {
  if (ref !== undefined && command !== undefined)
    throw new UsageError('eval: --compare REF and --compare-command CMD contradict each other: give one');
  if (ref !== undefined) {
    if (ref.trim() === '') throw new UsageError('eval: --compare takes a git ref (a branch, a tag, a commit, HEAD~1)');
    if (remote)
      throw new UsageError(
        "eval: --compare REF runs the server's command from a checkout of REF; --url names a server that is already running: use --compare-command CMD for the other version",
      );
    return { ref };
  }
  if (command === undefined) return undefined;
  const [first, ...rest] = splitCommandLine(command);
  if (first === undefined)
    throw new UsageError('eval: --compare-command takes the other version\'s server command, e.g. --compare-command "node old/server.js"');
  return { command: { command: first, args: rest } };
}

function modelRef(value: string, flag = '--model'): ModelRef {
  const colon = value.indexOf(':');
  const provider = value.slice(0, Math.max(0, colon));
  const model = value.slice(colon + 1);
  if (colon < 0 || !model)
    throw new UsageError(
      `eval: ${flag} takes PROVIDER:MODEL (openai:gpt-4.1-mini, anthropic:claude-sonnet-4-5, openai-compatible:llama3.2), got ${JSON.stringify(value)}`,
    );
  if (!(PROVIDERS as readonly string[]).includes(provider))
    throw new UsageError(`eval: unknown provider ${JSON.stringify(provider)}; the providers are ${PROVIDERS.join(', ')}`);
  return { provider: provider as Provider, model };
}
