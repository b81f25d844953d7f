/**
 * A call the person declined in the editor was never run, so its repetition cannot count as
 * a pass: it fails, saying which call was declined (core's judge knows only the CLI's
 * --allow-destructive; the confirmation is the editor's).
 */
import type { RunRecord } from '../../core/eval/agentLoop';
import type { CaseScore } from '../../core/eval/score';
import { wilson } from '../../core/eval/wilson';

export function withDeclined(score: CaseScore, runs: readonly RunRecord[]): CaseScore {
  const failures = new Map(score.failures.map((f) => [f.repetition, [...f.messages]]));
  let changed = false;
  runs.forEach((run, i) => {
    const declined = [...new Set(run.calls.filter((c) => c.declined).map((c) => c.name))];
    if (declined.length === 0) return;
    changed = true;
    const messages = failures.get(i + 1) ?? [];
    messages.unshift(...declined.map((name) => `called ${name}, which you declined to run; it was not run`));
    failures.set(i + 1, messages);
  });
  if (!changed) return score;
  const passes = score.runs - failures.size;
  return {
    ...score,
    passes,
    passRate: score.runs ? passes / score.runs : 0,
    interval: wilson(passes, score.runs),
    failures: [...failures.entries()].sort((a, b) => a[0] - b[0]).map(([repetition, messages]) => ({ repetition, messages })),
  };
}
