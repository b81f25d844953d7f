import { parseArgs } from 'node:util';
import { rejectRemoteFlags, serverTarget, TARGET_OPTIONS, type ServerCommand, type ServerTarget, type TargetValues } from './serverTarget';
import { ANSWER_OPTIONS, parseAnswerFlags, type AnswerFlags } from './answerFlags';
import { parseFailOn, type FailOn } from './failOn';
import { UsageError, usageOf } from './usage';
import { BASE_URL_VARIABLE, PROVIDERS, type ModelRef, type Provider } from './eval/providers';
import { HOST_PROFILES, hostProfile } from '../core/hosts/hostProfiles';
import { PROBE_IDS, type ProbeId } from '../core/probe/probe';
import { SIGN_IN_TIMEOUT_MS } from '../core/auth/signInTimeout';
import { splitCommandLine } from '../core/config/newServer';
import { assertionWanted } from './assertionFlags';

export type { ServerCommand, ServerTarget } from './serverTarget';
export interface CheckArgs {
  name: 'check';
  json: boolean;
  timeoutMs: number;
  failOn: FailOn;
  server: ServerTarget;
  /** The probes to run after listing (`--probes LIST`), every one when undefined, none with `--no-probes`. */
  probes: ProbeId[] | undefined;
}
export interface CallArgs extends AnswerFlags {
  name: 'call';
  tool: string;
  toolArgs: Record<string, unknown>;
  /** Run as a task (2025-11-25 `task` param, or the 2026-07-28 tasks extension), polled to its result. */
  task: boolean;
  json: boolean;
  timeoutMs: number;
  failOn: FailOn;
  server: ServerTarget;
}
export interface ReadArgs extends AnswerFlags {
  name: 'read';
  /** A URI, or an RFC 6570 template when `vars` are given or it holds an expression. */
  uri: string;
  vars: Record<string, string>;
  json: boolean;
  timeoutMs: number;
  failOn: FailOn;
  server: ServerTarget;
}
export interface SkillArgs {
  name: 'skill';
  /** A skill's SKILL.md URI to load; none: list the skills. */
  uri: string | undefined;
  json: boolean;
  timeoutMs: number;
  failOn: FailOn;
  server: ServerTarget;
}
export interface PromptArgs extends AnswerFlags {
  name: 'prompt';
  prompt: string;
  promptArgs: Record<string, unknown>;
  json: boolean;
  timeoutMs: number;
  failOn: FailOn;
  server: ServerTarget;
}
/** `mcp-lens complete`: completion/complete for a prompt argument or a template variable. */
export interface CompleteArgs {
  name: 'complete';
  ref: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };
  argument: string;
  value: string;
  context: Record<string, string>;
  json: boolean;
  timeoutMs: number;
  failOn: FailOn;
  server: ServerTarget;
}
export interface RecordArgs {
  name: 'record';
  /** Optional with --watch (the hot-reload proxy then writes no trace). */
  out: string | undefined;
  /** Globs whose changes restart the server (the hot-reload proxy); empty for a plain recording. */
  watch: string[];
  server: ServerCommand;
}
/** `record --listen PORT --url URL`: an HTTP reverse proxy in front of an HTTP server instead of a stdio one. */
export interface RecordListenArgs {
  name: 'record';
  out: string;
  listen: { port: number; url: string };
}
export interface LintArgs {
  name: 'lint';
  json: boolean;
  failOn: FailOn;
  file: string;
  /** Hosts whose documented limits the trace's tool list is checked against (`--host openai`). */
  hosts: string[];
}
/** `command` set: that command's usage; absent: the overview. */
export interface HelpArgs {
  name: 'help';
  command?: string;
}
export interface McpArgs {
  name: 'mcp';
  timeoutMs: number;
}
export interface TestArgs {
  name: 'test';
  /** Test files; none means every *.mcptest.json under the current folder. */
  files: string[];
  junit?: string;
  sarif?: string;
  updateSnapshots: boolean;
  json: boolean;
  timeoutMs: number;
  /** Runs every file against this server (`-- CMD` or `--url URL`) instead of the one it names. */
  server?: ServerTarget;
}
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
/** `diff --fail-on`: which interface changes make the exit code 1. */
export type DiffFailOn = 'breaking' | 'any' | 'never';
export interface DiffArgs {
  name: 'diff';
  json: boolean;
  failOn: DiffFailOn;
  old: string;
  /** A report or trace file, or a live server listed now. */
  new: string | ServerTarget;
  /** Bounds each request to a live server. */
  timeoutMs: number;
}
export interface ReplayArgs {
  name: 'replay';
  json: boolean;
  timeoutMs: number;
  trace: string;
  server: ServerTarget;
}
/** `logout URL`: forget the token cache's grants for a server. */
export interface LogoutArgs {
  name: 'logout';
  url: string;
}
export interface FuzzArgs {
  name: 'fuzz';
  /** Tools to fuzz; none means every tool the server lists. */
  tools: string[];
  runs: number;
  /** Absent: a new seed, printed so the run can be repeated. */
  seed?: number;
  allowDestructive: boolean;
  json: boolean;
  junit?: string;
  sarif?: string;
  /** A *.mcptest.json file the findings are saved to as regression tests. */
  save?: string;
  timeoutMs: number;
  server: ServerTarget;
}
export interface LoadArgs {
  name: 'load';
  tool: string;
  toolArgs: Record<string, unknown>;
  concurrency: number;
  /** Exactly one of requests and durationMs is set. */
  requests?: number;
  durationMs?: number;
  /** Calls started per second at most (absent: as fast as the concurrency allows). */
  rate?: number;
  failOverP99Ms?: number;
  failOverErrorRate?: number;
  /** Which findings across the run (memory-growth, latency-growth) make the exit code 1. */
  failOn: FailOn;
  junit?: string;
  sarif?: string;
  json: boolean;
  timeoutMs: number;
  server: ServerTarget;
}
/** `mcp-lens watch`: list changes and resource updates as they come. */
export interface WatchArgs {
  name: 'watch';
  /** URIs to watch (resources/updated). */
  resources: string[];
  /** Also the list_changed notifications (the default when no --resource is given). */
  lists: boolean;
  /** Stop after this many notifications. */
  count?: number;
  /** Stop after this long. */
  durationMs?: number;
  json: boolean;
  timeoutMs: number;
  failOn: FailOn;
  server: ServerTarget;
}
export type CliArgs =
  | WatchArgs
  | LogoutArgs
  | FuzzArgs
  | LoadArgs
  | CheckArgs
  | CallArgs
  | ReadArgs
  | SkillArgs
  | PromptArgs
  | CompleteArgs
  | RecordArgs
  | RecordListenArgs
  | LintArgs
  | McpArgs
  | TestArgs
  | EvalArgs
  | DiffArgs
  | ReplayArgs
  | HelpArgs
  | { name: 'version' };

