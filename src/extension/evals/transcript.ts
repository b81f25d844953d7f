/**
 * A case's conversation for the Test Results output (a terminal): the prompt, each model
 * turn with its tool calls and cost, each result the server sent back, the answer. It is
 * read from the model lane of the session's trace (kind `model`), the same events the
 * Messages view shows. Model and server text are written with their control characters
 * spelled out: a terminal would obey them.
 */
import type { ModelTurn } from '../../core/eval/modelTurn';
import { terminalText } from '../../core/text';
import type { TraceEvent } from '../../core/trace/event';

const MAX_TEXT = 2000;

/** The `model` events of one case (by name) after `afterSeq`, in order. */
export function caseTurns(events: readonly TraceEvent[], caseName: string, afterSeq: number): ModelTurn[] {
  return events
    .filter((e) => e.seq > afterSeq && e.kind === 'model' && e.info?.case === caseName)
    .map((e) => e.info as unknown as ModelTurn);
}

export function transcriptLines(turns: readonly ModelTurn[]): string[] {
  const lines: string[] = [];
  let repetition = 0;
  for (const turn of turns) {
    if (turn.repetition !== repetition) {
      repetition = turn.repetition;
      lines.push(`── ${turn.case} · repetition ${repetition} · ${turn.model} ──`);
    }
    lines.push(...turnLines(turn));
  }
  return lines;
}

function turnLines(turn: ModelTurn): string[] {
  const cost = turn.usage
    ? `  [${turn.usage.inputTokens} in, ${turn.usage.outputTokens} out${turn.latencyMs !== undefined ? `, ${Math.round(turn.latencyMs)} ms` : ''}]`
    : '';
  switch (turn.role) {
    case 'system':
      return [`system: ${text(turn.text)}`];
    case 'user':
      return [`user: ${text(turn.text)}`];
    case 'assistant': {
      if (turn.error) return [`model: failed: ${text(turn.error)}`];
      const calls = (turn.toolCalls ?? []).map(
        (c) => `model calls ${terminalText(c.name)} ${text(typeof c.args === 'string' ? c.args : JSON.stringify(c.args))}`,
      );
      const said = turn.text ? [`model: ${text(turn.text)}`] : [];
      const all = [...said, ...calls];
      if (all.length === 0) all.push('model: (an empty answer)');
      all[all.length - 1] += cost;
      return all;
    }
    case 'tool':
      return (turn.results ?? []).map((r) => `  ↳ ${terminalText(r.name)}${r.isError ? ' (error)' : ''}: ${text(r.text)}`);
    case 'judge':
      // The case's judge prompt graded the answer: its verdict and why.
      return [
        `judge${turn.judgeModel ? ` (${terminalText(turn.judgeModel)})` : ''}: ${turn.error ? `failed: ${text(turn.error)}` : `${turn.verdict ?? '?'}: ${text(turn.reason)}`}${cost}`,
      ];
  }
}

function text(value: string | undefined): string {
  const s = value ?? '';
  const clipped = s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}… (${s.length - MAX_TEXT} more characters)` : s;
  // Continuation lines indented under their turn.
  return terminalText(clipped, { keepLines: true }).replace(/\r?\n/g, '\r\n    ');
}

/** The Test Results output takes terminal text: lines end in CRLF. */
export function terminalBlock(lines: readonly string[]): string {
  return `${lines.join('\r\n')}\r\n`;
}
