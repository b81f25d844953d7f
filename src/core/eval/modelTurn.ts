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
  role: 'system' | 'user' | 'assistant' | 'tool';
  text?: string;
  toolCalls?: ModelToolCall[];
  results?: ToolResultText[];
  usage?: TokenUsage;
  latencyMs?: number;
  /** A step that failed (provider error after retries): what the provider said. */
  error?: string;
}

export function recordTurn(trace: Trace, turn: ModelTurn): void {
  trace.append({ dir: 'meta', kind: 'model', raw: turnLine(turn), info: { ...turn } });
}

function turnLine(turn: ModelTurn): string {
  const who = `${turn.model} ${turn.case} #${turn.repetition} ${turn.role}`;
  if (turn.error) return `${who}: error: ${turn.error}`;
  const calls = (turn.toolCalls ?? []).map((c) => `${c.name}(${typeof c.args === 'string' ? c.args : JSON.stringify(c.args)})`);
  const results = (turn.results ?? []).map((r) => `${r.name}${r.isError ? ' (isError)' : ''}: ${oneLine(r.text)}`);
  const parts = [turn.text ? oneLine(turn.text) : '', ...calls.map((c) => `calls ${c}`), ...results].filter((p) => p !== '');
  const cost = turn.usage ? ` [${turn.usage.inputTokens} in, ${turn.usage.outputTokens} out${turn.latencyMs !== undefined ? `, ${Math.round(turn.latencyMs)} ms` : ''}]` : '';
  return `${who}: ${parts.join('; ')}${cost}`;
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat;
}