const DEFAULT_TIMEOUT_MS = 30_000;
/** A fuzz call that takes this long is taken for a hang: inputs are small, answers should be quick. */
const FUZZ_TIMEOUT_MS = 5_000;

/**
 * Everything after the first `--` is the server's command line, verbatim: the server's own
 * flags (`--port`, `-y`) must never be read as ours.
 */
function splitAtDashDash(argv: readonly string[]): { ours: string[]; server: string[] | undefined } {
  const index = argv.indexOf('--');
  if (index < 0) return { ours: [...argv], server: undefined };
  return { ours: argv.slice(0, index), server: argv.slice(index + 1) };
}

type OptionSpec = Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>;

function parse(command: string, argv: string[], options: OptionSpec) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    // parseArgs' own messages name the offending option; add which command it was for.
    const message = error instanceof Error ? error.message : String(error);
    throw new UsageError(`${command}: ${message}${/Unknown option/.test(message) ? ' (put the server command after --)' : ''}`);
  }
}

function serverCommand(command: string, server: string[] | undefined, positionals: string[]): ServerCommand {
  // Without `--`, bare words are accepted as the server command (`mcp-lens check node s.js`).
  const words = server ?? positionals;
  if (server !== undefined && positionals.length > 0) {
    throw new UsageError(`${command}: unexpected argument ${JSON.stringify(positionals[0])} before --`);
  }
  if (words.length === 0 || words[0] === '') throw new UsageError(`${command}: missing the server command after --`);
  return { command: words[0], args: words.slice(1) };
}

/** `--probes ping,logging` (ids of PROBE_IDS, checked), `--no-probes` (none), or neither (every probe). */
function probeList(value: string | undefined, none: boolean): ProbeId[] | undefined {
  if (none && value !== undefined) throw new UsageError('check: --probes and --no-probes contradict each other');
  if (none) return [];
  if (value === undefined) return undefined;
  const ids = value.split(',').map((id) => id.trim()).filter((id) => id !== '');
  if (ids.length === 0) throw new UsageError('check: --probes takes a comma-separated list of probe ids (or use --no-probes)');
  const unknown = ids.filter((id) => !(PROBE_IDS as readonly string[]).includes(id));
  if (unknown.length > 0) throw new UsageError(`check: unknown probe ${unknown.map((id) => JSON.stringify(id)).join(', ')}; the probes are ${PROBE_IDS.join(', ')}`);
  return [...new Set(ids)] as ProbeId[];
}

