import type { McpClient } from '../session/client';
import type { Trace } from '../trace/trace';
import { isRequest } from '../wire/message';
import { recordOutcome, recordVerdict, type Probe, type ProbeContext, type ProbeId, type ProbeOutcome } from './probe';
import { ignoreClosing } from '../util/ignored';

/** Messages from the server during one probe past which it is taken for a flood and stopped. */
export const FLOOD_LIMIT = 5000;
/** A whole probe may take this many request timeouts. */
const PROBE_BUDGET_TIMEOUTS = 2;

export interface RunProbesOptions {
  client: McpClient;
  /** What listing found (ProbeContext.listed). */
  listed: ProbeContext['listed'];
  http?: ProbeContext['http'];
  legacyClient?: ProbeContext['legacyClient'];
  /** Bounds each of a probe's requests; twice this bounds the probe as a whole. */
  timeoutMs: number;
  /** Starts the server again (same trace, fresh ids) after a probe killed it; absent: the rest are skipped. */
  restart?: () => Promise<McpClient>;
}

export interface ProbesRun {
  outcomes: ProbeOutcome[];
  /** The seqs each probe that ran wrote and read (first and last, inclusive), for withoutProbeRefusals. */
  spans: ProbeSpan[];
  /** The client connected at the end: the one given, or the last restart. */
  client: McpClient;
}

/**
 * Runs the probes in order (DESIGN.md §9). Each gets one outcome event: skipped with its
 * reason, ran, or failed with why. A probe that hangs past the timeout, floods, or kills the
 * server is stopped and reported as probe-failed; a dead server is restarted and the rest go on.
 */
export async function runProbes(probes: readonly Probe[], options: RunProbesOptions): Promise<ProbesRun> {
  let client = options.client;
  const outcomes: ProbeOutcome[] = [];
  const spans: ProbeSpan[] = [];
  const outcome = (o: ProbeOutcome) => {
    outcomes.push(o);
    recordOutcome(client.trace, o);
  };
  let gone: string | undefined;
  for (const probe of probes) {
    const info = client.info;
    if (gone !== undefined || info === undefined) {
      outcome({ probe: probe.id, status: 'skipped', reason: gone ?? 'no session with the server' });
      continue;
    }
    const ctx: ProbeContext = {
      client,
      info,
      listed: options.listed,
      timeoutMs: options.timeoutMs,
      ...(options.http ? { http: options.http } : {}),
      ...(options.legacyClient ? { legacyClient: options.legacyClient } : {}),
    };
    const reason = probe.skip(ctx);
    if (reason !== undefined) {
      outcome({ probe: probe.id, status: 'skipped', reason });
      continue;
    }
    const from = client.trace.count + 1;
    const failure = await runBounded(probe, ctx);
    spans.push({ probe: probe.id, from, to: client.trace.count });
    if (failure === undefined) {
      outcome({ probe: probe.id, status: 'ran' });
      continue;
    }
    outcome({ probe: probe.id, status: 'failed', reason: failure.reason });
    if (!failure.died) continue;
    const restarted = await restartAfter(probe, client, options.restart);
    if (typeof restarted === 'string') gone = restarted;
    else client = restarted;
  }
  return { outcomes, spans, client };
}

export interface ProbeSpan {
  probe: ProbeId;
  from: number;
  to: number;
}

interface Failure {
  reason: string;
  died: boolean;
}

/** One probe under its bounds: the timeout for the whole probe, a message budget, the server's life. */
async function runBounded(probe: Probe, ctx: ProbeContext): Promise<Failure | undefined> {
  const trace = ctx.client.trace;
  const from = trace.count;
  const controller = new AbortController();
  let died = false;
  let messages = 0;
  let stop: (reason: string) => void = () => undefined;
  const stopped = new Promise<string>((resolve) => (stop = resolve));
  const end = (reason: string) => {
    controller.abort(new Error(reason));
    stop(reason);
  };
  const watchers = [
    ctx.client.onDidClose(() => {
      died = true;
      end('the server exited during the probe');
    }),
    trace.onEvent((e) => {
      if (e.dir === 's2c' && ++messages === FLOOD_LIMIT) end(`the server sent ${FLOOD_LIMIT} messages during the probe (a flood)`);
    }),
  ];
  // Each request is bounded by the timeout; the probe as a whole by twice that (a probe asks several things).
  const budgetMs = PROBE_BUDGET_TIMEOUTS * ctx.timeoutMs;
  const timer = setTimeout(() => end(`no end within ${budgetMs} ms`), budgetMs);
  timer.unref();
  try {
    const ran = probe.run({ ...ctx, signal: controller.signal }).then(
      () => undefined,
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    const reason = await Promise.race([ran, stopped]);
    if (reason === undefined) return undefined;
    // The exit explains a failed request better than the request's own error does.
    const why = died ? 'the server exited during the probe' : reason;
    recordVerdict(trace, probe.id, {
      rule: 'probe-failed',
      message: `the ${probe.id} probe (${probe.title}) did not finish: ${why}`,
      hint: died
        ? 'The server died answering a request a host may send: see its stderr and the exit cited.'
        : 'A host sends this request too; the server must answer it within the timeout without flooding the client.',
      evidence: failureEvidence(trace, from),
      ...(died ? { severity: 'error' as const } : {}),
    });
    return { reason: why, died };
  } finally {
    clearTimeout(timer);
    for (const w of watchers) w.dispose();
  }
}

/** The last request of the probe first (what killed or hung it), then the timeout or exit that proves it. */
function failureEvidence(trace: Trace, from: number): number[] {
  const events = trace.events.slice(Math.max(0, from - trace.evicted));
  const request = [...events].reverse().find((e) => e.dir === 'c2s' && isRequest(e.msg));
  const proof = events.find((e) => e.dir === 'meta' && (e.kind === 'exited' || e.kind === 'timeout'));
  return [request?.seq, proof?.seq].filter((s): s is number => s !== undefined);
}

/** A client connected to a fresh server process, or why the rest of the probes cannot run. */
async function restartAfter(probe: Probe, dead: McpClient, restart: RunProbesOptions['restart']): Promise<McpClient | string> {
  await ignoreClosing(dead.close());
  if (!restart) return `the server exited during the ${probe.id} probe`;
  dead.trace.append({
    dir: 'meta',
    kind: 'note',
    raw: `restarting the server: the ${probe.id} probe killed it; the other probes go on`,
    info: { restartAfter: probe.id },
  });
  try {
    return await restart();
  } catch (error) {
    return `the server could not be restarted after the ${probe.id} probe: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** The id after the highest numeric id the client has used in this trace: where a restarted client starts. */
export function nextRequestId(trace: Trace): number {
  let max = 0;
  for (const e of trace.events) if (e.dir === 'c2s' && isRequest(e.msg) && typeof e.msg.id === 'number' && e.msg.id > max) max = e.msg.id;
  return max + 1;
}
