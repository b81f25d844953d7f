/**
 * An eval file against one model: one server session, every case's repetitions in order,
 * scored. A server that goes away during a case fails that case and the next case starts on
 * a new session (a restarted server), so one crash does not sink the file. The sessions come
 * from the server the run starts itself (the CLI), or from elsewhere (the editor's running one).
 */
import { McpClient, type ClientOptions, type HttpServerSpec, type ServerSpec } from '../session/client';
import type { TraceEvent } from '../trace/event';
import { runCase, type RunRecord } from './agentLoop';
import type { EvalCase, EvalFile } from './evalFile';
import type { EvalModel, ModelToolCall, OfferedTool } from './model';
import { offeredTools } from './offeredTools';
import { scoreCase, type CaseScore } from './score';
import { ignoreClosing } from '../util/ignored';

export interface EvalRunOptions {
  client: ClientOptions;
  allowDestructive: boolean;
  callTimeoutMs: number;
  /** Overrides every case's repeat (--repeat). */
  repeat?: number;
  budget?: { left: number; name?: string };
  /** Grades the answers of cases with a judge prompt; the model under test when absent (--judge-model). */
  judge?: EvalModel;
  onCase?: (score: CaseScore) => void;
  /** Before a case's first repetition. */
  onCaseStart?: (c: EvalCase) => void;
  /** Each repetition as it ended. */
  onRun?: (c: EvalCase, run: RunRecord) => void;
  /** Cases not yet started do not start once it is aborted. */
  signal?: AbortSignal;
  /** See LoopContext.approve. */
  approve?: (call: ModelToolCall, tool: OfferedTool) => Promise<boolean>;
}

/** Where a run's sessions come from: opened when a case needs one, closed after a crash and at the end. */
export interface SessionSource {
  open(): Promise<{ session: EvalSession; events: TraceEvent[] } | { problem: string; events: TraceEvent[] }>;
  close(session: EvalSession): Promise<void>;
}

export interface EvalFileResult {
  model: string;
  cases: CaseScore[];
  /** Why the file could not run at all (the server would not start). */
  problem?: string;
  /** Every session's events, one list per session in order. */
  sessions: TraceEvent[][];
}

export interface EvalSession {
  client: McpClient;
  tools: OfferedTool[];
  protocolVersion: string;
}

export function runEvalFile(
  file: EvalFile,
  spec: ServerSpec | HttpServerSpec,
  model: EvalModel,
  options: EvalRunOptions,
): Promise<EvalFileResult> {
  return runEvalCases(file, model, options, {
    open: () => openSession(spec, options.client),
    close: (session) => ignoreClosing(session.client.close()),
  });
}

export async function runEvalCases(
  file: EvalFile,
  model: EvalModel,
  options: Omit<EvalRunOptions, 'client'>,
  sessions: SessionSource,
): Promise<EvalFileResult> {
  const result: EvalFileResult = { model: model.id, cases: [], sessions: [] };
  let session: EvalSession | undefined;
  try {
    for (const c of file.cases) {
      if (options.signal?.aborted) break;
      if (!session) {
        const opened = await sessions.open();
        result.sessions.push(opened.events);
        if ('problem' in opened) {
          if (result.cases.length === 0) {
            result.problem = opened.problem;
            return result;
          }
          result.cases.push(unrun(c, opened.problem));
          continue;
        }
        session = opened.session;
      }
      options.onCaseStart?.(c);
      const runs: RunRecord[] = [];
      const repeat = options.repeat ?? c.repeat;
      for (let repetition = 1; repetition <= repeat; repetition++) {
        const { allowDestructive, callTimeoutMs, budget, signal, approve } = options;
        const run = await runCase(c, {
          client: session.client,
          model,
          tools: session.tools,
          protocolVersion: session.protocolVersion,
          system: file.system,
          repetition,
          allowDestructive,
          callTimeoutMs,
          budget,
          signal,
          approve,
          ...(options.judge ? { judge: options.judge } : {}),
        });
        runs.push(run);
        options.onRun?.(c, run);
        if (run.stop === 'server-gone' || run.stop === 'token-cap' || options.signal?.aborted) break;
      }
      const score = scoreCase(c, runs);
      result.cases.push(score);
      options.onCase?.(score);
      if (runs.some((r) => r.stop === 'server-gone')) {
        await sessions.close(session);
        session = undefined;
      }
      if (runs.some((r) => r.stop === 'token-cap')) break;
    }
  } finally {
    if (session) await sessions.close(session);
  }
  return result;
}

/** A session of its own: the server started (or reached) for this run, its tools listed. */
export async function openSession(
  spec: ServerSpec | HttpServerSpec,
  options: ClientOptions,
): Promise<{ session: EvalSession; events: TraceEvent[] } | { problem: string; events: TraceEvent[] }> {
  const client = new McpClient(spec, options);
  // The trace's own list: events land in it as they happen, so the caller sees the whole session.
  const events = client.trace.events as TraceEvent[];
  try {
    const info = await client.connect();
    return { session: await sessionOn(client, info.protocolVersion), events };
  } catch (error) {
    await ignoreClosing(client.close());
    return { problem: `could not start the session: ${error instanceof Error ? error.message : String(error)}`, events };
  }
}

/** A connected client as an eval session: the tools a host would offer, all pages. */
export async function sessionOn(client: McpClient, protocolVersion: string): Promise<EvalSession> {
  return { client, tools: offeredTools(await client.listAll('tools/list')), protocolVersion };
}

function unrun(c: EvalCase, problem: string): CaseScore {
  return { ...scoreCase(c, []), failures: [{ repetition: 1, messages: [problem] }] };
}
