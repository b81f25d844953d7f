/**
 * The running server a fuzz (or load) run talks to: one session at a time, started again after
 * the server crashed or after a call hung (a hung handler may hold the event loop, so the next
 * input would be judged against a server that cannot answer). Each call's diagnostics come
 * from the catalogue's rules run over the session's handshake plus that call's own events.
 */
import { diagnose } from '../diagnose/engine';
import type { Diagnostic } from '../diagnose/diagnostic';
import { ConnectionClosedError, McpClient, ProtocolError, RequestTimeoutError, type ClientOptions, type HttpServerSpec, type ServerSpec } from '../session/client';
import type { TraceEvent } from '../trace/event';
import { usageNote } from '../trace/usageNote';
import { readUsage } from '../load/processSampler';
import { RUN_RULES } from '../load/loadTool';

function runFindingsOf(client: McpClient): Diagnostic[] {
  return diagnose(client.trace.events).filter((d) => RUN_RULES.has(d.rule));
}

export type CallEnd = 'result' | 'protocol-error' | 'crashed' | 'hung' | 'failed';

export interface CallOutcome {
  end: CallEnd;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
  /** Set when the call did not end in an answer. */
  failure?: string;
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
  /** Run-level findings (memory-growth) of the server processes that have ended. */
  private readonly judged: Diagnostic[] = [];

  constructor(
    /** A stdio command, or an HTTP server: there each start is a new session on the same server. */
    private readonly spec: ServerSpec | HttpServerSpec,
    private readonly options: ClientOptions,
  ) {}

  /** Starts the server when it is not running; the tools it lists. */
  async tools(): Promise<ListedTool[]> {
    await this.ensure();
    return this.listed;
  }

  async call(name: string, args: Record<string, unknown>): Promise<CallOutcome> {
    const client = await this.ensure();
    const mark = client.trace.events.length;
    const started = performance.now();
    let outcome: Omit<CallOutcome, 'durationMs' | 'diagnostics'>;
    try {
      const result = await client.callTool(name, args);
      outcome = { end: 'result', result };
    } catch (error) {
      outcome = await this.failed(client, error);
    }
    const durationMs = performance.now() - started;
    // The server's memory after the call, into the trace: memory-growth judges the run from these.
    if (this.client === client && client.pid !== undefined) {
      const pid = client.pid;
      const usage = await readUsage(pid);
      if (usage) client.trace.append(usageNote({ pid, ...usage }));
    }
    const own = client.trace.events.slice(mark);
    const seqs = new Set(own.map((e) => e.seq));
    const diagnostics = diagnose([...this.handshake, ...own]).filter((d) => d.evidence.some((s) => seqs.has(s)));
    return { ...outcome, durationMs, diagnostics };
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    await client?.close().catch(() => undefined);
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

  private async failed(client: McpClient, error: unknown): Promise<Omit<CallOutcome, 'durationMs' | 'diagnostics'>> {
    if (error instanceof ProtocolError) return { end: 'protocol-error', error: { code: error.code, message: error.message } };
    if (error instanceof RequestTimeoutError) {
      await this.close();
      return { end: 'hung', failure: error.message };
    }
    if (error instanceof ConnectionClosedError) {
      // The exit event (code, signal, the stderr before it) is what the crashed rule reads. An
      // HTTP server has no process of ours to exit: its session is over, so end it here.
      if ('url' in this.spec) await client.close().catch(() => undefined);
      await client.exited;
      this.client = undefined;
      this.judge(client);
      return { end: 'crashed', failure: error.message };
    }
    await this.close();
    return { end: 'failed', failure: error instanceof Error ? error.message : String(error) };
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
      await client.close().catch(() => undefined);
      throw error;
    }
  }
}
