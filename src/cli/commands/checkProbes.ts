import type { ProbeOutcome } from '../../core/probe/probe';
import type { ProbeSpan } from '../../core/probe/runProbes';
import { selectProbes } from '../../core/probe/registry';
import { nextRequestId, runProbes } from '../../core/probe/runProbes';
import type { McpClient } from '../../core/session/client';
import type { CheckArgs } from './checkArgs';
import { isRemote } from '../serverTarget';
import { summarize } from '../summary';
import { createClient } from './session';
import { ignoreClosing } from '../../core/util/ignored';

/**
 * check's probes after listing (DESIGN.md §9), on what listing found. A probe that kills the
 * server gets a fresh one on the same trace; the client left connected is returned for closing.
 */
export async function probeServer(
  client: McpClient,
  args: CheckArgs,
): Promise<{ outcomes: ProbeOutcome[]; spans: ProbeSpan[]; client: McpClient }> {
  const probes = selectProbes(args.probes);
  if (probes.length === 0) return { outcomes: [], spans: [], client };
  const s = summarize(client.trace.events);
  const server = args.server;
  const restart = async () => {
    const next = createClient(server, args.timeoutMs, undefined, { trace: client.trace, firstId: nextRequestId(client.trace) });
    try {
      await next.connect();
      return next;
    } catch (error) {
      await ignoreClosing(next.close());
      throw error;
    }
  };
  return runProbes(probes, {
    client,
    listed: { tools: s.tools, resources: s.resources, templates: s.resourceTemplates, prompts: s.prompts },
    timeoutMs: args.timeoutMs,
    ...(isRemote(server) ? { http: { url: server.url, headers: server.headers } } : {}),
    // A second sign-in is a person's time: with --auth the legacy side is asked only when the token is cached.
    ...(isRemote(server) && server.auth && !server.tokenCache
      ? {}
      : { legacyClient: () => createClient(server, args.timeoutMs, undefined, { modernVersions: [] }) }),
    restart,
  });
}
