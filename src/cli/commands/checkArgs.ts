import { PROBE_IDS, type ProbeId } from '../../core/probe/probe';
import type { CommandSpec } from '../cliParser';
import { SESSION_OPTIONS, sessionFlags, type SessionFlags } from '../sessionFlags';
import { EXIT_CODES, FAIL_ON, SERVER } from '../usageBlocks';
import { UsageError } from '../usageError';

/** `mcp-lens check`: its arguments, options and usage. */

export interface CheckArgs extends SessionFlags {
  name: 'check';
  /** The probes to run after listing (`--probes LIST`), every one when undefined, none with `--no-probes`. */
  probes: ProbeId[] | undefined;
}

export const CHECK_COMMAND: CommandSpec<CheckArgs> = {
  usage: `Usage: mcp-lens check [--json] [--timeout MS] [--fail-on LEVEL] [--probes LIST | --no-probes] SERVER

Start the server, probe its era (server/discover, else initialize), list every tool,
resource, template and prompt (all pages), then exercise it as a host does with safe
probes (ping, logging levels, completion, resource reads and an unknown URI, prompts,
subscriptions, both eras; never a tool call, never a write), validate every message
and print the trace, a summary, which probes ran or were skipped, and the diagnostics.

  --json           print one JSON report instead: {server, era, protocolVersion,
                   capabilities, tools, resources, prompts, probes, diagnostics, events}
  --timeout MS     how long each request (and each probe) may take (default 30000)
  --probes LIST    run only these probes, comma-separated: ${PROBE_IDS.join(', ')}
                   (default: every one; see docs/probes.md)
  --no-probes      list only, exercise nothing
${FAIL_ON}

${SERVER}

A server that cannot be started or reached exits 1 whatever --fail-on says.
${EXIT_CODES}`,
  options: { ...SESSION_OPTIONS, probes: { type: 'string' }, 'no-probes': { type: 'boolean' } },
  build: ({ values, positionals, server }) => ({
    name: 'check',
    ...sessionFlags('check', values, server, positionals),
    probes: probeList(values.probes as string | undefined, values['no-probes'] === true),
  }),
};

/** `--probes ping,logging` (ids of PROBE_IDS, checked), `--no-probes` (none), or neither (every probe). */
function probeList(value: string | undefined, none: boolean): ProbeId[] | undefined {
  if (none && value !== undefined) throw new UsageError('check: --probes and --no-probes contradict each other');
  if (none) return [];
  if (value === undefined) return undefined;
  const ids = value
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  if (ids.length === 0) throw new UsageError('check: --probes takes a comma-separated list of probe ids (or use --no-probes)');
  const unknown = ids.filter((id) => !(PROBE_IDS as readonly string[]).includes(id));
  if (unknown.length > 0)
    throw new UsageError(
      `check: unknown probe ${unknown.map((id) => JSON.stringify(id)).join(', ')}; the probes are ${PROBE_IDS.join(', ')}`,
    );
  return [...new Set(ids)] as ProbeId[];
}
