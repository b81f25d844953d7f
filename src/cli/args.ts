import { splitAtDashDash, parseOptions } from './cliParser';
import { commandSpec, type CommandArgs } from './commandTable';
import { UsageError } from './usageError';

/**
 * The command line read into what a runner takes: the command's name picks its spec (its
 * options, declared beside its code), which the one shared parser reads.
 */

/** `command` set: that command's usage; absent: the overview. */
export interface HelpArgs {
  name: 'help';
  command?: string;
}
export type CliArgs = CommandArgs | HelpArgs | { name: 'version' };

export function parseCli(argv: readonly string[]): CliArgs {
  const [command, ...rest] = argv;
  if (command === '--version' || command === '-v') return { name: 'version' };
  const { ours, server } = splitAtDashDash(rest);
  const help = helpRequest(command, rest, ours);
  if (help) return help;
  const spec = commandSpec(command);
  if (spec === undefined) throw new UsageError(`unknown command ${JSON.stringify(command)}`);
  if (server !== undefined && spec.refusesServerCommand !== undefined) throw new UsageError(spec.refusesServerCommand);
  const { values, positionals } = parseOptions(command, ours, spec.options);
  return spec.build({ values, positionals, server });
}

/** `help [COMMAND]`, or `COMMAND --help` / `-h` before any `--` (after it, the flag is the server's). */
function helpRequest(command: string | undefined, rest: readonly string[], ours: readonly string[]): HelpArgs | undefined {
  if (command === undefined || command === '--help' || command === '-h') return { name: 'help' };
  if (command === 'help') {
    const [topic, ...extra] = rest;
    if (topic === undefined) return { name: 'help' };
    if (extra.length > 0 || commandSpec(topic) === undefined)
      throw new UsageError(`help: unknown command ${JSON.stringify([topic, ...extra].join(' '))}`);
    return { name: 'help', command: topic };
  }
  if (commandSpec(command) !== undefined && ours.some((word) => word === '--help' || word === '-h')) return { name: 'help', command };
  return undefined;
}
