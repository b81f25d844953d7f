import assert from 'node:assert/strict';
import { test } from 'node:test';
import { wilson } from '../../../src/core/eval/wilson';

const round = (x: number) => Math.round(x * 10000) / 10000;

test('the Wilson 95% interval on known counts (Newcombe 1998, table I)', () => {
  // 81 of 263: 0.2553–0.3662; 15 of 148: 0.0624–0.1605; 0 of 20: 0–0.1611; 1 of 29: 0.0061–0.1718.
  assert.deepEqual([wilson(81, 263), wilson(15, 148), wilson(0, 20), wilson(1, 29)].map((i) => [round(i.low), round(i.high)]), [
    [0.2553, 0.3662],
    [0.0624, 0.1605],
    [0, 0.1611],
    [0.0061, 0.1718],
  ]);
});

test('all passes still leave room below 1, and no runs say nothing', () => {
  const all = wilson(10, 10);
  assert.equal(round(all.high), 1);
  assert.equal(round(all.low), 0.7225);
  assert.deepEqual(wilson(0, 0), { low: 0, high: 1 });
});
