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
  /** Optional with --watch (the hot-reload proxy then writes no trace). */
  out: string | undefined;
  /** Globs whose changes restart the server (the hot-reload proxy); empty for a plain recording. */
  watch: string[];
  server: ServerCommand;
}
export interface LintArgs {
  name: 'lint';
  json: boolean;
  file: string;
}
export interface McpArgs {
  name: 'mcp';
  help: boolean;
  timeoutMs: number;
}
export type CliArgs = CheckArgs | CallArgs | RecordArgs | LintArgs | McpArgs | { name: 'help' } | { name: 'version' };

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
      const { values, positionals } = parse('record', ours, { out: { type: 'string', short: 'o' }, watch: { type: 'string', multiple: true } });
      const out = values.out as string | undefined;
      const watch = (values.watch as string[] | undefined) ?? [];
      if (watch.some((glob) => glob === '')) throw new UsageError('record: --watch takes a glob, e.g. --watch "src/**/*.ts"');
      if (watch.length === 0 && (out === undefined || out === '')) throw new UsageError('record: --out FILE is required (or --watch GLOB for the hot-reload proxy)');
      if (out === '') throw new UsageError('record: --out takes a file name');
      return { name: 'record', out, watch, server: serverCommand('record', server, positionals) };
    }
    case 'lint': {
      if (server !== undefined) throw new UsageError('lint: takes a trace file, not a server command');
      const { values, positionals } = parse('lint', ours, { json: { type: 'boolean' } });
      if (positionals.length !== 1) throw new UsageError('lint: expects exactly one trace FILE');
      return { name: 'lint', json: values.json === true, file: positionals[0] };
    }
    case 'mcp': {
      if (server !== undefined) throw new UsageError('mcp: takes no server command (the agent starts servers with start_server)');
      const { values, positionals } = parse('mcp', ours, { help: { type: 'boolean', short: 'h' }, timeout: { type: 'string' } });
      if (positionals.length > 0) throw new UsageError(`mcp: unexpected argument ${JSON.stringify(positionals[0])}`);
      return { name: 'mcp', help: values.help === true, timeoutMs: timeout('mcp', values.timeout as string | undefined) };
    }
    default:
      throw new UsageError(`unknown command ${JSON.stringify(command)}`);
  }
}
