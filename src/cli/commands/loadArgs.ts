import type { CommandSpec, OptionValues } from '../cliParser';
import { FAIL_ON_OPTION, parseFailOn, type FailOn } from '../failOn';
import { count, positive, toolArguments } from '../flagValues';
import { JSON_OPTION, REPORT_FILE_OPTIONS, reportFiles } from '../outputFlags';
import { requireServer, target, TARGET_OPTIONS, type ServerTarget } from '../serverTarget';
import { signsIn, timeout, TIMEOUT_OPTION } from '../timeoutFlag';
import { SERVER } from '../usageBlocks';
import { UsageError } from '../usageError';

/** `mcp-lens load`: its arguments, options and usage. */

export interface LoadArgs {
  name: 'load';
  tool: string;
  toolArgs: Record<string, unknown>;
  concurrency: number;
  /** Exactly one of requests and durationMs is set. */
  requests?: number;
  durationMs?: number;
  /** Calls started per second at most (absent: as fast as the concurrency allows). */
  rate?: number;
  failOverP99Ms?: number;
  failOverErrorRate?: number;
  /** Which findings across the run (memory-growth, latency-growth) make the exit code 1. */
  failOn: FailOn;
  junit?: string;
  sarif?: string;
  json: boolean;
  timeoutMs: number;
  server: ServerTarget;
}

export const LOAD_COMMAND: CommandSpec<LoadArgs> = {
  usage: `Usage: mcp-lens load TOOL [--args JSON] [--concurrency N] [--requests N | --duration S] [--rate R] [--fail-over-p99 MS] [--fail-over-error-rate X] [--fail-on LEVEL] [--junit FILE] [--sarif FILE] [--json] [--timeout MS] SERVER

Call TOOL with the same arguments, N calls in flight at once over one session, and print
throughput, latency (min, p50, p90, p99, max) and errors by kind, with the server's CPU and
memory. Client and server share this machine: the figures are this machine's. A remote
server (--url): the network is in every latency, and its CPU and memory are not sampled.

  --args JSON                the tool's arguments (default {})
  --concurrency N            calls in flight at once (default 10)
  --requests N               how many calls in all (default 100)
  --duration S               call for S seconds instead of a number of calls
  --rate R                   start at most R calls per second
  --fail-over-p99 MS         exit 1 when p99 latency is over MS
  --fail-over-error-rate X   exit 1 when the share of failed calls is over X (0.01 = 1%)
  --fail-on LEVEL            which findings across the run (memory-growth, latency-growth:
                             warnings) make the exit code 1: error (default), warning, never
  --junit FILE               write JUnit XML (the tool's thresholds, and one test case per
                             finding: a failure when it reaches --fail-on)
  --sarif FILE               write SARIF 2.1.0 (one result per threshold crossed and finding)
  --json                     print one JSON report (with the latency histogram and timeline)
  --timeout MS               how long each call may take (default 30000)

${SERVER}

Exit codes: 0 within the thresholds, 1 over one, a finding at or above --fail-on (or no call
succeeded), 2 usage error.`,
  options: {
    args: { type: 'string' },
    concurrency: { type: 'string' },
    requests: { type: 'string' },
    duration: { type: 'string' },
    rate: { type: 'string' },
    'fail-over-p99': { type: 'string' },
    'fail-over-error-rate': { type: 'string' },
    ...FAIL_ON_OPTION,
    ...REPORT_FILE_OPTIONS,
    ...JSON_OPTION,
    ...TIMEOUT_OPTION,
    ...TARGET_OPTIONS,
  },
  build: ({ values, positionals, server }) => {
    const [tool, ...more] = positionals;
    if (tool === undefined || tool === '') throw new UsageError('load: missing the tool name (mcp-lens load TOOL --args JSON -- CMD)');
    if (more.length > 0) throw new UsageError(`load: unexpected argument ${JSON.stringify(more[0])} before --`);
    requireServer(values, server, 'load: missing -- before the server command (or --url URL)');
    if (values.requests !== undefined && values.duration !== undefined)
      throw new UsageError('load: give --requests or --duration, not both');
    const duration = positive('load', '--duration', values.duration as string | undefined);
    const errorRate = failOverErrorRate(values);
    const rate = positive('load', '--rate', values.rate as string | undefined);
    const p99 = positive('load', '--fail-over-p99', values['fail-over-p99'] as string | undefined);
    return {
      name: 'load',
      tool,
      toolArgs: toolArguments(values.args as string | undefined, 'load'),
      concurrency: count('load', '--concurrency', values.concurrency as string | undefined, 10)!,
      ...(duration !== undefined
        ? { durationMs: duration * 1000 }
        : { requests: count('load', '--requests', values.requests as string | undefined, 100)! }),
      ...(rate !== undefined ? { rate } : {}),
      ...(p99 !== undefined ? { failOverP99Ms: p99 } : {}),
      ...(errorRate !== undefined ? { failOverErrorRate: errorRate } : {}),
      failOn: parseFailOn('load', values['fail-on'] as string | undefined),
      ...reportFiles('load', values),
      json: values.json === true,
      timeoutMs: timeout('load', values.timeout as string | undefined, signsIn(values)),
      server: target('load', values, server, []),
    };
  },
};

/** `--fail-over-error-rate X`: a fraction from 0 to 1. */
function failOverErrorRate(values: OptionValues): number | undefined {
  const raw = values['fail-over-error-rate'] as string | undefined;
  const errorRate = raw === undefined ? undefined : Number(raw);
  if (errorRate !== undefined && (raw!.trim() === '' || !(errorRate >= 0 && errorRate <= 1)))
    throw new UsageError(`load: --fail-over-error-rate is a fraction from 0 to 1 (0.01 = 1%), got ${JSON.stringify(raw)}`);
  return errorRate;
}
