/**
 * One repetition of a case: the model sees the offered tools, each tool call it makes runs on
 * the real server, the result goes back, until it answers without calling or the step limit.
 * A call to a tool that was not offered, or with arguments its inputSchema refuses, is
 * recorded as the model's doing (a finding of the case), never an error of the run.
 */
import { resultText } from '../agent/resultText';
import { validateArguments } from '../schema/argsValidator';
import { isRecord } from '../schema/isRecord';
import { ConnectionClosedError, ProtocolError, type McpClient } from '../session/client';
import { judgeAnswer, type JudgeVerdict } from './answerJudge';
import type { EvalCase } from './evalFile';
import type { EvalModel, LoopMessage, ModelToolCall, OfferedTool, TokenUsage, ToolResultText } from './model';
import { recordTurn, type ModelTurn } from './modelTurn';

export interface CallRecord {
  name: string;
  args: unknown;
  /** The tool was among those offered. */
  offered: boolean;
  /** Where the arguments break the tool's own inputSchema ("/days must be <= 7"). */
  schemaErrors: string[];
  /** Argument names the schema does not declare (a closed `properties` list). */
  unknownArgs: string[];
  /** Not run: destructive without --allow-destructive. */
  blocked?: boolean;
  /** Not run: the person was asked (the editor's confirmation) and said no. */
  declined?: boolean;
  isError?: boolean;
}

export type StopReason = 'answer' | 'step-limit' | 'model-error' | 'server-gone' | 'token-cap';

export interface RunRecord {
  calls: CallRecord[];
  answer: string;
  steps: number;
  usage: TokenUsage;
  /** Time spent waiting for the model, all steps. */
  modelMs: number;
  durationMs: number;
  stop: StopReason;
  /** What stopped a run that did not end in an answer. */
  error?: string;
  /** The judge's grading of the answer, when the case has a judge prompt and the run answered. */
  verdict?: JudgeVerdict;
}

export interface LoopContext {
  client: McpClient;
  model: EvalModel;
  tools: readonly OfferedTool[];
  protocolVersion?: string;
  system?: string;
  repetition: number;
  allowDestructive: boolean;
  callTimeoutMs: number;
  /** Tokens left before the run's cap; shared by every case of a run. `name` is the cap's flag or setting. */
  budget?: { left: number; name?: string };
  /** Grades answers of cases with a judge prompt (--judge-model); the model under test when absent. */
  judge?: EvalModel;
  /** Ends the model's step under way (the editor's Cancel). */
  signal?: AbortSignal;
  /**
   * Asks before a call runs (the editor's confirmation); when given it decides instead of
   * `allowDestructive`. A call it declines is answered as refused and not run.
   */
  approve?: (call: ModelToolCall, tool: OfferedTool) => Promise<boolean>;
}

export async function runCase(c: EvalCase, ctx: LoopContext): Promise<RunRecord> {
  const started = performance.now();
  const turn = (t: Omit<ModelTurn, 'model' | 'case' | 'repetition'>) =>
    recordTurn(ctx.client.trace, { model: ctx.model.id, case: c.name, repetition: ctx.repetition, ...t });
  const messages: LoopMessage[] = [];
  if (ctx.system) messages.push({ role: 'system', text: ctx.system });
  for (const m of c.messages)
    messages.push(m.role === 'assistant' ? { role: 'assistant', text: m.content, toolCalls: [] } : { role: m.role, text: m.content });
  for (const m of messages) if (m.role !== 'tool') turn({ role: m.role, text: m.text });
  const run: RunRecord = {
    calls: [],
    answer: '',
    steps: 0,
    usage: { inputTokens: 0, outputTokens: 0 },
    modelMs: 0,
    durationMs: 0,
    stop: 'step-limit',
  };
  const finish = (stop: StopReason, error?: string) => {
    run.stop = stop;
    if (error !== undefined) run.error = error;
    run.durationMs = performance.now() - started;
    return run;
  };
  while (run.steps < c.maxSteps) {
    if (ctx.signal?.aborted) return finish('model-error', 'the run was stopped before this step');
    if (ctx.budget && ctx.budget.left <= 0)
      return finish('token-cap', `the run reached ${ctx.budget.name ?? '--max-tokens'} before this step`);
    const t0 = performance.now();
    let step;
    try {
      step = await ctx.model.step(messages, ctx.tools, ctx.signal);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      turn({ role: 'assistant', error: message, latencyMs: performance.now() - t0 });
      return finish('model-error', `the model failed: ${message}`);
    }
    const latencyMs = performance.now() - t0;
    run.steps++;
    run.modelMs += latencyMs;
    run.usage.inputTokens += step.usage.inputTokens;
    run.usage.outputTokens += step.usage.outputTokens;
    if (ctx.budget) ctx.budget.left -= step.usage.inputTokens + step.usage.outputTokens;
    turn({ role: 'assistant', text: step.text, toolCalls: step.toolCalls, usage: step.usage, latencyMs });
    messages.push({ role: 'assistant', text: step.text, toolCalls: step.toolCalls });
    if (step.toolCalls.length === 0) {
      run.answer = step.text;
      // The judge's time is not the run's: latency stays the model's and the server's.
      finish('answer');
      if (c.expect.judge !== undefined) run.verdict = await judge(c.expect.judge, messages, run.answer, ctx, turn);
      return run;
    }
    const results: ToolResultText[] = [];
    for (const call of step.toolCalls) {
      const outcome = await runCall(call, ctx);
      run.calls.push(outcome.record);
      results.push({ id: call.id, name: call.name, text: outcome.text, isError: outcome.isError });
      if (outcome.gone) {
        turn({ role: 'tool', results });
        return finish('server-gone', outcome.text);
      }
    }
    turn({ role: 'tool', results });
    messages.push({ role: 'tool', results });
  }
  return finish('step-limit', `no answer within ${c.maxSteps} step${c.maxSteps === 1 ? '' : 's'}`);
}