function timeout(command: string, value: string | undefined, signIn = false): number {
  if (value === undefined) return signIn ? SIGN_IN_TIMEOUT_MS : DEFAULT_TIMEOUT_MS;
  const ms = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(ms) || ms <= 0) {
    throw new UsageError(`${command}: --timeout takes a positive number of milliseconds, got ${JSON.stringify(value)}`);
  }
  return ms;
}

/** Repeated `--var k=v` / `--arg k=v` / `--context k=v` flags as an object (the last of a name wins). */
function pairs(command: string, option: string, given: string[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of given ?? []) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`${command}: ${option} takes NAME=VALUE, got ${JSON.stringify(pair)}`);
    out[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return out;
}

function toolArguments(value: string | undefined, command = 'call'): Record<string, unknown> {
  if (value === undefined) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch (error) {
    throw new UsageError(`${command}: --args is not valid JSON: ${(error as Error).message}`);
  }
  // tools/call and prompts/get "arguments" are objects (schema: { [key: string]: … }).
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new UsageError(`${command}: --args must be a JSON object, e.g. --args '{"city":"Paris"}'`);
  }
  return parsed as Record<string, unknown>;
}

/** `--auth`, a client flag or a JWT grant's: the first request may wait for the person's sign-in, or for the grant's exchanges (each bounded on its own). */
function signsIn(values: Record<string, unknown>): boolean {
  return values.auth === true || values['client-id'] !== undefined || values['client-metadata-url'] !== undefined || assertionWanted(values);
}

/** `--url …` or the server command: see serverTarget. */
function target(command: string, values: Record<string, unknown>, server: string[] | undefined, bare: string[]): ServerTarget {
  return serverTarget(command, values as TargetValues, server, bare, () => serverCommand(command, server, bare));
}

/** `help [COMMAND]`, or `COMMAND --help` / `-h` before any `--` (after it, the flag is the server's). */
function helpRequest(command: string | undefined, rest: readonly string[], ours: readonly string[]): HelpArgs | undefined {
  if (command === undefined || command === '--help' || command === '-h') return { name: 'help' };
  if (command === 'help') {
    const [topic, ...extra] = rest;
    if (topic === undefined) return { name: 'help' };
    if (extra.length > 0 || usageOf(topic) === undefined) throw new UsageError(`help: unknown command ${JSON.stringify([topic, ...extra].join(' '))}`);
    return { name: 'help', command: topic };
  }
  if (usageOf(command) !== undefined && ours.some((word) => word === '--help' || word === '-h')) return { name: 'help', command };
  return undefined;
}

