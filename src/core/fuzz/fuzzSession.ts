/**
 * The running server a fuzz (or load) run talks to: one session at a time, started again after
 * the server crashed, or after a call hung and the server stayed stuck (a hung handler may
 * hold the event loop, so the next input would be judged against a server that cannot
 * answer). A hung call is cancelled (notifications/cancelled, by the client on its timeout);
 * a server that then answers a tools/list is alive and keeps its session. Each call's diagnostics come
 * from the catalogue's rules run over the session's handshake plus that call's own events.
 */
import { diagnose } from '../diagnose/engine';
import type { Diagnostic } from '../diagnose/diagnostic';
import {
  ConnectionClosedError,
  McpClient,
  ProtocolError,
  RequestTimeoutError,
  type ClientOptions,
  type HttpServerSpec,
  type ServerSpec,
} from '../session/client';
import { rootsFromPaths } from '../session/roots';
import type { TraceEvent } from '../trace/event';
import { usageNote } from '../trace/usageNote';
import { readUsage } from '../load/processSampler';
import { readCpuDemandMs } from '../load/cpuDemand';
import { FAULT_ONLY_FOR_VALID } from './classify';
import { sendWrongRetries } from './inputRetries';
import { RUN_RULES } from '../load/loadTool';
import { ignoreClosing } from '../util/ignored';

function runFindingsOf(client: McpClient): Diagnostic[] {
  return diagnose(client.trace.events).filter((d) => RUN_RULES.has(d.rule));
}

/** McpClient's own default request timeout. */
const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

/**
 * Starting the server, its handshake and its tool list are not calls: a cold start (npx, a
 * loaded machine) may take longer than a call may before it counts as hung, so a session's
 * requests wait at least this long; each call is given its own deadline.
 */
export const FUZZ_START_TIMEOUT_MS = DEFAULT_REQUEST_TIMEOUT_MS;

const FUZZ_DECLARES: Record<string, unknown> = Object.freeze({ elicitation: { form: {} }, sampling: {}, roots: {} });

const ignoreProgress = (): void => undefined;

/** The longest a stuck server gets to show it still answers before it is started again. */
const LIVENESS_MS = 1000;
/** Each of the two windows in which a server that answers is watched for CPU spent on a dropped call. */
const BUSY_WINDOW_MS = 300;
/**
 * The share of a window that counts as working: an idle server asks for next to nothing; a
 * working one asks for the whole window (running, or runnable and waiting for a core), or, where
 * only its CPU time is known, gets at least a part of a core on a loaded machine.
 */
const BUSY_SHARE = 0.1;

export type CallEnd = 'result' | 'protocol-error' | 'crashed' | 'hung' | 'failed';

export interface CallOutcome {
  end: CallEnd;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
  /** Set when the call did not end in an answer. */
  failure?: string;
  /** How long the call was allowed to wait. */
  timeoutMs?: number;
  durationMs: number;
  /** Diagnostics that cite this call's events (not the handshake's). */
  diagnostics: Diagnostic[];
}

export interface ListedTool {
  name: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
  annotations?: Record<string, unknown>;
  description?: string;
}

export class FuzzSession {
  private client: McpClient | undefined;
  private handshake: TraceEvent[] = [];
  private listed: ListedTool[] = [];
  /** How many times the server was started (1 for a run with no crash and no hang). */
  starts = 0;
  /** Every process id this run started: none may be left running when it ends. */
  readonly pids: number[] = [];
  /** Tools whose input_required answer got the wrong retries (inputRetries.ts). */
  private readonly retried = new Set<string>();
  /** Run-level findings (memory-growth) of the server processes that have ended. */
  private readonly judged: Diagnostic[] = [];

  private readonly options: ClientOptions;

