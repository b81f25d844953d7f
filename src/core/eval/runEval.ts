/**
 * An eval file against one model: one server session, every case's repetitions in order,
 * scored. A server that goes away during a case fails that case and the next case starts on
 * a new session (a restarted server), so one crash does not sink the file.
 */
import { McpClient, type ClientOptions, type HttpServerSpec, type ServerSpec } from '../session/client';
import type { TraceEvent } from '../trace/event';
import { runCase, type RunRecord } from './agentLoop';
import type { EvalCase, EvalFile } from './evalFile';
import type { EvalModel, OfferedTool } from './model';
import { offeredTools } from './offeredTools';
import { scoreCase, type CaseScore } from './score';
import { ignoreClosing } from '../util/ignored';

export interface EvalRunOptions {
  client: ClientOptions;
  allowDestructive: boolean;
  callTimeoutMs: number;
  /** Overrides every case's repeat (--repeat). */
  repeat?: number;
  budget?: { left: number };
  /** Grades the answers of cases with a judge prompt; the model under test when absent (--judge-model). */
  judge?: EvalModel;
  onCase?: (score: CaseScore) => void;
}

export interface EvalFileResult {
  model: string;
  cases: CaseScore[];
  /** Why the file could not run at all (the server would not start). */
  problem?: string;
  /** Every session's events, one list per session in order. */
  sessions: TraceEvent[][];
}

interface Session {
  client: McpClient;
  tools: OfferedTool[];
  protocolVersion: string;
}

export async function runEvalFile(file: EvalFile, spec: ServerSpec | HttpServerSpec, model: EvalModel, options: EvalRunOptions): Promise<EvalFileResult> {
  const result: EvalFileResult = { model: model.id, cases: [], sessions: [] };
  let session: Session | undefined;
  try {
    for (const c of file.cases) {
      if (!session) {
        const opened = await open(spec, options.client);
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
      const runs: RunRecord[] = [];
      const repeat = options.repeat ?? c.repeat;
      for (let repetition = 1; repetition <= repeat; repetition++) {
        const run = await runCase(c, { client: session.client, model, tools: session.tools, protocolVersion: session.protocolVersion, system: file.system, repetition, allowDestructive: options.allowDestructive, callTimeoutMs: options.callTimeoutMs, budget: options.budget, ...(options.judge ? { judge: options.judge } : {}) });
        runs.push(run);
        if (run.stop === 'server-gone' || run.stop === 'token-cap') break;
      }
      const score = scoreCase(c, runs);
      result.cases.push(score);
      options.onCase?.(score);
      if (runs.some((r) => r.stop === 'server-gone')) {
        await ignoreClosing(session.client.close());
        session = undefined;
      }
      if (runs.some((r) => r.stop === 'token-cap')) break;
    }
  } finally {
    await ignoreClosing(session?.client.close());
  }
  return result;
}

async function open(spec: ServerSpec | HttpServerSpec, options: ClientOptions): Promise<{ session: Session; events: TraceEvent[] } | { problem: string; events: TraceEvent[] }> {
  const client = new McpClient(spec, options);
  // The trace's own list: events land in it as they happen, so the caller sees the whole session.
  const events = client.trace.events as TraceEvent[];
  try {
    const info = await client.connect();
    const tools = await client.listAll('tools/list');
    return { session: { client, tools: offeredTools(tools), protocolVersion: info.protocolVersion }, events };
  } catch (error) {
    await ignoreClosing(client.close());
    return { problem: `could not start the session: ${error instanceof Error ? error.message : String(error)}`, events };
  }
}

function unrun(c: EvalCase, problem: string): CaseScore {
  return { ...scoreCase(c, []), failures: [{ repetition: 1, messages: [problem] }] };
}