/** `record --listen PORT --url URL --out FILE`: the HTTP reverse proxy. */
function recordListen(values: { listen?: string; url?: string; watch?: string[] }, out: string | undefined, server: string[] | undefined, positionals: string[]): RecordListenArgs {
  if (values.listen === undefined || values.url === undefined) throw new UsageError('record: --listen PORT and --url URL go together (the HTTP proxy listens on PORT and forwards to URL)');
  if (server !== undefined || positionals.length > 0) throw new UsageError('record: --listen records an HTTP server at --url; give no command after --');
  if (values.watch?.length) throw new UsageError('record: --watch restarts a stdio server; it does not go with --listen');
  const port = Number(values.listen);
  if (!/^\d+$/.test(values.listen) || port > 65535) throw new UsageError(`record: --listen takes a port number (0 for any free one), got ${JSON.stringify(values.listen)}`);
  let url: URL | undefined;
  try {
    url = new URL(values.url);
  } catch {
    url = undefined;
  }
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:') throw new UsageError(`record: --url must be the server's http(s) endpoint, got ${JSON.stringify(values.url)}`);
  if (out === undefined || out === '') throw new UsageError('record: --out FILE is required');
  return { name: 'record', out, listen: { port, url: values.url } };
}

/** A positive whole number option (`--runs 200`), or its default when absent. */
function count(command: string, option: string, value: string | undefined, fallback?: number): number | undefined {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n <= 0) throw new UsageError(`${command}: ${option} takes a positive whole number, got ${JSON.stringify(value)}`);
  return n;
}

/** A positive number option (`--rate 2.5`, `--fail-over-p99 150`). */
function positive(command: string, option: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0) throw new UsageError(`${command}: ${option} takes a positive number, got ${JSON.stringify(value)}`);
  return n;
}

function evalArgs(ours: string[], server: string[] | undefined): EvalArgs {
  const { values, positionals } = parse('eval', ours, {
    model: { type: 'string', multiple: true },
    'judge-model': { type: 'string' },
    'base-url': { type: 'string' },
    repeat: { type: 'string' },
    'min-pass-rate': { type: 'string' },
    json: { type: 'boolean' },
    junit: { type: 'string' },
    sarif: { type: 'string' },
    'allow-destructive': { type: 'boolean' },
    'max-tokens': { type: 'string' },
    'trace-dir': { type: 'string' },
    timeout: { type: 'string' },
    compare: { type: 'string' },
    'compare-command': { type: 'string' },
    ...TARGET_OPTIONS,
  });
  const compare = baseline(values.compare as string | undefined, values['compare-command'] as string | undefined, values.url !== undefined);
  const models = ((values.model as string[] | undefined) ?? []).map((m) => modelRef(m));
  if (models.length === 0) throw new UsageError(`eval: say which model runs the cases: --model PROVIDER:MODEL (providers: ${PROVIDERS.join(', ')})`);
  const judgeModel = values['judge-model'] !== undefined ? modelRef(values['judge-model'] as string, '--judge-model') : undefined;
  const baseUrl = (values['base-url'] as string | undefined) ?? (process.env[BASE_URL_VARIABLE] || undefined);
  if ([...models, ...(judgeModel ? [judgeModel] : [])].some((m) => m.provider === 'openai-compatible') && !baseUrl) throw new UsageError(`eval: openai-compatible needs the endpoint: --base-url URL or ${BASE_URL_VARIABLE} (Ollama: http://localhost:11434/v1)`);
  const rate = values['min-pass-rate'] as string | undefined;
  const minPassRate = rate === undefined ? 1 : Number(rate);
  if (rate !== undefined && (rate.trim() === '' || !(minPassRate >= 0 && minPassRate <= 1))) throw new UsageError(`eval: --min-pass-rate takes a number from 0 to 1, got ${JSON.stringify(rate)}`);
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
    ...(values.junit !== undefined ? { junit: nonEmpty('eval', '--junit', values.junit as string) } : {}),
    ...(values.sarif !== undefined ? { sarif: nonEmpty('eval', '--sarif', values.sarif as string) } : {}),
    allowDestructive: values['allow-destructive'] === true,
    ...(maxTokens !== undefined ? { maxTokens } : {}),
    ...(values['trace-dir'] !== undefined ? { traceDir: nonEmpty('eval', '--trace-dir', values['trace-dir'] as string) } : {}),
    timeoutMs: timeout('eval', values.timeout as string | undefined, signsIn(values)),
    ...(override ? { server: override } : {}),
    ...(compare ? { compare } : {}),
  };
}

/** `--compare REF` or `--compare-command "CMD"` (one of them): `-- CMD` is already the server the files' is replaced by. */
function baseline(ref: string | undefined, command: string | undefined, remote: boolean): EvalBaseline | undefined {
  if (ref !== undefined && command !== undefined) throw new UsageError('eval: --compare REF and --compare-command CMD contradict each other: give one');
  if (ref !== undefined) {
    if (ref.trim() === '') throw new UsageError('eval: --compare takes a git ref (a branch, a tag, a commit, HEAD~1)');
    if (remote) throw new UsageError('eval: --compare REF runs the server\'s command from a checkout of REF; --url names a server that is already running: use --compare-command CMD for the other version');
    return { ref };
  }
  if (command === undefined) return undefined;
  const [first, ...rest] = splitCommandLine(command);
  if (first === undefined) throw new UsageError('eval: --compare-command takes the other version\'s server command, e.g. --compare-command "node old/server.js"');
  return { command: { command: first, args: rest } };
}

function modelRef(value: string, flag = '--model'): ModelRef {
  const colon = value.indexOf(':');
  const provider = value.slice(0, Math.max(0, colon));
  const model = value.slice(colon + 1);
  if (colon < 0 || !model) throw new UsageError(`eval: ${flag} takes PROVIDER:MODEL (openai:gpt-4.1-mini, anthropic:claude-sonnet-4-5, openai-compatible:llama3.2), got ${JSON.stringify(value)}`);
  if (!(PROVIDERS as readonly string[]).includes(provider)) throw new UsageError(`eval: unknown provider ${JSON.stringify(provider)}; the providers are ${PROVIDERS.join(', ')}`);
  return { provider: provider as Provider, model };
}

