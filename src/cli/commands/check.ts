import { diagnose } from '../../core/diagnose/engine';
import { ProtocolError } from '../../core/session/client';
import type { Diagnostic } from '../../core/diagnose/diagnostic';
import type { TraceEvent } from '../../core/trace/event';
import { isRequest, isResponse } from '../../core/wire/message';
import type { CheckArgs } from '../args';
import { diagnosticLines, hasError } from '../diagnosticLines';
import type { Output } from '../output';
import { buildReport } from '../report';
import { summarize } from '../summary';
import { summaryLines } from '../summaryLines';
import { TraceLines, traceLines } from '../traceLines';
import { createClient, describeError, isFatal } from './session';

const LIST_METHODS = ['tools/list', 'resources/list', 'resources/templates/list', 'prompts/list'] as const;

/**
 * `mcp-lens check`: connect (era probe + handshake), list everything, read one resource,
 * close, then judge the whole trace. Every list is asked for even when its capability is
 * missing, so "no tools" and "tools registered but capability not declared" differ.
 */
export async function runCheck(args: CheckArgs, io: Output): Promise<number> {
  const client = createClient(args.server, args.timeoutMs);
  const live = args.json ? undefined : new TraceLines(io.outStyle);
  const listening = live ? client.trace.onEvent((e) => io.out(live.line(e))) : undefined;
  const failures: string[] = [];
  try {
    await client.connect();
    await listEverything(client, failures);
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
  const failed = hasError(diagnostics) || failures.some((f) => f.startsWith('connect:'));
  if (args.json) {
    io.out(JSON.stringify(buildReport(args.server, events, diagnostics)));
  } else {
    const s = io.outStyle;
    // The diagnostics explain a failure better than the client's one-line error does.
    if (!hasError(diagnostics)) for (const failure of failures) io.out(s.red(`  ${failure}`));
    io.out('');
    io.out(summaryLines(summarize(events), s).join('\n'));
    io.out('');
    io.out(diagnosticLines(diagnostics, s, traceLines(events, s)).join('\n'));
  }
  return failed ? 1 : 0;
}

async function listEverything(client: ReturnType<typeof createClient>, failures: string[]): Promise<void> {
  let resources: Record<string, unknown>[] = [];
  for (const method of LIST_METHODS) {
    try {
      const items = await client.listAll(method);
      if (method === 'resources/list') resources = items;
    } catch (error) {
      // A -32601 here is an answer (the server has none), not a failure of the check.
      if (!(error instanceof ProtocolError)) failures.push(`${method}: ${describeError(error)}`);
      if (isFatal(error)) return;
    }
  }
  // Reading one listed resource exercises resources/read, where an undeclared capability shows.
  const first = resources.find((r) => typeof r.uri === 'string');
  if (first === undefined) return;
  try {
    await client.request('resources/read', { uri: first.uri });
  } catch (error) {
    if (!(error instanceof ProtocolError)) failures.push(`resources/read: ${describeError(error)}`);
  }
}

/**
 * check asks for every list on purpose, declared or not. A -32601 to a list whose capability
 * was never declared is the server being consistent ("no prompts"), not a fault: only the
 * opposite case (items listed, capability missing) is reported, as capability-not-declared.
 */
function withoutProbeAnswers(diagnostics: Diagnostic[], events: readonly TraceEvent[]): Diagnostic[] {
  const bySeq = new Map(events.map((e) => [e.seq, e]));
  const listIds = new Set(
    events.filter((e) => e.dir === 'c2s' && isRequest(e.msg) && (LIST_METHODS as readonly string[]).includes(e.msg.method)).map((e) => String((e.msg as { id: unknown }).id)),
  );
  return diagnostics.filter((d) => {
    if (d.rule !== 'undeclared-capability') return true;
    const answer = bySeq.get(d.evidence[d.evidence.length - 1]);
    const msg = answer?.dir === 's2c' ? answer.msg : undefined;
    return !(isResponse(msg) && msg.error?.code === -32601 && listIds.has(String(msg.id)));
  });
}
