import { PROBES } from '../core/probe/registry';
import { recordOutcome, type ProbeOutcome } from '../core/probe/probe';
import { runProbes } from '../core/probe/runProbes';
import type { McpClient } from '../core/session/client';
import type { Log } from './log';
import type { ServerEntry } from './serverEntry';

export interface ProbeOnStartOptions {
  http?: { url: string; headers: Record<string, string> };
  timeoutMs: number;
  log: Log;
  /** Starts the server again, without probes, after a probe killed it; the rest of the probes go on. */
  restart: () => Promise<McpClient>;
}

export interface ProbesAfterStart {
  outcomes: ProbeOutcome[];
  /** The client connected at the end: the one given, or the one a restart brought up. */
  client: McpClient;
}

/**
 * The probes `mcp-lens check` runs (DESIGN.md §9), run once after a Start has listed everything
 * (mcpLens.probes.onStart). Their verdicts are trace events, so the live diagnostics put them in
 * the stderr panel and Problems like any other finding; the Servers view lists each probe's fate.
 * The editor keeps one process per server: the second-era connection is check's alone.
 */
export async function probeOnStart(entry: ServerEntry, client: McpClient, options: ProbeOnStartOptions): Promise<ProbesAfterStart> {
  const info = client.info;
  if (!info) return { outcomes: [], client };
  const resources = itemsOf(entry, 'resources');
  const session = entry.session?.trace === client.trace ? entry.session : undefined;
  session?.beginProbes();
  try {
    const run = await runProbes(
      PROBES.filter((p) => p.id !== 'legacy-era'),
      {
        client,
        listed: {
          tools: itemsOf(entry, 'tools'),
          resources: resources.filter((r) => typeof r.uri === 'string'),
          templates: resources.filter((r) => typeof r.uriTemplate === 'string'),
          prompts: itemsOf(entry, 'prompts'),
        },
        timeoutMs: options.timeoutMs,
        ...(options.http ? { http: options.http } : {}),
        restart: options.restart,
      },
    );
    const reason =
      info.era === 'modern'
        ? 'the editor keeps one process per server: mcp-lens check compares both eras'
        : 'the session is 2025-era already';
    const secondEra: ProbeOutcome = { probe: 'legacy-era', status: 'skipped', reason };
    recordOutcome(client.trace, secondEra);
    return { outcomes: [...run.outcomes, secondEra], client: run.client };
  } catch (error) {
    options.log.error(`[${entry.name}] the probes after Start failed`, error);
    return { outcomes: [], client };
  } finally {
    session?.endProbes();
    // A restart after a probe killed the server gave it a new session (ServerRegistry's restart).
    entry.session?.endProbes();
  }
}

function itemsOf(entry: ServerEntry, kind: 'tools' | 'resources' | 'prompts'): Record<string, unknown>[] {
  const list = entry.lists[kind];
  return list && 'items' in list ? list.items : [];
}