function fuzzArgs(ours: string[], server: string[] | undefined): FuzzArgs {
  const { values, positionals } = parse('fuzz', ours, {
    runs: { type: 'string' },
    seed: { type: 'string' },
    'allow-destructive': { type: 'boolean' },
    json: { type: 'boolean' },
    junit: { type: 'string' },
    sarif: { type: 'string' },
    save: { type: 'string' },
    timeout: { type: 'string' },
    ...TARGET_OPTIONS,
  });
  if (server === undefined && values.url === undefined) throw new UsageError('fuzz: missing -- before the server command (or --url URL)');
  const seed = values.seed as string | undefined;
  if (seed !== undefined && !/^-?\d+$/.test(seed)) throw new UsageError(`fuzz: --seed takes a whole number, got ${JSON.stringify(seed)}`);
  return {
    name: 'fuzz',
    tools: positionals,
    runs: count('fuzz', '--runs', values.runs as string | undefined, 100)!,
    ...(seed !== undefined ? { seed: Number(seed) | 0 } : {}),
    allowDestructive: values['allow-destructive'] === true,
    json: values.json === true,
    ...(values.junit !== undefined ? { junit: nonEmpty('fuzz', '--junit', values.junit as string) } : {}),
    ...(values.sarif !== undefined ? { sarif: nonEmpty('fuzz', '--sarif', values.sarif as string) } : {}),
    ...(values.save !== undefined ? { save: nonEmpty('fuzz', '--save', values.save as string) } : {}),
    timeoutMs: values.timeout === undefined ? (signsIn(values) ? SIGN_IN_TIMEOUT_MS : FUZZ_TIMEOUT_MS) : timeout('fuzz', values.timeout as string),
    // Tool names come before --: none of them is read as the server command.
    server: target('fuzz', values, server, []),
  };
}

function loadArgs(ours: string[], server: string[] | undefined): LoadArgs {
  const { values, positionals } = parse('load', ours, {
    args: { type: 'string' },
    concurrency: { type: 'string' },
    requests: { type: 'string' },
    duration: { type: 'string' },
    rate: { type: 'string' },
    'fail-over-p99': { type: 'string' },
    'fail-over-error-rate': { type: 'string' },
    'fail-on': { type: 'string' },
    junit: { type: 'string' },
    sarif: { type: 'string' },
    json: { type: 'boolean' },
    timeout: { type: 'string' },
    ...TARGET_OPTIONS,
  });
  const [tool, ...more] = positionals;
  if (tool === undefined || tool === '') throw new UsageError('load: missing the tool name (mcp-lens load TOOL --args JSON -- CMD)');
  if (more.length > 0) throw new UsageError(`load: unexpected argument ${JSON.stringify(more[0])} before --`);
  if (server === undefined && values.url === undefined) throw new UsageError('load: missing -- before the server command (or --url URL)');
  if (values.requests !== undefined && values.duration !== undefined) throw new UsageError('load: give --requests or --duration, not both');
  const duration = positive('load', '--duration', values.duration as string | undefined);
  const rawRate = values['fail-over-error-rate'] as string | undefined;
  const errorRate = rawRate === undefined ? undefined : Number(rawRate);
  if (errorRate !== undefined && (rawRate!.trim() === '' || !(errorRate >= 0 && errorRate <= 1))) throw new UsageError(`load: --fail-over-error-rate is a fraction from 0 to 1 (0.01 = 1%), got ${JSON.stringify(rawRate)}`);
  const rate = positive('load', '--rate', values.rate as string | undefined);
  const p99 = positive('load', '--fail-over-p99', values['fail-over-p99'] as string | undefined);
  return {
    name: 'load',
    tool,
    toolArgs: toolArguments(values.args as string | undefined, 'load'),
    concurrency: count('load', '--concurrency', values.concurrency as string | undefined, 10)!,
    ...(duration !== undefined ? { durationMs: duration * 1000 } : { requests: count('load', '--requests', values.requests as string | undefined, 100)! }),
    ...(rate !== undefined ? { rate } : {}),
    ...(p99 !== undefined ? { failOverP99Ms: p99 } : {}),
    ...(errorRate !== undefined ? { failOverErrorRate: errorRate } : {}),
    failOn: parseFailOn('load', values['fail-on'] as string | undefined),
    ...(values.junit !== undefined ? { junit: nonEmpty('load', '--junit', values.junit as string) } : {}),
    ...(values.sarif !== undefined ? { sarif: nonEmpty('load', '--sarif', values.sarif as string) } : {}),
    json: values.json === true,
    timeoutMs: timeout('load', values.timeout as string | undefined, signsIn(values)),
    server: target('load', values, server, []),
  };
}

