import { parseArgs } from 'node:util';
import { UsageError } from './usage';

export interface ServerCommand {
  command: string;
  args: string[];
}
export interface CheckArgs {
  name: 'check';
  json: boolean;
  timeoutMs: number;
  server: ServerCommand;
}
export interface CallArgs {
  name: 'call';
  tool: string;
  toolArgs: Record<string, unknown>;
  json: boolean;
  timeoutMs: number;
  server: ServerCommand;
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
export interface TestArgs {
  name: 'test';
  /** Test files; none means every *.mcptest.json under the current folder. */
  files: string[];
  junit?: string;
  sarif?: string;
  updateSnapshots: boolean;
  json: boolean;
  timeoutMs: number;
  /** Runs every file against this server instead of the one it names. */
  server?: ServerCommand;
}
export type FailOn = 'breaking' | 'any' | 'never';
export interface DiffArgs {
  name: 'diff';
  json: boolean;
  failOn: FailOn;
  old: string;
  new: string;
}
export interface ReplayArgs {
  name: 'replay';
  json: boolean;
  timeoutMs: number;
  trace: string;
  server: ServerCommand;
}
export type CliArgs = CheckArgs | CallArgs | RecordArgs | LintArgs | TestArgs | DiffArgs | ReplayArgs | { name: 'help' } | { name: 'version' };

const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Everything after the first `--` is the server's command line, verbatim: the server's own
 * flags (`--port`, `-y`) must never be read as ours.
 */
function splitAtDashDash(argv: readonly string[]): { ours: string[]; server: string[] | undefined } {
  const index = argv.indexOf('--');
  if (index < 0) return { ours: [...argv], server: undefined };
  return { ours: argv.slice(0, index), server: argv.slice(index + 1) };
}

type OptionSpec = Record<string, { type: 'string' | 'boolean'; short?: string }>;

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

function timeout(command: string, value: string | undefined): number {
  if (value === undefined) return DEFAULT_TIMEOUT_MS;
  const ms = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(ms) || ms <= 0) {
    throw new UsageError(`${command}: --timeout takes a positive number of milliseconds, got ${JSON.stringify(value)}`);
  }
  return ms;
}

function toolArguments(value: string | undefined): Record<string, unknown> {
  if (value === undefined) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch (error) {
    throw new UsageError(`call: --args is not valid JSON: ${(error as Error).message}`);
  }
  // tools/call "arguments" is an object (schema: { [key: string]: unknown }).
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new UsageError('call: --args must be a JSON object, e.g. --args \'{"city":"Paris"}\'');
  }
  return parsed as Record<string, unknown>;
}

function nonEmpty(command: string, option: string, value: string): string {
  if (value === '') throw new UsageError(`${command}: ${option} needs a FILE`);
  return value;
}

export function parseCli(argv: readonly string[]): CliArgs {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') return { name: 'help' };
  if (command === '--version' || command === '-v') return { name: 'version' };
  const { ours, server } = splitAtDashDash(rest);
  switch (command) {
    case 'check': {
      const { values, positionals } = parse('check', ours, { json: { type: 'boolean' }, timeout: { type: 'string' } });
      return {
        name: 'check',
        json: values.json === true,
        timeoutMs: timeout('check', values.timeout as string | undefined),
        server: serverCommand('check', server, positionals),
      };
    }
    case 'call': {
      const { values, positionals } = parse('call', ours, {
        args: { type: 'string' },
        json: { type: 'boolean' },
        timeout: { type: 'string' },
      });
      const [tool, ...more] = positionals;
      if (tool === undefined || tool === '') throw new UsageError('call: missing the tool name (mcp-lens call TOOL --args JSON -- CMD)');
      if (server === undefined) throw new UsageError('call: missing -- before the server command');
      return {
        name: 'call',
        tool,
        toolArgs: toolArguments(values.args as string | undefined),
        json: values.json === true,
        timeoutMs: timeout('call', values.timeout as string | undefined),
        server: serverCommand('call', server, more),
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
    case 'test': {
      const { values, positionals } = parse('test', ours, {
        junit: { type: 'string' },
        sarif: { type: 'string' },
        'update-snapshots': { type: 'boolean' },
        json: { type: 'boolean' },
        timeout: { type: 'string' },
      });
      return {
        name: 'test',
        files: positionals,
        ...(values.junit !== undefined ? { junit: nonEmpty('test', '--junit', values.junit as string) } : {}),
        ...(values.sarif !== undefined ? { sarif: nonEmpty('test', '--sarif', values.sarif as string) } : {}),
        updateSnapshots: values['update-snapshots'] === true,
        json: values.json === true,
        timeoutMs: timeout('test', values.timeout as string | undefined),
        ...(server !== undefined ? { server: serverCommand('test', server, []) } : {}),
      };
    }
    case 'diff': {
      if (server !== undefined) throw new UsageError('diff: compares two reports or traces, not a server command');
      const { values, positionals } = parse('diff', ours, { json: { type: 'boolean' }, 'fail-on': { type: 'string' } });
      const failOn = (values['fail-on'] as string | undefined) ?? 'breaking';
      if (failOn !== 'breaking' && failOn !== 'any' && failOn !== 'never') throw new UsageError(`diff: --fail-on takes breaking, any or never, got ${JSON.stringify(failOn)}`);
      if (positionals.length !== 2) throw new UsageError('diff: expects OLD and NEW (check --json reports or trace files)');
      return { name: 'diff', json: values.json === true, failOn, old: positionals[0], new: positionals[1] };
    }
    case 'replay': {
      const { values, positionals } = parse('replay', ours, { json: { type: 'boolean' }, timeout: { type: 'string' } });
      const [trace, ...more] = positionals;
      if (trace === undefined || trace === '') throw new UsageError('replay: missing the TRACE file (mcp-lens replay TRACE -- CMD)');
      if (server === undefined) throw new UsageError('replay: missing -- before the rebuilt server\'s command');
      return { name: 'replay', json: values.json === true, timeoutMs: timeout('replay', values.timeout as string | undefined), trace, server: serverCommand('replay', server, more) };
    }
    default:
      throw new UsageError(`unknown command ${JSON.stringify(command)}`);
  }
}
