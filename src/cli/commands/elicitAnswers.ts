import { elicitResult, type Elicit, type ElicitAnswer } from '../../core/session/elicitation';
import type { Output } from '../output';

/** Answers each elicitation with the next `--elicit` answer (decline once they run out), saying so on stderr. */
export function answerInOrder(answers: readonly ElicitAnswer[], io: Output): Elicit {
  let next = 0;
  return async (params) => {
    const answer: ElicitAnswer = answers[next++] ?? { action: 'decline' };
    const result = elicitResult(answer, params);
    const content = result.content !== undefined ? ` ${JSON.stringify(result.content)}` : '';
    const ranOut = next > answers.length ? ' (no --elicit answer left)' : '';
    io.err(io.errStyle.dim(`elicitation: ${JSON.stringify(String(params.message ?? ''))} → ${String(result.action)}${content}${ranOut}`));
    return result;
  };
}