function watchArgs(ours: string[], server: string[] | undefined): WatchArgs {
  const { values, positionals } = parse('watch', ours, {
    resource: { type: 'string', multiple: true },
    lists: { type: 'boolean' },
    count: { type: 'string' },
    duration: { type: 'string' },
    json: { type: 'boolean' },
    timeout: { type: 'string' },
    'fail-on': { type: 'string' },
    ...TARGET_OPTIONS,
  });
  if (server === undefined && values.url === undefined) throw new UsageError('watch: missing -- before the server command');
  const resources = (values.resource as string[] | undefined) ?? [];
  if (resources.some((u) => u === '')) throw new UsageError('watch: --resource takes a URI');
  const count_ = count('watch', '--count', values.count as string | undefined);
  const duration = positive('watch', '--duration', values.duration as string | undefined);
  return {
    name: 'watch',
    resources,
    lists: values.lists === true || resources.length === 0,
    ...(count_ !== undefined ? { count: count_ } : {}),
    ...(duration !== undefined ? { durationMs: duration * 1000 } : {}),
    json: values.json === true,
    timeoutMs: timeout('watch', values.timeout as string | undefined, signsIn(values)),
    failOn: parseFailOn('watch', values['fail-on'] as string | undefined),
    server: target('watch', values, server, positionals),
  };
}

function nonEmpty(command: string, option: string, value: string): string {
  if (value === '') throw new UsageError(`${command}: ${option} needs a FILE`);
  return value;
}

