import type { CommandSpec } from '../cliParser';
import { JSON_OPTION } from '../outputFlags';
import { requireServer, target, TARGET_OPTIONS, type ServerTarget } from '../serverTarget';
import { signsIn, timeout, TIMEOUT_OPTION } from '../timeoutFlag';
import { SERVER } from '../usageBlocks';
import { UsageError } from '../usageError';

/** `mcp-lens replay`: its arguments, options and usage. */

export interface ReplayArgs {
  name: 'replay';
  json: boolean;
  timeoutMs: number;
  trace: string;
  server: ServerTarget;
}

export const REPLAY_COMMAND: CommandSpec<ReplayArgs> = {
  usage: `Usage: mcp-lens replay TRACE [--json] [--timeout MS] SERVER

Send a recorded trace's client requests (from mcp-lens record, or any trace) to SERVER,
a rebuilt server (-- CMD) or a remote one (--url URL), and report every response that
differs by path (ids, timestamps and _meta ignored).

  --json           print the differences as JSON
  --timeout MS     how long each request may take (default 30000)

${SERVER}

Exit codes: 0 the same answers, 1 a difference, 2 usage error.`,
  options: { ...JSON_OPTION, ...TIMEOUT_OPTION, ...TARGET_OPTIONS },
  build: ({ values, positionals, server }) => {
    const [trace, ...more] = positionals;
    if (trace === undefined || trace === '') throw new UsageError('replay: missing the TRACE file (mcp-lens replay TRACE -- CMD)');
    requireServer(values, server, "replay: missing -- before the rebuilt server's command (or --url URL)");
    return {
      name: 'replay',
      json: values.json === true,
      timeoutMs: timeout('replay', values.timeout as string | undefined, signsIn(values)),
      trace,
      server: target('replay', values, server, more),
    };
  },
};
