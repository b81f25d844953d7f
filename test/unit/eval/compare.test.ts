import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareCases, compareTools } from '../../../src/core/eval/compare';
import type { CaseScore, ToolSelectionCounts } from '../../../src/core/eval/score';
import { wilson } from '../../../src/core/eval/wilson';

/** The parts of a score the comparison reads. */
function score(name: string, passes: number, runs: number, toolSelection: Record<string, ToolSelectionCounts> = {}): CaseScore {
  return { name, line: 1, runs, passes, passRate: runs ? passes / runs : 0, interval: wilson(passes, runs), toolSelection } as CaseScore;
}

test('each case: better or worse beyond noise, noise with the repetitions that would tell it, no change, not run', () => {
  const changes = compareCases(
    [score('flip', 0, 5), score('drop', 10, 10), score('wobble', 2, 4), score('steady', 3, 3), score('new side only', 0, 0)],
    [score('flip', 5, 5), score('drop', 2, 10), score('wobble', 3, 4), score('steady', 3, 3), score('new side only', 2, 2)],
  );
  assert.deepEqual(changes.map((c) => [c.name, c.change]), [['flip', 'better'], ['drop', 'worse'], ['wobble', 'noise'], ['steady', 'same'], ['new side only', 'not-run']]);
  const wobble = changes[2];
  assert.equal(wobble.difference.estimate, 0.25);
  assert.ok(wobble.difference.low < 0 && wobble.difference.high > 0);
  // 50% against 75%, if they held: Newcombe's interval leaves 0 out from 29 repetitions a side.
  assert.equal(wobble.repeatToTell, 29);
  assert.equal(changes[0].repeatToTell, undefined);
});

test('each tool: precision and recall on each side, from the cases\' counts summed', () => {
  const before = [score('a', 0, 3, { get_forecast: { chosen: 0, chosenExpected: 0, expected: 3, expectedChosen: 0 }, get_air_quality: { chosen: 3, chosenExpected: 0, expected: 0, expectedChosen: 0 } })];
  const after = [score('a', 2, 3, { get_forecast: { chosen: 2, chosenExpected: 2, expected: 3, expectedChosen: 2 }, get_air_quality: { chosen: 1, chosenExpected: 0, expected: 0, expectedChosen: 0 } }), score('b', 1, 1, { get_forecast: { chosen: 1, chosenExpected: 1, expected: 1, expectedChosen: 1 } })];
  const tools = compareTools(before, after);
  assert.deepEqual(tools.map((t) => [t.tool, t.before.precision, t.before.recall, t.after.precision, t.after.recall]), [
    ['get_air_quality', 0, undefined, 0, undefined],
    ['get_forecast', undefined, 0, 1, 0.75],
  ]);
});
