import type { Diagnostic } from '../diagnose/diagnostic';
import { ProtocolError, RequestTimeoutError, type McpClient } from '../session/client';
import type { TraceEvent } from '../trace/event';
import { isRequest, isResponse } from '../wire/message';
import { listSkills } from '../skills/listing';
import { skillsDeclaration } from '../skills/protocol';
import { describeError, isFatal } from '../session/errors';

const LISTS = {
  'tools/list': 'tools',
  'resources/list': 'resources',
  'resources/templates/list': 'resources',
  'prompts/list': 'prompts',
} as const;
type ListMethod = keyof typeof LISTS;

/** Legacy servers often ignore methods they lack; an undeclared list gets this long to answer. */
const UNDECLARED_WAIT_MS = 3000;

export interface ProbeOutcome {
  /** Things the user should know that are not faults of the server. */
  notes: string[];
  /** Failures of the check itself (the diagnostics explain them). */
  failures: string[];
}

/**
 * Asks for every list, declared or not, so that "no tools" and "tools registered but the
 * capability not declared" can be told apart; then (unless told not to) reads the first
 * listed resource, where an undeclared capability shows as -32601.
 */
export async function probeLists(
  client: McpClient,
  timeoutMs: number,
  options: { readFirstResource?: boolean } = {},
): Promise<ProbeOutcome> {
  const outcome: ProbeOutcome = { notes: [], failures: [] };
  const capabilities = client.info?.capabilities ?? {};
  let resources: Record<string, unknown>[] = [];
  let fatal = false;
  const list = async (method: ListMethod, declared: boolean): Promise<void> => {
    const wait = declared ? timeoutMs : Math.min(timeoutMs, UNDECLARED_WAIT_MS);
    try {
      const items = await client.listAll(method, { timeoutMs: wait, maxTimeoutMs: wait });
      if (method === 'resources/list') resources = items;
    } catch (error) {
      if (isFatal(error)) {
        if (!fatal) outcome.failures.push(`${method}: ${describeError(error)}`);
        fatal = true;
      } else if (!declared && error instanceof RequestTimeoutError) {
        outcome.notes.push(`${method}: no answer within ${wait} ms; "${LISTS[method]}" is not declared, so taken as not offered`);
      } else if (!(error instanceof ProtocolError)) {
        // A JSON-RPC error is an answer the diagnostics judge; anything else failed the check.
        outcome.failures.push(`${method}: ${describeError(error)}`);
      }
    }
  };
  const methods = Object.keys(LISTS) as ListMethod[];
  // Declared lists one after the other (a readable trace); the undeclared ones together, so
  // a server that ignores unknown methods costs one short wait, not one per list.
  for (const method of methods.filter((m) => LISTS[m] in capabilities)) {
    await list(method, true);
    if (fatal) return outcome;
  }
  await Promise.all(methods.filter((m) => !(LISTS[m] in capabilities)).map((m) => list(m, false)));
  // The Skills extension's listing, only once declared ("Clients issue skills/list and skills/get only after observing the server's declaration").
  if (skillsDeclaration(capabilities)) {
    try {
      await listSkills(client, { timeoutMs, maxTimeoutMs: timeoutMs });
    } catch (error) {
      if (isFatal(error)) return { ...outcome, failures: [...outcome.failures, `skills/list: ${describeError(error)}`] };
      // A JSON-RPC error is the skills probe's finding (skills-method-failed).
      if (!(error instanceof ProtocolError)) outcome.failures.push(`skills/list: ${describeError(error)}`);
    }
  }
  // check's resources-read probe reads every listed resource: then this one read is its.
  if (fatal || options.readFirstResource === false) return outcome;
  const first = resources.find((r) => typeof r.uri === 'string');
  if (first === undefined) return outcome;
  try {
    await client.request('resources/read', { uri: first.uri });
  } catch (error) {
    if (!(error instanceof ProtocolError)) outcome.failures.push(`resources/read: ${describeError(error)}`);
  }
  return outcome;
}

/**
 * The probes of undeclared lists are ours, on purpose. A server answering one with -32601,
 * or (legacy servers do) not at all, is consistent with what it declared: not reported.
 * The opposite case, items listed without the capability, stays: capability-not-declared.
 */
export function withoutProbeAnswers(diagnostics: Diagnostic[], events: readonly TraceEvent[]): Diagnostic[] {
  const capabilities = capabilitiesOf(events);
  if (capabilities === undefined) return diagnostics;
  const probeSeqs = new Set<number>();
  const probeIds = new Set<string>();
  for (const e of events) {
    if (e.dir !== 'c2s' || !isRequest(e.msg) || !(e.msg.method in LISTS)) continue;
    if (LISTS[e.msg.method as ListMethod] in capabilities) continue;
    probeSeqs.add(e.seq);
    probeIds.add(String(e.msg.id));
  }
  const bySeq = new Map(events.map((e) => [e.seq, e]));
  return diagnostics.filter((d) => {
    if (d.rule === 'timeout') return !d.evidence.some((seq) => probeSeqs.has(seq));
    if (d.rule === 'crashed') return !onlyProbesLostToCleanExit(d, bySeq, probeSeqs);
    if (d.rule !== 'undeclared-capability') return true;
    const answer = bySeq.get(d.evidence[d.evidence.length - 1]);
    const msg = answer?.dir === 's2c' ? answer.msg : undefined;
    return !(isResponse(msg) && msg.error?.code === -32601 && probeIds.has(String(msg.id)));
  });
}

/**
 * A server that ends cleanly on its own (code 0) once it has answered what it declared
 * loses only our probes of what it did not declare: that is no crash of its own.
 */
function onlyProbesLostToCleanExit(d: Diagnostic, bySeq: Map<number, TraceEvent>, probeSeqs: Set<number>): boolean {
  const cited = d.evidence.map((seq) => bySeq.get(seq));
  const requests = cited.filter((e) => e?.dir === 'c2s' && isRequest(e.msg));
  const exit = cited.find((e) => e?.dir === 'meta' && e.kind === 'exited');
  const clean = exit?.info?.code === 0 && (exit.info.signal ?? null) === null;
  return clean && requests.length > 0 && requests.every((e) => probeSeqs.has(e!.seq));
}

/** The capabilities the server declared (initialize result or DiscoverResult), from the trace. */
function capabilitiesOf(events: readonly TraceEvent[]): Record<string, unknown> | undefined {
  const asked = new Map<string, string>();
  for (const e of events) {
    if (e.dir === 'c2s' && isRequest(e.msg)) asked.set(String(e.msg.id), e.msg.method);
    if (e.dir !== 's2c' || !isResponse(e.msg)) continue;
    const method = asked.get(String(e.msg.id));
    const caps = e.msg.result?.capabilities;
    if ((method === 'initialize' || method === 'server/discover') && typeof caps === 'object' && caps !== null) {
      return caps as Record<string, unknown>;
    }
  }
  return undefined;
}
