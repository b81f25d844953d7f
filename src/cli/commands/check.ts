import { diagnose } from '../../core/diagnose/engine';
import type { CheckArgs } from '../args';
import { diagnosticLines, hasError } from '../diagnosticLines';
import { failsOn } from '../failOn';
import type { Output } from '../output';
import { buildReport } from '../report';
import { summarize } from '../summary';
import { summaryLines } from '../summaryLines';
import { TraceLines, traceLines } from '../traceLines';
import { probeLists, withoutProbeAnswers } from './listProbe';
import { createClient, describeError } from './session';

/**
 * `mcp-lens check`: connect (era probe + handshake), list everything (see probeLists),
 * close, then judge the whole trace and print it with the diagnostics.
 */
export async function runCheck(args: CheckArgs, io: Output): Promise<number> {
  const client = createClient(args.server, args.timeoutMs);
  const live = args.json ? undefined : new TraceLines(io.outStyle);
  const listening = live ? client.trace.onEvent((e) => io.out(live.line(e))) : undefined;
  const failures: string[] = [];
  const notes: string[] = [];
  try {
    await client.connect();
    const probed = await probeLists(client, args.timeoutMs);
    failures.push(...probed.failures);
    notes.push(...probed.notes);
  } catch (error) {
    // Spawn failures, early exits and probe timeouts are in the trace as meta events;
    // the diagnostics explain them. Keep the client's own words for the summary too.
    failures.push(`connect: ${describeError(error)}`);
  } finally {
    await client.close().catch((error: unknown) => failures.push(`close: ${describeError(error)}`));
    listening?.dispose();
  }
  const events = client.trace.events;
  const diagnostics = withoutProbeAnswers(diagnose(events), events);
  // A server that could not be reached fails the check whatever --fail-on says: nothing was checked.
  const failed = failsOn(diagnostics, args.failOn) || failures.some((f) => f.startsWith('connect:'));
  if (args.json) {
    io.out(JSON.stringify(buildReport(args.server, events, diagnostics)));
  } else {
    const s = io.outStyle;
    // The diagnostics explain a failure better than the client's one-line error does.
    if (!hasError(diagnostics)) for (const failure of failures) io.out(s.red(`  ${failure}`));
    for (const note of notes) io.out(s.dim(`  ${note}`));
    io.out('');
    io.out(summaryLines(summarize(events), s).join('\n'));
    io.out('');
    io.out(diagnosticLines(diagnostics, s, traceLines(events, s)).join('\n'));
  }
  return failed ? 1 : 0;
}
