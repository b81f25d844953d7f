import type { CommandSpec } from '../cliParser';
import { JSON_OPTION } from '../outputFlags';
import { rejectRemoteFlags, target, TARGET_OPTIONS, type ServerTarget, type TargetValues } from '../serverTarget';
import { signsIn, timeout, TIMEOUT_OPTION } from '../timeoutFlag';
import { SERVER } from '../usageBlocks';
import { UsageError } from '../usageError';

/** `mcp-lens diff`: its arguments, options and usage. */

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

export const DIFF_COMMAND: CommandSpec<DiffArgs> = {
  usage: `Usage: mcp-lens diff [--json] [--fail-on breaking|any|never] OLD NEW
       mcp-lens diff [--json] [--fail-on breaking|any|never] [--timeout MS] OLD SERVER

The interface diff of two servers' tools, resources, templates and prompts. OLD and NEW
are check --json reports or trace files; in the second form NEW is the live SERVER,
listed now as check lists it (e.g. the released report against the server you are
building, or against the deployed one with --url). Each change is classified breaking
(a tool removed, an input field newly required, a type narrowed, an enum value removed,
an output schema that promises less) or not (a new tool, an optional field).

  --json               print the changes as JSON
  --fail-on LEVEL      breaking (default): exit 1 on a breaking change; any: on any change;
                       never: report only
  --timeout MS         with SERVER: how long each request may take (default 30000)

${SERVER}

Exit codes: 0 no change at or above --fail-on, 1 one, 2 usage error, an input that cannot
be read or a SERVER that cannot be listed.`,
  options: { ...JSON_OPTION, 'fail-on': { type: 'string' }, ...TIMEOUT_OPTION, ...TARGET_OPTIONS },
  build: ({ values, positionals, server }) => {
    const failOn = (values['fail-on'] as string | undefined) ?? 'breaking';
    if (failOn !== 'breaking' && failOn !== 'any' && failOn !== 'never')
      throw new UsageError(`diff: --fail-on takes breaking, any or never, got ${JSON.stringify(failOn)}`);
    const json = values.json === true;
    // `diff OLD -- CMD` / `diff OLD --url URL`: the NEW side is the live server, listed now.
    if (server !== undefined || values.url !== undefined) {
      if (positionals.length !== 1)
        throw new UsageError(
          'diff: with a live server (-- CMD or --url URL) give only OLD, the check --json report or trace to compare it with',
        );
      return {
        name: 'diff',
        json,
        failOn,
        old: positionals[0],
        new: target('diff', values, server, []),
        timeoutMs: timeout('diff', values.timeout as string | undefined, signsIn(values)),
      };
    }
    rejectRemoteFlags('diff', values as TargetValues);
    if (values['client-profile'] !== undefined)
      throw new UsageError('diff: --client-profile goes with a live server (-- CMD or --url URL)');
    if (positionals.length !== 2)
      throw new UsageError(
        'diff: expects OLD and NEW (check --json reports or trace files), or OLD and a live server: OLD --url URL or OLD -- CMD',
      );
    return {
      name: 'diff',
      json,
      failOn,
      old: positionals[0],
      new: positionals[1],
      timeoutMs: timeout('diff', values.timeout as string | undefined),
    };
  },
};
