import type { CommandSpec } from '../cliParser';
import { count, positive } from '../flagValues';
import { requireServer } from '../serverTarget';
import { SESSION_OPTIONS, sessionFlags, type SessionFlags } from '../sessionFlags';
import { EXIT_CODES, FAIL_ON, SERVER } from '../usageBlocks';
import { UsageError } from '../usageError';

/** `mcp-lens watch`: list changes and resource updates as they come. */
export interface WatchArgs extends SessionFlags {
  name: 'watch';
  /** URIs to watch (resources/updated). */
  resources: string[];
  /** Also the list_changed notifications (the default when no --resource is given). */
  lists: boolean;
  /** Stop after this many notifications. */
  count?: number;
  /** Stop after this long. */
  durationMs?: number;
}

export const WATCH_COMMAND: CommandSpec<WatchArgs> = {
  usage: `Usage: mcp-lens watch [--resource URI]… [--lists] [--count N] [--duration S] [--json] [--timeout MS] [--fail-on LEVEL] SERVER

Print the server's list changes (tools, prompts, resources list_changed) and resource
updates (resources/updated) as they arrive, until Ctrl-C, --count or --duration. A
2026-07-28 server is asked on one subscriptions/listen stream (it sends nothing it was not
asked for); what its acknowledgement leaves out is said. A legacy server is sent
resources/subscribe for each URI (it declares resources.subscribe), and sends list_changed
unasked. At the end the stream is cancelled (notifications/cancelled) or each URI
unsubscribed, and the server is stopped (a Ctrl-C meanwhile kills it at once).

  --resource URI   watch this resource (repeatable)
  --lists          watch the lists too (the default when no --resource is given); on
                   2026-07-28 only the lists the server declares listChanged for
  --count N        stop after N notifications
  --duration S     stop after S seconds
  --json           one JSON line per notification ({type: "notification", at, method, uri?,
                   seq}), then one {type: "end", how, notifications, …the check --json report}
  --timeout MS     how long each request (and the stream's acknowledgement) may take
                   (default 30000)
${FAIL_ON}

${SERVER}

A watch the server ends (its stream, or its process) is said; a server that exits makes
the exit code 1.
${EXIT_CODES}`,
  options: {
    resource: { type: 'string', multiple: true },
    lists: { type: 'boolean' },
    count: { type: 'string' },
    duration: { type: 'string' },
    ...SESSION_OPTIONS,
  },
  build: ({ values, positionals, server }) => {
    requireServer(values, server, 'watch: missing -- before the server command');
    const resources = (values.resource as string[] | undefined) ?? [];
    if (resources.some((u) => u === '')) throw new UsageError('watch: --resource takes a URI');
    const most = count('watch', '--count', values.count as string | undefined);
    const duration = positive('watch', '--duration', values.duration as string | undefined);
    return {
      name: 'watch',
      resources,
      lists: values.lists === true || resources.length === 0,
      ...(most !== undefined ? { count: most } : {}),
      ...(duration !== undefined ? { durationMs: duration * 1000 } : {}),
      ...sessionFlags('watch', values, server, positionals),
    };
  },
};
