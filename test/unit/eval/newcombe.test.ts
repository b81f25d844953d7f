import assert from 'node:assert/strict';
import { test } from 'node:test';
import { beyondNoise, newcombe } from '../../../src/core/eval/newcombe';

const round = (x: number) => Math.round(x * 10000) / 10000;
const at = (x1: number, n1: number, x2: number, n2: number) => {
  // Newcombe's table gives θ = p1 − p2; ours is after − before, so "before" is the second sample.
  const d = newcombe({ passes: x2, runs: n2 }, { passes: x1, runs: n1 });
  return [round(d.estimate), round(d.low), round(d.high)];
};

test('the hybrid score interval on the known counts of Newcombe 1998 (table II, method 10)', () => {
  assert.deepEqual(at(56, 70, 48, 80), [0.2, 0.0524, 0.3339]);
  assert.deepEqual(at(9, 10, 3, 10), [0.6, 0.1705, 0.809]);
  assert.deepEqual(at(6, 7, 2, 7), [0.5714, 0.0582, 0.8062]);
  assert.deepEqual(at(5, 56, 0, 29), [0.0893, -0.0381, 0.1926]);
  assert.deepEqual(at(0, 10, 0, 20), [0, -0.1611, 0.2775]);
  assert.deepEqual(at(0, 10, 0, 10), [0, -0.2775, 0.2775]);
});

test('the direction is after − before, and the bounds mirror when the sides swap', () => {
  const up = newcombe({ passes: 48, runs: 80 }, { passes: 56, runs: 70 });
  const down = newcombe({ passes: 56, runs: 70 }, { passes: 48, runs: 80 });
  assert.deepEqual([round(down.estimate), round(down.low), round(down.high)], [-0.2, -0.3339, -0.0524]);
  assert.ok(up.estimate > 0 && beyondNoise(up) && beyondNoise(down));
});

test('a flip from none to all is beyond noise from 2 repetitions on; at 1, or half-way, it is not', () => {
  const five = newcombe({ passes: 0, runs: 5 }, { passes: 5, runs: 5 });
  assert.equal(five.estimate, 1);
  assert.equal(round(five.high), 1);
  assert.equal(round(five.low), 0.3855);
  assert.ok(beyondNoise(five));
  assert.ok(beyondNoise(newcombe({ passes: 0, runs: 2 }, { passes: 2, runs: 2 })));
  const one = newcombe({ passes: 0, runs: 1 }, { passes: 1, runs: 1 });
  assert.ok(one.low < 0 && !beyondNoise(one), JSON.stringify(one));
  assert.ok(!beyondNoise(newcombe({ passes: 1, runs: 2 }, { passes: 2, runs: 2 })));
  assert.ok(!beyondNoise(newcombe({ passes: 3, runs: 4 }, { passes: 3, runs: 4 })));
});

test('no runs on a side say nothing: the interval spans every change', () => {
  const d = newcombe({ passes: 0, runs: 0 }, { passes: 0, runs: 0 });
  assert.deepEqual([d.low, d.high], [-1, 1]);
});
