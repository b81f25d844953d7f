import { availableParallelism } from 'node:os';
import type { LoadResult } from '../../core/load/loadRun';
import { loadTool, type LoadReport } from '../../core/load/loadTool';
import type { ProcessSample } from '../../core/load/processSampler';
import type { LoadArgs } from './loadArgs';
import type { Output } from '../output';
import type { Style } from '../style';
import { version } from '../version';
import type { Diagnostic } from '../../core/diagnose/diagnostic';
import { failsOn } from '../failOn';
import { loadJunit, loadSarif } from '../testReports/loadReports';
import { writeFile } from 'node:fs/promises';
import { isRemote } from '../serverTarget';
import { runLines, serverEntryFile, serverName } from './fuzz';
import { describeError } from '../../core/session/errors';
import { createClient } from './session';
import { ignoreClosing } from '../../core/util/ignored';

/**
 * `mcp-lens load`: one session, `--concurrency` calls in flight on it, then latency
 * percentiles, throughput and errors by kind. Exit 1 when a threshold is crossed, a finding
 * across the run reaches --fail-on, the tool never succeeded, or the server could not be started.
 */
export async function runLoad(args: LoadArgs, io: Output): Promise<number> {
  const client = createClient(args.server, args.timeoutMs);
  let report: LoadReport;
  try {
    try {
      await client.connect();
    } catch (error) {
      io.err(`mcp-lens load: could not ${isRemote(args.server) ? 'connect to' : 'start'} the server: ${describeError(error)}`);
      return 1;
    }
    report = await loadTool(client, args.tool, args.toolArgs, args);
  } finally {
    await ignoreClosing(client.close());
  }
  const { result, samples, clientCpuPercent, limits, findings } = report;
  const failures = thresholdFailures(result, args);
  // Findings across the run (memory-growth, latency-growth) decide the exit code as any diagnostic does.
  const fails = (d: Diagnostic) => failsOn([d], args.failOn);
  const outcome = { tool: args.tool, failures, findings, fails };
  if (args.junit) await writeFile(args.junit, loadJunit(outcome, serverName(args)));
  if (args.sarif) await writeFile(args.sarif, `${JSON.stringify(loadSarif(outcome, version, serverEntryFile(args.server)), null, 2)}\n`);
  if (args.json) {
    io.out(
      JSON.stringify({
        tool: args.tool,
        concurrency: args.concurrency,
        ...result,
        server: { samples },
        client: { cpuPercent: clientCpuPercent },
        cores: availableParallelism(),
        limits,
        failures,
        findings,
      }),
    );
  } else {
    io.out(resultLines(args, result, samples, io.outStyle).join('\n'));
    if (findings.length) io.out(runLines(findings, io.outStyle).join('\n'));
    for (const l of limits) io.err(io.errStyle.yellow(`note: ${l}`));
    for (const f of failures) io.err(io.errStyle.red(`✗ ${f}`));
  }
  return failures.length || findings.some(fails) ? 1 : 0;
}

/** What each threshold says when crossed; a run where nothing succeeded fails whatever the thresholds. */
export function thresholdFailures(result: LoadResult, args: Pick<LoadArgs, 'failOverP99Ms' | 'failOverErrorRate'>): string[] {
  const out: string[] = [];
  if (result.ok === 0) out.push(`no call succeeded (${result.requests} made)`);
  if (args.failOverP99Ms !== undefined && result.latency.p99Ms > args.failOverP99Ms)
    out.push(`p99 ${result.latency.p99Ms} ms is over --fail-over-p99 ${args.failOverP99Ms} ms`);
  if (args.failOverErrorRate !== undefined && result.errorRate > args.failOverErrorRate)
    out.push(`error rate ${percent(result.errorRate)} is over --fail-over-error-rate ${percent(args.failOverErrorRate)}`);
  if (result.stoppedEarly) out.push(`the run stopped early: ${result.stoppedEarly}`);
  return out;
}

function resultLines(args: LoadArgs, r: LoadResult, samples: readonly ProcessSample[], s: Style): string[] {
  const errors = Object.entries(r.errors)
    .map(([kind, n]) => `${kind} ${n}`)
    .join(', ');
  const l = r.latency;
  const lines = [
    `${s.bold(args.tool)}: ${r.requests} calls in ${(r.durationMs / 1000).toFixed(1)} s at concurrency ${args.concurrency}${args.rate ? `, at most ${args.rate}/s` : ''}`,
    `  throughput  ${r.throughput} calls/s`,
    `  latency     min ${l.minMs} ms  p50 ${l.p50Ms} ms  p90 ${l.p90Ms} ms  p99 ${l.p99Ms} ms  max ${l.maxMs} ms`,
    `  errors      ${r.requests - r.ok ? s.red(`${r.requests - r.ok} (${percent(r.errorRate)}): ${errors}`) : s.green('0')}`,
  ];
  if (samples.length) {
    const peakCpu = Math.max(...samples.map((x) => x.cpuPercent));
    const peakRss = Math.max(...samples.map((x) => x.rssBytes));
    lines.push(`  server      CPU up to ${peakCpu}% of a core, memory up to ${(peakRss / 2 ** 20).toFixed(1)} MiB`);
  }
  return lines;
}

function percent(rate: number): string {
  return `${Math.round(rate * 10000) / 100}%`;
}
