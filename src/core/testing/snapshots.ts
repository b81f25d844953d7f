/**
 * Writing results back into a test file as snapshots, as text edits: the user's comments,
 * order and formatting elsewhere in the file stay as they were.
 */
import { applyEdits, modify } from 'jsonc-parser';
import { withoutMeta } from './jsonMatch';
import type { SavedCall } from './testFile';

export interface SnapshotUpdate {
  call: SavedCall;
  result: Record<string, unknown>;
}

const FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };

/** The file's text with `tests[i].expect.snapshot` set to each call's new result. */
export function writeSnapshots(text: string, updates: readonly SnapshotUpdate[]): string {
  let out = text;
  for (const { call, result } of updates) {
    // _meta carries per-call details (timings, trace ids) that would never match twice.
    out = applyEdits(out, modify(out, ['tests', call.index, 'expect', 'snapshot'], withoutMeta(result), FORMAT));
  }
  return out;
}

/** The tests whose snapshot should be rewritten: those that keep one and got a result. */
export function snapshotUpdates(
  calls: readonly SavedCall[],
  results: ReadonlyMap<string, Record<string, unknown> | undefined>,
): SnapshotUpdate[] {
  const updates: SnapshotUpdate[] = [];
  for (const call of calls) {
    const result = results.get(call.name);
    if (result !== undefined && call.expect.snapshot !== undefined) updates.push({ call, result });
  }
  return updates;
}
