import { parseArgs } from 'node:util';
import { UsageError } from './usageError';

/**
 * The one option parser every command shares: a command declares its options and how its
 * typed arguments are built from them (a CommandSpec, next to its code); this file splits the
 * command line at `--` and reads the options, naming the command in every mistake.
 */

export type OptionSpec = Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>;

/** What parseArgs read for one command. */
export type OptionValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

export interface ParsedOptions {
  values: OptionValues;
  /** The bare words before any `--`. */
  positionals: string[];
  /** The words after the first `--` (a stdio server's command line), undefined when there is no `--`. */
  server: string[] | undefined;
}

/** One command: its usage, its options, and the typed arguments its runner takes. */
export interface CommandSpec<T> {
  /** Printed by `mcp-lens <command> --help`, `mcp-lens help <command>` and after a usage error. */
  usage: string;
  options: OptionSpec;
  /** For a command that takes no server command: the mistake said when one follows `--` (before its options are read). */
  refusesServerCommand?: string;
  /** Checks what was given and builds the runner's arguments (a UsageError for a mistake). */
  build(parsed: ParsedOptions): T;
}

/**
 * Everything after the first `--` is the server's command line, verbatim: the server's own
 * flags (`--port`, `-y`) must never be read as ours.
 */
export function splitAtDashDash(argv: readonly string[]): { ours: string[]; server: string[] | undefined } {
  const index = argv.indexOf('--');
  if (index < 0) return { ours: [...argv], server: undefined };
  return { ours: argv.slice(0, index), server: argv.slice(index + 1) };
}

/** Our words of the command line read against the command's options (strict: an unknown one is a mistake). */
export function parseOptions(command: string, argv: string[], options: OptionSpec): { values: OptionValues; positionals: string[] } {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    // parseArgs' own messages name the offending option; add which command it was for.
    const message = error instanceof Error ? error.message : String(error);
    throw new UsageError(`${command}: ${message}${/Unknown option/.test(message) ? ' (put the server command after --)' : ''}`);
  }
}
