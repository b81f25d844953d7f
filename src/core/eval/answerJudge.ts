/**
 * A case's judge prompt (`expect.judge`): after a repetition ends in an answer, a model reads
 * the conversation and grades the final answer against the prompt. The verdict must be one
 * JSON object, {"verdict": "pass"|"fail", "reason": "…"}; anything else is reported as a
 * verdict that cannot be read, never taken for a pass.
 */
import { isRecord } from '../schema/isRecord';
import type { EvalModel, LoopMessage, TokenUsage } from './model';

export interface JudgeVerdict {
  /** `unreadable`: the judge answered something else than a verdict; `error`: it could not be asked. */
  verdict: 'pass' | 'fail' | 'unreadable' | 'error';
  /** The judge's reason; for `unreadable`, what it said instead; for `error`, why. */
  reason: string;
  /** The judge model's `provider:model`. */
  model: string;
  usage: TokenUsage;
}

const INSTRUCTIONS = [
  'You grade the final answer an AI assistant gave after using tools.',
  'You get the criteria a good final answer meets, the conversation with every tool call and result, and the final answer between <final_answer> and </final_answer>.',
  'Judge the final answer against the criteria only; use the conversation to check what the answer claims.',
  'Reply with exactly one JSON object and nothing else: {"verdict": "pass", "reason": "…"} or {"verdict": "fail", "reason": "…"}, the reason in one sentence.',
].join(' ');

/** Long tool results are cut: the judge needs what the answer rests on, not every byte. */
const MAX_PART = 4000;

export function judgeMessages(criteria: string, conversation: readonly LoopMessage[], answer: string): LoopMessage[] {
  const lines = conversation.flatMap((m): string[] => {
    switch (m.role) {
      case 'system':
      case 'user':
        return [`${m.role}: ${cut(m.text)}`];
      case 'assistant':
        return [
          ...(m.text ? [`assistant: ${cut(m.text)}`] : []),
          ...m.toolCalls.map((c) => `assistant calls ${c.name}(${cut(typeof c.args === 'string' ? c.args : JSON.stringify(c.args))})`),
        ];
      case 'tool':
        return m.results.map((r) => `result of ${r.name}${r.isError ? ' (an error)' : ''}: ${cut(r.text)}`);
    }
  });
  const text = `Criteria:\n${criteria}\n\nConversation:\n${lines.join('\n')}\n\n<final_answer>\n${answer}\n</final_answer>`;
  return [
    { role: 'system', text: INSTRUCTIONS },
    { role: 'user', text },
  ];
}

/** The verdict in a judge's answer, or undefined when the answer is not exactly one. */
export function parseVerdict(text: string): { verdict: 'pass' | 'fail'; reason: string } | undefined {
  // A Markdown fence around the object is the one liberty taken: it hides nothing.
  const body = text
    .trim()
    .replace(/^```(?:json)?\s*\n([\s\S]*?)\n?```$/u, '$1')
    .trim();
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (!isRecord(value) || typeof value.verdict !== 'string' || typeof value.reason !== 'string') return undefined;
  const verdict = value.verdict.trim().toLowerCase();
  if (verdict !== 'pass' && verdict !== 'fail') return undefined;
  return { verdict, reason: oneLine(value.reason) };
}

export interface JudgeContext {
  judge: EvalModel;
  /** Tokens left before the run's cap (--max-tokens), shared with the models under test. */
  budget?: { left: number };
  /** Where the judge's turn goes: the trace's model lane. */
  record(turn: { text?: string; error?: string; usage?: TokenUsage; latencyMs: number; verdict: JudgeVerdict }): void;
}

export async function judgeAnswer(
  criteria: string,
  conversation: readonly LoopMessage[],
  answer: string,
  ctx: JudgeContext,
): Promise<JudgeVerdict> {
  const none = { inputTokens: 0, outputTokens: 0 };
  const model = ctx.judge.id;
  if (ctx.budget && ctx.budget.left <= 0) {
    const verdict: JudgeVerdict = { verdict: 'error', reason: 'the run reached --max-tokens before the judge', model, usage: none };
    ctx.record({ error: verdict.reason, latencyMs: 0, verdict });
    return verdict;
  }
  const t0 = performance.now();
  let step;
  try {
    step = await ctx.judge.step(judgeMessages(criteria, conversation, answer), []);
  } catch (error) {
    const verdict: JudgeVerdict = {
      verdict: 'error',
      reason: `the judge failed: ${error instanceof Error ? error.message : String(error)}`,
      model,
      usage: none,
    };
    ctx.record({ error: verdict.reason, latencyMs: performance.now() - t0, verdict });
    return verdict;
  }
  const latencyMs = performance.now() - t0;
  if (ctx.budget) ctx.budget.left -= step.usage.inputTokens + step.usage.outputTokens;
  const parsed = step.toolCalls.length === 0 ? parseVerdict(step.text) : undefined;
  const verdict: JudgeVerdict = parsed
    ? { ...parsed, model, usage: step.usage }
    : {
        verdict: 'unreadable',
        reason: step.toolCalls.length
          ? `it called ${step.toolCalls.map((c) => c.name).join(', ')} instead of answering`
          : cut(oneLine(step.text) || '(nothing)', 200),
        model,
        usage: step.usage,
      };
  ctx.record({ text: step.text, usage: step.usage, latencyMs, verdict });
  return verdict;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function cut(text: string, max = MAX_PART): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
