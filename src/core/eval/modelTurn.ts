/**
 * The model's lane of a trace: each turn of an eval's conversation is a meta event of kind
 * `model` between the wire messages it caused, so a trace reads as the conversation and what
 * each tool call did on the wire. Only what the conversation holds is recorded: never a key.
 */
import type { Trace } from '../trace/trace';
import type { ModelToolCall, TokenUsage, ToolResultText } from './model';

export interface ModelTurn {
  model: string;
  case: string;
  repetition: number;
  /** `judge`: the grading of the final answer against the case's judge prompt. */
  role: 'system' | 'user' | 'assistant' | 'tool' | 'judge';
  text?: string;
  toolCalls?: ModelToolCall[];
  results?: ToolResultText[];
  usage?: TokenUsage;
  latencyMs?: number;
  /** A step that failed (provider error after retries): what the provider said. */
  error?: string;
  /** role `judge`: the judge model, its verdict and its reason (what it said, when unreadable). */
  judgeModel?: string;
  verdict?: 'pass' | 'fail' | 'unreadable' | 'error';
  reason?: string;
}

export function recordTurn(trace: Trace, turn: ModelTurn): void {
  trace.append({ dir: 'meta', kind: 'model', raw: turnLine(turn), info: { ...turn } });
}

function turnLine(turn: ModelTurn): string {
  const who = `${turn.model} ${turn.case} #${turn.repetition} ${turn.role}${turn.judgeModel ? ` (${turn.judgeModel})` : ''}`;
  if (turn.error) return `${who}: error: ${turn.error}`;
  if (turn.verdict) return `${who}: ${turn.verdict}: ${oneLine(turn.reason ?? '')}${cost(turn)}`;
  const calls = (turn.toolCalls ?? []).map((c) => `${c.name}(${typeof c.args === 'string' ? c.args : JSON.stringify(c.args)})`);
  const results = (turn.results ?? []).map((r) => `${r.name}${r.isError ? ' (isError)' : ''}: ${oneLine(r.text)}`);
  const parts = [turn.text ? oneLine(turn.text) : '', ...calls.map((c) => `calls ${c}`), ...results].filter((p) => p !== '');
  return `${who}: ${parts.join('; ')}${cost(turn)}`;
}

function cost(turn: ModelTurn): string {
  return turn.usage
    ? ` [${turn.usage.inputTokens} in, ${turn.usage.outputTokens} out${turn.latencyMs !== undefined ? `, ${Math.round(turn.latencyMs)} ms` : ''}]`
    : '';
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat;
}
