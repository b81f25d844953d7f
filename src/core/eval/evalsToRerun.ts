/**
 * Which eval cases a change to a server's tool list touches. A model chooses a tool from
 * what the host offers it — its name, title, description, annotations and input schema — so
 * a tool added, removed, or changed in one of those is a reason to run again the cases that
 * expect that tool or forbid it. An outputSchema change is not offered to the model and
 * touches no case's choice.
 */
import type { KindDiff } from '../devloop/listDiff';
import { toolsNamed } from './toolScores';
import type { EvalExpect } from './evalFile';

const OFFERED_FIELDS = new Set(['description', 'title', 'annotations']);

/** The tools whose offer to a model the diff changed, sorted. */
export function toolsOfferedDifferently(tools: KindDiff): string[] {
  const changed = tools.changed.filter(
    (c) =>
      c.fields.some((f) => OFFERED_FIELDS.has(f)) || c.schema.some((s) => s.path === 'inputSchema' || s.path.startsWith('inputSchema.')),
  );
  return [...new Set([...tools.added, ...tools.removed, ...changed.map((c) => c.name)])].sort();
}

export interface CaseRef<T> {
  case: { name: string; expect: EvalExpect };
  /** What the caller needs to show or run it (the file, a Test Explorer item). */
  ref: T;
}

/** The cases that name any of `tools`, in the order given, with the tools each names. */
export function casesTouching<T>(cases: readonly CaseRef<T>[], tools: readonly string[]): (CaseRef<T> & { tools: string[] })[] {
  const wanted = new Set(tools);
  return cases.flatMap((c) => {
    const hit = toolsNamed(c.case.expect).filter((t) => wanted.has(t));
    return hit.length ? [{ ...c, tools: hit }] : [];
  });
}