function judge(
  criteria: string,
  messages: readonly LoopMessage[],
  answer: string,
  ctx: LoopContext,
  turn: (t: Omit<ModelTurn, 'model' | 'case' | 'repetition'>) => void,
): Promise<JudgeVerdict> {
  const judgeModel = ctx.judge ?? ctx.model;
  // The conversation up to the answer; the answer itself goes to the judge on its own.
  const conversation = messages.slice(0, -1);
  return judgeAnswer(criteria, conversation, answer, {
    judge: judgeModel,
    ...(ctx.budget ? { budget: ctx.budget } : {}),
    record: ({ verdict, ...rest }) =>
      turn({ role: 'judge', judgeModel: judgeModel.id, verdict: verdict.verdict, reason: verdict.reason, ...rest }),
  });
}

interface CallOutcome {
  record: CallRecord;
  text: string;
  isError: boolean;
  gone?: boolean;
}

async function runCall(call: ModelToolCall, ctx: LoopContext): Promise<CallOutcome> {
  const tool = ctx.tools.find((t) => t.name === call.name);
  const record: CallRecord = { name: call.name, args: call.args, offered: tool !== undefined, schemaErrors: [], unknownArgs: [] };
  // What a host answers a model that names a tool it was not given.
  if (!tool)
    return {
      record,
      text: `There is no tool named ${JSON.stringify(call.name)}. The tools are: ${ctx.tools.map((t) => t.name).join(', ')}.`,
      isError: true,
    };
  const checked = validateArguments(tool.inputSchema, call.args, { protocolVersion: ctx.protocolVersion });
  record.schemaErrors = checked.errors.map((e) => `${e.path || '/'} ${e.message}`);
  record.unknownArgs = unknownNames(tool.inputSchema, call.args);
  if (!isRecord(call.args)) return { record, text: 'The arguments must be a JSON object.', isError: true };
  if (ctx.approve) {
    if (!(await ctx.approve(call, tool))) {
      record.declined = true;
      return { record, text: `The user declined to run ${call.name}; it was not run.`, isError: true };
    }
  } else if (tool.annotations?.destructiveHint === true && !ctx.allowDestructive) {
    record.blocked = true;
    return {
      record,
      text: `MCP Lens did not run ${call.name}: it is annotated destructiveHint and the eval runs without --allow-destructive.`,
      isError: true,
    };
  }
  try {
    const result = await ctx.client.callTool(call.name, call.args, { timeoutMs: ctx.callTimeoutMs, maxTimeoutMs: ctx.callTimeoutMs });
    record.isError = result.isError === true;
    return { record, text: resultText(result), isError: record.isError };
  } catch (error) {
    record.isError = true;
    if (error instanceof ConnectionClosedError)
      return { record, text: `the server went away during ${call.name}: ${error.message}`, isError: true, gone: true };
    // A protocol error goes back to the model as a host would show it; the case judges the rest.
    const text =
      error instanceof ProtocolError
        ? `JSON-RPC error ${error.code}: ${error.message}`
        : `the call failed: ${error instanceof Error ? error.message : String(error)}`;
    return { record, text, isError: true };
  }
}

/** Names the model sent that the schema's `properties` do not have (only when it lists them). */
function unknownNames(schema: Record<string, unknown>, args: unknown): string[] {
  if (!isRecord(args) || !isRecord(schema.properties)) return [];
  const known = schema.properties;
  return Object.keys(args).filter((k) => !(k in known));
}