export function parseCli(argv: readonly string[]): CliArgs {
  const [command, ...rest] = argv;
  if (command === '--version' || command === '-v') return { name: 'version' };
  const { ours, server } = splitAtDashDash(rest);
  const help = helpRequest(command, rest, ours);
  if (help) return help;
  switch (command) {
    case 'check': {
      const { values, positionals } = parse('check', ours, {
        json: { type: 'boolean' },
        timeout: { type: 'string' },
        'fail-on': { type: 'string' },
        probes: { type: 'string' },
        'no-probes': { type: 'boolean' },
        ...TARGET_OPTIONS,
      });
      return {
        name: 'check',
        json: values.json === true,
        timeoutMs: timeout('check', values.timeout as string | undefined, signsIn(values)),
        failOn: parseFailOn('check', values['fail-on'] as string | undefined),
        server: target('check', values, server, positionals),
        probes: probeList(values.probes as string | undefined, values['no-probes'] === true),
      };
    }
    case 'call': {
      const { values, positionals } = parse('call', ours, {
        args: { type: 'string' },
        task: { type: 'boolean' },
        json: { type: 'boolean' },
        timeout: { type: 'string' },
        ...TARGET_OPTIONS,
        ...ANSWER_OPTIONS,
        'fail-on': { type: 'string' },
      });
      const [tool, ...more] = positionals;
      if (tool === undefined || tool === '') throw new UsageError('call: missing the tool name (mcp-lens call TOOL --args JSON -- CMD)');
      if (server === undefined && values.url === undefined) throw new UsageError('call: missing -- before the server command');
      return {
        name: 'call',
        tool,
        toolArgs: toolArguments(values.args as string | undefined),
        task: values.task === true,
        ...parseAnswerFlags('call', values),
        json: values.json === true,
        timeoutMs: timeout('call', values.timeout as string | undefined, signsIn(values)),
        failOn: parseFailOn('call', values['fail-on'] as string | undefined),
        server: target('call', values, server, more),
      };
    }
    case 'read': {
      const { values, positionals } = parse('read', ours, { var: { type: 'string', multiple: true }, json: { type: 'boolean' }, timeout: { type: 'string' }, 'fail-on': { type: 'string' }, ...TARGET_OPTIONS, ...ANSWER_OPTIONS });
      const [uri, ...more] = positionals;
      if (uri === undefined || uri === '') throw new UsageError('read: missing the resource URI (mcp-lens read URI --url URL)');
      if (server === undefined && values.url === undefined) throw new UsageError('read: missing -- before the server command');
      return {
        name: 'read',
        uri,
        vars: pairs('read', '--var', values.var as string[] | undefined),
        ...parseAnswerFlags('read', values),
        json: values.json === true,
        timeoutMs: timeout('read', values.timeout as string | undefined, signsIn(values)),
        failOn: parseFailOn('read', values['fail-on'] as string | undefined),
        server: target('read', values, server, more),
      };
    }
    case 'skill': {
      const { values, positionals } = parse('skill', ours, { json: { type: 'boolean' }, timeout: { type: 'string' }, 'fail-on': { type: 'string' }, ...TARGET_OPTIONS });
      const [uri, ...more] = positionals;
      if (server === undefined && values.url === undefined) throw new UsageError('skill: missing -- before the server command');
      return {
        name: 'skill',
        uri: uri === '' ? undefined : uri,
        json: values.json === true,
        timeoutMs: timeout('skill', values.timeout as string | undefined, signsIn(values)),
        failOn: parseFailOn('skill', values['fail-on'] as string | undefined),
        server: target('skill', values, server, more),
      };
    }
    case 'prompt': {
      const { values, positionals } = parse('prompt', ours, {
        args: { type: 'string' },
        arg: { type: 'string', multiple: true },
        json: { type: 'boolean' },
        timeout: { type: 'string' },
        'fail-on': { type: 'string' },
        ...TARGET_OPTIONS,
        ...ANSWER_OPTIONS,
      });
      const [prompt, ...more] = positionals;
      if (prompt === undefined || prompt === '') throw new UsageError('prompt: missing the prompt name (mcp-lens prompt NAME --args JSON --url URL)');
      if (server === undefined && values.url === undefined) throw new UsageError('prompt: missing -- before the server command');
      return {
        name: 'prompt',
        prompt,
        promptArgs: { ...toolArguments(values.args as string | undefined, 'prompt'), ...pairs('prompt', '--arg', values.arg as string[] | undefined) },
        ...parseAnswerFlags('prompt', values),
        json: values.json === true,
        timeoutMs: timeout('prompt', values.timeout as string | undefined, signsIn(values)),
        failOn: parseFailOn('prompt', values['fail-on'] as string | undefined),
        server: target('prompt', values, server, more),
      };
    }
    case 'complete': {
      const { values, positionals } = parse('complete', ours, {
        prompt: { type: 'string' },
        template: { type: 'string' },
        value: { type: 'string' },
        context: { type: 'string', multiple: true },
        json: { type: 'boolean' },
        timeout: { type: 'string' },
        'fail-on': { type: 'string' },
        ...TARGET_OPTIONS,
      });
      const [argument, ...more] = positionals;
      const prompt = values.prompt as string | undefined;
      const template = values.template as string | undefined;
      if ((prompt === undefined) === (template === undefined)) throw new UsageError('complete: give either --prompt NAME or --template URI_TEMPLATE');
      if (argument === undefined || argument === '') throw new UsageError('complete: missing the argument (or template variable) to complete');
      if (server === undefined && values.url === undefined) throw new UsageError('complete: missing -- before the server command');
      return {
        name: 'complete',
        ref: prompt !== undefined ? { type: 'ref/prompt', name: prompt } : { type: 'ref/resource', uri: template! },
        argument,
        value: (values.value as string | undefined) ?? '',
        context: pairs('complete', '--context', values.context as string[] | undefined),
        json: values.json === true,
        timeoutMs: timeout('complete', values.timeout as string | undefined, signsIn(values)),
        failOn: parseFailOn('complete', values['fail-on'] as string | undefined),
        server: target('complete', values, server, more),
      };
    }
    case 'record': {
      const { values, positionals } = parse('record', ours, { out: { type: 'string', short: 'o' }, watch: { type: 'string', multiple: true }, listen: { type: 'string' }, url: { type: 'string' } });
      const out = values.out as string | undefined;
      if (values.listen !== undefined || values.url !== undefined) return recordListen(values as { listen?: string; url?: string; watch?: string[] }, out, server, positionals);
      const watch = (values.watch as string[] | undefined) ?? [];
      if (watch.some((glob) => glob === '')) throw new UsageError('record: --watch takes a glob, e.g. --watch "src/**/*.ts"');
      if (watch.length === 0 && (out === undefined || out === '')) throw new UsageError('record: --out FILE is required (or --watch GLOB for the hot-reload proxy)');
      if (out === '') throw new UsageError('record: --out takes a file name');
      return { name: 'record', out, watch, server: serverCommand('record', server, positionals) };
    }
    case 'lint': {
      if (server !== undefined) throw new UsageError('lint: takes a trace file, not a server command');
      const { values, positionals } = parse('lint', ours, { json: { type: 'boolean' }, 'fail-on': { type: 'string' }, host: { type: 'string', multiple: true } });
      if (positionals.length !== 1) throw new UsageError('lint: expects exactly one trace FILE');
      const hosts = (values.host as string[] | undefined) ?? [];
      const unknown = hosts.find((h) => !hostProfile(h));
      if (unknown !== undefined) throw new UsageError(`lint: unknown host ${JSON.stringify(unknown)} (known: ${HOST_PROFILES.map((h) => h.id).join(', ')})`);
      return { name: 'lint', json: values.json === true, failOn: parseFailOn('lint', values['fail-on'] as string | undefined), file: positionals[0], hosts };
    }
    case 'mcp': {
      if (server !== undefined) throw new UsageError('mcp: takes no server command (the agent starts servers with start_server)');
      const { values, positionals } = parse('mcp', ours, { timeout: { type: 'string' } });
      if (positionals.length > 0) throw new UsageError(`mcp: unexpected argument ${JSON.stringify(positionals[0])}`);
      return { name: 'mcp', timeoutMs: timeout('mcp', values.timeout as string | undefined) };
    }
    case 'test': {
      const { values, positionals } = parse('test', ours, {
        junit: { type: 'string' },
        sarif: { type: 'string' },
        'update-snapshots': { type: 'boolean' },
        json: { type: 'boolean' },
        timeout: { type: 'string' },
        ...TARGET_OPTIONS,
      });
      // The files name their server; `-- CMD` or `--url URL` overrides it for every file.
      const override = server !== undefined || values.url !== undefined ? target('test', values, server, []) : undefined;
      if (!override) {
        rejectRemoteFlags('test', values as TargetValues);
        if (values['client-profile'] !== undefined) throw new UsageError('test: --client-profile goes with -- CMD or --url (the server that overrides the files\' own)');
      }
      return {
        name: 'test',
        files: positionals,
        ...(values.junit !== undefined ? { junit: nonEmpty('test', '--junit', values.junit as string) } : {}),
        ...(values.sarif !== undefined ? { sarif: nonEmpty('test', '--sarif', values.sarif as string) } : {}),
        updateSnapshots: values['update-snapshots'] === true,
        json: values.json === true,
        timeoutMs: timeout('test', values.timeout as string | undefined, signsIn(values)),
        ...(override ? { server: override } : {}),
      };
    }
    case 'eval':
      return evalArgs(ours, server);
    case 'diff': {
      const { values, positionals } = parse('diff', ours, { json: { type: 'boolean' }, 'fail-on': { type: 'string' }, timeout: { type: 'string' }, ...TARGET_OPTIONS });
      const failOn = (values['fail-on'] as string | undefined) ?? 'breaking';
      if (failOn !== 'breaking' && failOn !== 'any' && failOn !== 'never') throw new UsageError(`diff: --fail-on takes breaking, any or never, got ${JSON.stringify(failOn)}`);
      const json = values.json === true;
      // `diff OLD -- CMD` / `diff OLD --url URL`: the NEW side is the live server, listed now.
      if (server !== undefined || values.url !== undefined) {
        if (positionals.length !== 1) throw new UsageError('diff: with a live server (-- CMD or --url URL) give only OLD, the check --json report or trace to compare it with');
        return { name: 'diff', json, failOn, old: positionals[0], new: target('diff', values, server, []), timeoutMs: timeout('diff', values.timeout as string | undefined, signsIn(values)) };
      }
      rejectRemoteFlags('diff', values as TargetValues);
      if (values['client-profile'] !== undefined) throw new UsageError('diff: --client-profile goes with a live server (-- CMD or --url URL)');
      if (positionals.length !== 2) throw new UsageError('diff: expects OLD and NEW (check --json reports or trace files), or OLD and a live server: OLD --url URL or OLD -- CMD');
      return { name: 'diff', json, failOn, old: positionals[0], new: positionals[1], timeoutMs: timeout('diff', values.timeout as string | undefined) };
    }
    case 'replay': {
      const { values, positionals } = parse('replay', ours, { json: { type: 'boolean' }, timeout: { type: 'string' }, ...TARGET_OPTIONS });
      const [trace, ...more] = positionals;
      if (trace === undefined || trace === '') throw new UsageError('replay: missing the TRACE file (mcp-lens replay TRACE -- CMD)');
      if (server === undefined && values.url === undefined) throw new UsageError('replay: missing -- before the rebuilt server\'s command (or --url URL)');
      return { name: 'replay', json: values.json === true, timeoutMs: timeout('replay', values.timeout as string | undefined, signsIn(values)), trace, server: target('replay', values, server, more) };
    }
    case 'logout': {
      if (server !== undefined) throw new UsageError('logout: takes the server URL, not a server command');
      const { positionals } = parse('logout', ours, {});
      if (positionals.length !== 1 || positionals[0] === '') throw new UsageError('logout: expects exactly one server URL (the --url the tokens were cached for)');
      return { name: 'logout', url: positionals[0] };
    }
    case 'watch':
      return watchArgs(ours, server);
    case 'fuzz':
      return fuzzArgs(ours, server);
    case 'load':
      return loadArgs(ours, server);
    default:
      throw new UsageError(`unknown command ${JSON.stringify(command)}`);
  }
}
