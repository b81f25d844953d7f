/**
 * One load run of one tool on a connected server, as the CLI and the editor both run it: the
 * calls (each classified by how it ended), the server's CPU and memory sampled meanwhile, and
 * the honest limits of the figures. Starting and stopping the server stays with the caller.
 */
import { availableParallelism } from 'node:os';
import type { Diagnostic, RuleId } from '../diagnose/diagnostic';
import { diagnose } from '../diagnose/engine';
import { usageNote } from '../trace/usageNote';
import { ConnectionClosedError, ProtocolError, RequestTimeoutError, type McpClient } from '../session/client';
import { runLoad, type CallKind, type LoadOptions, type LoadResult } from './loadRun';
import { ProcessSampler, type ProcessSample } from './processSampler';

export interface LoadReport {
  result: LoadResult;
  /** The server's CPU and memory over the run; empty when they could not be read. */
  samples: ProcessSample[];
  /** Whether the server's process could be sampled at all. */
  sampled: boolean;
  /** MCP Lens's own CPU over the run, in % of one core. */
  clientCpuPercent: number;
  /** What limits the figures: the machine both sides share, a saturated side. */
  limits: string[];
  /** What the run showed of the server over time (memory-growth), citing the calls. */
  findings: Diagnostic[];
}

/** The rules that judge a whole run rather than one call. */
export const RUN_RULES: ReadonlySet<RuleId> = new Set(['memory-growth', 'latency-growth']);

export async function loadTool(client: McpClient, tool: string, args: Record<string, unknown>, options: LoadOptions): Promise<LoadReport> {
  const pid = client.pid;
  // Each reading goes into the trace too, between the calls: memory-growth judges them there.
  const sampler =
    pid !== undefined
      ? new ProcessSampler(pid, performance.now(), undefined, (r) => client.trace.append(usageNote({ pid, ...r })))
      : undefined;
  sampler?.start();
  const cpuBefore = process.cpuUsage();
  let result: LoadResult;
  try {
    result = await runLoad(() => callKind(client, tool, args), options);
  } finally {
    await sampler?.stop();
  }
  const used = process.cpuUsage(cpuBefore);
  const clientCpuPercent = result.durationMs > 0 ? Math.round(((used.user + used.system) / 1000 / result.durationMs) * 1000) / 10 : 0;
  const samples = sampler?.samples ?? [];
  const sampled = samples.length > 0;
  const findings = diagnose(client.trace.events).filter((d) => RUN_RULES.has(d.rule));
  const remote = 'url' in client.spec;
  return { result, samples, sampled, clientCpuPercent, limits: physicalLimits(clientCpuPercent, samples, sampled, remote), findings };
}

/** How one call ended, as the load report counts it. */
export async function callKind(client: McpClient, tool: string, args: Record<string, unknown>): Promise<CallKind> {
  try {
    const result = await client.callTool(tool, args);
    return result.isError === true ? 'tool-error' : 'ok';
  } catch (error) {
    if (error instanceof ProtocolError) return 'protocol-error';
    if (error instanceof RequestTimeoutError) return 'timeout';
    if (error instanceof ConnectionClosedError) return 'connection-closed';
    return 'other';
  }
}

/**
 * The honest limits of the figures: client and server share this machine's cores, and one
 * stdio pipe carries every message in order (a remote server: the network is in every
 * latency, and its process is not ours to sample). A client near a full core measured itself.
 */
export function physicalLimits(clientCpuPercent: number, samples: readonly ProcessSample[], sampled: boolean, remote = false): string[] {
  const cores = availableParallelism();
  const out = [
    remote
      ? "the server is remote (--url): every latency includes the network between this machine and the server, and the figures are of this client's connection, not of the server alone"
      : `client and server ran on this machine's ${cores} core${cores === 1 ? '' : 's'} over one stdio pipe: the figures are this machine's, not a deployment's`,
  ];
  if (clientCpuPercent >= 80)
    out.push(
      `MCP Lens itself used ${clientCpuPercent}% of a core: the client may have been the bottleneck; lower the concurrency or the rate`,
    );
  const busiest = Math.max(0, ...samples.map((s) => s.cpuPercent));
  if (busiest >= 90) out.push(`the server used ${busiest}% of a core at its busiest: a single-threaded server is saturated there`);
  if (remote) out.push("the server's CPU and memory are not sampled for a remote server: memory-growth is not judged");
  else if (!sampled) out.push("the server's CPU and memory could not be sampled (read from /proc on Linux, with pidusage elsewhere)");
  return out;
}
