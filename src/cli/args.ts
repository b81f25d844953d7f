import { parseArgs } from 'node:util';
import { serverTarget, TARGET_OPTIONS, type ServerCommand, type ServerTarget, type TargetValues } from './serverTarget';
import { ELICIT_OPTION, parseElicit } from './elicitFlag';
import type { ElicitAnswer } from '../core/session/elicitation';
import { UsageError } from './usage';

export type { ServerCommand, ServerTarget } from './serverTarget';
export interface CheckArgs {
  name: 'check';
  json: boolean;
  timeoutMs: number;
  server: ServerTarget;
}
export interface CallArgs {
  name: 'call';
  tool: string;
  toolArgs: Record<string, unknown>;
  /** How to answer the server's elicitations, in order (`--elicit`). */
  elicit: ElicitAnswer[];
  json: boolean;
  timeoutMs: number;
  server: ServerTarget;
}
export interface ReadArgs {
  name: 'read';
  uri: string;
  elicit: ElicitAnswer[];
  json: boolean;
  timeoutMs: number;
  server: ServerTarget;
}
export interface PromptArgs {
  name: 'prompt';
  prompt: string;
  promptArgs: Record<string, unknown>;
  elicit: ElicitAnswer[];
  json: boolean;
  timeoutMs: number;
  server: ServerTarget;
}
export interface RecordArgs {
  name: 'record';
  out: string;
  server: ServerCommand;
}
export interface LintArgs {
  name: 'lint';
  json: boolean;
  file: string;
}
export type CliArgs = CheckArgs | CallArgs | ReadArgs | PromptArgs | RecordArgs | LintArgs | { name: 'help' } | { name: 'version' };

const DEFAULT_TIMEOUT_MS = 30_000;

/** With --auth a request may wait for a person to sign in in a browser: five minutes, unless --timeout says otherwise. */
const SIGN_IN_TIMEOUT_MS = 300_000;

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

function timeout(command: string, value: string | undefined, signIn = false): number {
  if (value === undefined) return signIn ? SIGN_IN_TIMEOUT_MS : DEFAULT_TIMEOUT_MS;
  const ms = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(ms) || ms <= 0) {
    throw new UsageError(`${command}: --timeout takes a positive number of milliseconds, got ${JSON.stringify(value)}`);
  }
  return ms;
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

/** `--auth` or a client flag: the first request may wait for the person's sign-in. */
function signsIn(values: Record<string, unknown>): boolean {
  return values.auth === true || values['client-id'] !== undefined || values['client-metadata-url'] !== undefined;
}

/** `--url …` or the server command: see serverTarget. */
function target(command: string, values: Record<string, unknown>, server: string[] | undefined, bare: string[]): ServerTarget {
  return serverTarget(command, values as TargetValues, server, bare, () => serverCommand(command, server, bare));
}

export function parseCli(argv: readonly string[]): CliArgs {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') return { name: 'help' };
  if (command === '--version' || command === '-v') return { name: 'version' };
  const { ours, server } = splitAtDashDash(rest);
  switch (command) {
    case 'check': {
      const { values, positionals } = parse('check', ours, { json: { type: 'boolean' }, timeout: { type: 'string' }, ...TARGET_OPTIONS });
      return {
        name: 'check',
        json: values.json === true,
        timeoutMs: timeout('check', values.timeout as string | undefined, signsIn(values)),
        server: target('check', values, server, positionals),
      };
    }
    case 'call': {
      const { values, positionals } = parse('call', ours, {
        args: { type: 'string' },
        json: { type: 'boolean' },
        timeout: { type: 'string' },
        ...TARGET_OPTIONS,
        ...ELICIT_OPTION,
      });
      const [tool, ...more] = positionals;
      if (tool === undefined || tool === '') throw new UsageError('call: missing the tool name (mcp-lens call TOOL --args JSON -- CMD)');
      if (server === undefined && values.url === undefined) throw new UsageError('call: missing -- before the server command');
      return {
        name: 'call',
        tool,
        toolArgs: toolArguments(values.args as string | undefined),
        elicit: parseElicit('call', values.elicit as string[] | undefined),
        json: values.json === true,
        timeoutMs: timeout('call', values.timeout as string | undefined, signsIn(values)),
        server: target('call', values, server, more),
      };
    }
    case 'read': {
      const { values, positionals } = parse('read', ours, { json: { type: 'boolean' }, timeout: { type: 'string' }, ...TARGET_OPTIONS, ...ELICIT_OPTION });
      const [uri, ...more] = positionals;
      if (uri === undefined || uri === '') throw new UsageError('read: missing the resource URI (mcp-lens read URI --url URL)');
      if (server === undefined && values.url === undefined) throw new UsageError('read: missing -- before the server command');
      return {
        name: 'read',
        uri,
        elicit: parseElicit('read', values.elicit as string[] | undefined),
        json: values.json === true,
        timeoutMs: timeout('read', values.timeout as string | undefined, signsIn(values)),
        server: target('read', values, server, more),
      };
    }
    case 'prompt': {
      const { values, positionals } = parse('prompt', ours, {
        args: { type: 'string' },
        json: { type: 'boolean' },
        timeout: { type: 'string' },
        ...TARGET_OPTIONS,
        ...ELICIT_OPTION,
      });
      const [prompt, ...more] = positionals;
      if (prompt === undefined || prompt === '') throw new UsageError('prompt: missing the prompt name (mcp-lens prompt NAME --args JSON --url URL)');
      if (server === undefined && values.url === undefined) throw new UsageError('prompt: missing -- before the server command');
      return {
        name: 'prompt',
        prompt,
        promptArgs: toolArguments(values.args as string | undefined, 'prompt'),
        elicit: parseElicit('prompt', values.elicit as string[] | undefined),
        json: values.json === true,
        timeoutMs: timeout('prompt', values.timeout as string | undefined, signsIn(values)),
        server: target('prompt', values, server, more),
      };
    }
    case 'record': {
      const { values, positionals } = parse('record', ours, { out: { type: 'string', short: 'o' } });
      const out = values.out as string | undefined;
      if (out === undefined || out === '') throw new UsageError('record: --out FILE is required');
      return { name: 'record', out, server: serverCommand('record', server, positionals) };
    }
    case 'lint': {
      if (server !== undefined) throw new UsageError('lint: takes a trace file, not a server command');
      const { values, positionals } = parse('lint', ours, { json: { type: 'boolean' } });
      if (positionals.length !== 1) throw new UsageError('lint: expects exactly one trace FILE');
      return { name: 'lint', json: values.json === true, file: positionals[0] };
    }
    default:
      throw new UsageError(`unknown command ${JSON.stringify(command)}`);
  }
}
