import * as assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { test } from 'node:test';
import { LogBudget } from '../../../src/extension/logBudget';

test('a flood is copied up to the budget, then the log says how many lines it left out', async () => {
  const summaries: number[] = [];
  const budget = new LogBudget((skipped) => summaries.push(skipped), 3, 50);
  const taken = Array.from({ length: 10 }, () => budget.take());
  assert.deepEqual(taken, [true, true, true, false, false, false, false, false, false, false]);
  assert.deepEqual(summaries, [], 'nothing is summarised before the window closes');
  // The flood stopped: the count still arrives when the window closes.
  await sleep(120);
  assert.deepEqual(summaries, [7]);
  // A new window copies lines again.
  assert.equal(budget.take(), true);
  budget.dispose();
  assert.deepEqual(summaries, [7], 'no skipped lines: no extra summary');
});

test('dispose writes a pending count at once', () => {
  const summaries: number[] = [];
  const budget = new LogBudget((skipped) => summaries.push(skipped), 1, 60_000);
  budget.take();
  budget.take();
  budget.take();
  budget.dispose();
  assert.deepEqual(summaries, [2]);
});