  constructor(
    /** A stdio command, or an HTTP server: there each start is a new session on the same server. */
    private readonly spec: ServerSpec | HttpServerSpec,
    options: ClientOptions,
  ) {
    // A tool that asks back (elicitation, sampling) must get as far as asking: without the
    // capabilities a server may only refuse (-32021) and its answers are never tried. No
    // answerer stands behind them, so nothing is ever answered for real: a legacy server's ask
    // is refused, a modern one's comes back as the call's answer (see inputRetries.ts).
    const answers = options.elicit || options.sample;
    // roots/list asks no one anything, so it is answered as a host would: with the roots given,
    // else the server's working directory. A server that takes its folders from the roots
    // (server-filesystem without arguments) would otherwise deny every path it is fuzzed with.
    const roots = options.roots ?? rootsFromPaths([('cwd' in spec && spec.cwd) || process.cwd()]);
    this.options = options.declare || answers ? { ...options, roots } : { ...options, roots, declare: FUZZ_DECLARES };
  }

  /** A call's full timeout: the session's request timeout (the client's default when none is set). */
  get timeoutMs(): number {
    return this.options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  }

  /** Starts the server when it is not running; the tools it lists. */
  async tools(): Promise<ListedTool[]> {
    await this.ensure();
    return this.listed;
  }

  /** `timeoutMs`: this call's deadline (the session's request timeout when not given). */
  async call(name: string, args: Record<string, unknown>, opts: { timeoutMs?: number } = {}): Promise<CallOutcome> {
    const client = await this.ensure();
    const mark = client.trace.events.length;
    const timeoutMs = opts.timeoutMs ?? this.timeoutMs;
    const started = performance.now();
    let outcome: Omit<CallOutcome, 'durationMs' | 'diagnostics'>;
    let durationMs: number;
    /** Where the wrong retries begin in the trace: a refusal of one of them is the right answer. */
    let retriesFrom = Infinity;
    try {
      // A progressToken on every call: the server may then send progress, checked against its schema like the result.
      // Progress does not stretch the deadline: a handler that reports steps forever and never answers is hung.
      const opts = { timeoutMs, maxTimeoutMs: timeoutMs, onProgress: ignoreProgress };
      // 2026-07-28: one round; an input_required answer is the tool's answer to this input.
      const modern = client.info?.era === 'modern';
      const result = modern ? await client.callToolRound(name, args, opts) : await client.callTool(name, args, opts);
      durationMs = performance.now() - started;
      outcome = { end: 'result', result };
      if (modern && result.resultType === 'input_required' && !this.retried.has(name)) {
        // Once per tool: how the server treats a wrong retry does not depend on the input.
        this.retried.add(name);
        retriesFrom = client.trace.events.length ? client.trace.events[client.trace.events.length - 1]!.seq + 1 : 0;
        await sendWrongRetries(client, name, args, result, opts);
      }
    } catch (error) {
      durationMs = performance.now() - started;
      outcome = await this.failed(client, error, timeoutMs);
    }
    // The server's memory after the call, into the trace: memory-growth judges the run from these.
    if (this.client === client && client.pid !== undefined) {
      const pid = client.pid;
      const usage = await readUsage(pid);
      if (usage) client.trace.append(usageNote({ pid, ...usage }));
    }
    const own = client.trace.events.slice(mark);
    const seqs = new Set(own.map((e) => e.seq));
    const diagnostics = diagnose([...this.handshake, ...own]).filter(
      (d) => d.evidence.some((s) => seqs.has(s)) && !(FAULT_ONLY_FOR_VALID.has(d.rule) && d.evidence.every((s) => s >= retriesFrom)),
    );
    return { ...outcome, durationMs, diagnostics, timeoutMs };
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    await ignoreClosing(client?.close());
    if (client) this.judge(client);
  }

  /**
   * What the run showed across calls (memory growing with them), per server process: of the
   * processes that ended, and of the one still running.
   */
  runFindings(): Diagnostic[] {
    return [...this.judged, ...(this.client ? runFindingsOf(this.client) : [])];
  }

  private judge(client: McpClient): void {
    this.judged.push(...runFindingsOf(client));
  }

