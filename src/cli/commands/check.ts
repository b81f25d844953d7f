import { diagnose } from '../../core/diagnose/engine';
import type { ProbeOutcome } from '../../core/probe/probe';
import { withoutProbeRefusals } from '../../core/probe/refusals';
import type { ProbeSpan } from '../../core/probe/runProbes';
import type { CheckArgs } from './checkArgs';
import { diagnosticLines, hasError } from '../diagnosticLines';
import { failsOn } from '../failOn';
import type { Output } from '../output';
import { probeLines } from '../probeLines';
import { buildReport } from '../report';
import { summarize } from '../summary';
import { summaryLines } from '../summaryLines';
import { TraceLines, traceLines } from '../traceLines';
import { probeServer } from './checkProbes';
import { probeLists, withoutProbeAnswers } from '../../core/probe/listProbe';
import { describeError } from '../../core/session/errors';
import { createClient } from './session';

/**
 * `mcp-lens check`: connect (era probe + handshake), list everything (see probeLists), run
 * the probes (checkProbes), close, then judge the whole trace and print it with the diagnostics.
 */
export async function runCheck(args: CheckArgs, io: Output): Promise<number> {
  let client = createClient(args.server, args.timeoutMs);
  const trace = client.trace;
  const live = args.json ? undefined : new TraceLines(io.outStyle);
  const listening = live ? trace.onEvent((e) => io.out(live.line(e))) : undefined;
  const failures: string[] = [];
  const notes: string[] = [];
  let probes: ProbeOutcome[] | undefined;
  let spans: ProbeSpan[] = [];
  let connected = false;
  try {
    await client.connect();
    connected = true;
    // The resources-read probe reads every listed resource; without it, listing reads the first.
    const reads = args.probes === undefined || args.probes.includes('resources-read');
    const probed = await probeLists(client, args.timeoutMs, { readFirstResource: !reads });
    failures.push(...probed.failures);
    notes.push(...probed.notes);
    const ran = await probeServer(client, args);
    probes = ran.outcomes;
    spans = ran.spans;
    client = ran.client;
  } catch (error) {
    // Spawn failures, early exits and probe timeouts are in the trace as meta events;
    // the diagnostics explain them. Keep the client's own words for the summary too.
    failures.push(`${connected ? 'check' : 'connect'}: ${describeError(error)}`);
  } finally {
    await client.close().catch((error: unknown) => failures.push(`close: ${describeError(error)}`));
    listening?.dispose();
  }
  const events = trace.events;
  const diagnostics = withoutProbeRefusals(withoutProbeAnswers(diagnose(events), events), events, spans);
  const connectFailed = failures.some((f) => f.startsWith('connect:'));
  // A server that could not be reached fails the check whatever --fail-on says: nothing was checked.
  const failed = failsOn(diagnostics, args.failOn) || connectFailed;
  if (args.json) {
    io.out(JSON.stringify(buildReport(args.server, events, diagnostics, undefined, undefined, probes ?? [])));
  } else {
    const s = io.outStyle;
    // The diagnostics explain a failure better than the client's one-line error does.
    if (!hasError(diagnostics)) for (const failure of failures) io.out(s.red(`  ${failure}`));
    for (const note of notes) io.out(s.dim(`  ${note}`));
    io.out('');
    io.out(summaryLines(summarize(events), s).join('\n'));
    for (const line of probeLines(probes ?? [], s)) io.out(line);
    io.out('');
    // "No problems found" after a failed connection would say the server was checked: it was not.
    if (connectFailed && diagnostics.length === 0) io.out(s.red('Nothing was checked: no MCP session was established.'));
    else io.out(diagnosticLines(diagnostics, s, traceLines(events, s)).join('\n'));
  }
  return failed ? 1 : 0;
}