  private async failed(client: McpClient, error: unknown, timeoutMs: number): Promise<Omit<CallOutcome, 'durationMs' | 'diagnostics'>> {
    if (error instanceof ProtocolError) return { end: 'protocol-error', error: { code: error.code, message: error.message } };
    if (error instanceof RequestTimeoutError) {
      if (!(await this.answers(client, timeoutMs)) || (await stillWorking(client))) await this.closeStuck(client);
      return { end: 'hung', failure: error.message };
    }
    if (error instanceof ConnectionClosedError) {
      // The exit event (code, signal, the stderr before it) is what the crashed rule reads. An
      // HTTP server has no process of ours to exit: its session is over, so end it here.
      if ('url' in this.spec) await ignoreClosing(client.close());
      await client.exited;
      this.client = undefined;
      this.judge(client);
      return { end: 'crashed', failure: error.message };
    }
    await this.close();
    return { end: 'failed', failure: error instanceof Error ? error.message : String(error) };
  }

  /**
   * A server that answers nothing is not reading its stdin either: its end would go unseen
   * for the whole grace period. SIGTERM follows the close of stdin at once (after it, so the
   * exit reads as the shutdown the client asked for, not a crash).
   */
  private async closeStuck(client: McpClient): Promise<void> {
    const pid = client.pid;
    let watching: { dispose(): void } | undefined;
    if (pid !== undefined) {
      watching = client.trace.onEvent((e) => {
        if (e.dir !== 'meta' || e.kind !== 'stdin-closed') return;
        watching?.dispose();
        try {
          process.kill(pid, 'SIGTERM');
        } catch {
          // Already gone.
        }
      });
    }
    await this.close();
    watching?.dispose();
  }

  /**
   * Whether the server still answers after a call was cancelled: one page of tools/list (a
   * read every era has), within the hung call's own deadline and at most LIVENESS_MS.
   */
  private async answers(client: McpClient, timeoutMs: number): Promise<boolean> {
    try {
      await client.request('tools/list', {}, { timeoutMs: Math.min(timeoutMs, LIVENESS_MS) });
      return true;
    } catch {
      return false;
    }
  }

  private async ensure(): Promise<McpClient> {
    if (this.client) return this.client;
    const client = new McpClient(this.spec, this.options);
    this.client = client;
    this.starts++;
    try {
      await client.connect();
      if (client.pid !== undefined) this.pids.push(client.pid);
      const tools = await client.listAll('tools/list');
      this.listed = tools.filter((t) => typeof t.name === 'string') as unknown as ListedTool[];
      this.handshake = [...client.trace.events];
      return client;
    } catch (error) {
      this.client = undefined;
      await ignoreClosing(client.close());
      throw error;
    }
  }
}

/**
 * A server that still answers may still be working on the call it was told to drop (a search
 * that runs on between its awaits): the CPU its whole process tree asks for over two short
 * windows (one window could catch a collection of garbage, which is over in the next). The next
 * inputs would be judged against a server slowed by it (timed out for no fault of theirs, and
 * a hang shrunk to an input that does not hang), so such a server is started again. Over HTTP
 * there is no process of ours to read: the session is kept.
 */
async function stillWorking(client: McpClient): Promise<boolean> {
  // The tree is found once (a look through all of /proc); its members are read per window.
  const pids = await client.processIds();
  // What a process asked for where the kernel says (a busy server starved by a loaded machine
  // still asks), else the CPU it got.
  const demand = treeDemandMs(pids);
  const measure = demand === undefined ? treeCpuMs : async (of: number[]) => treeDemandMs(of);
  let before = demand ?? (await treeCpuMs(pids));
  for (let window = 0; window < 2; window++) {
    if (before === undefined) return false;
    await new Promise((resolve) => setTimeout(resolve, BUSY_WINDOW_MS));
    const after = await measure(pids);
    if (after === undefined || after - before < BUSY_WINDOW_MS * BUSY_SHARE) return false;
    before = after;
  }
  return true;
}

async function treeCpuMs(pids: number[]): Promise<number | undefined> {
  const readings = await Promise.all(pids.map((pid) => readUsage(pid)));
  return sumOfKnown(readings.map((r) => r?.cpuMs));
}

function treeDemandMs(pids: number[]): number | undefined {
  return sumOfKnown(pids.map(readCpuDemandMs));
}

function sumOfKnown(values: (number | undefined)[]): number | undefined {
  const known = values.filter((v) => v !== undefined);
  return known.length ? known.reduce((sum, v) => sum + v, 0) : undefined;
}
