import assert from 'node:assert/strict';
import { test } from 'node:test';
import { countBounds, numberBounds, saidBound } from '../../../src/core/schema/boundsText';

test('a lone lower or upper bound is said in words, never with ∞', () => {
  assert.equal(countBounds(1, undefined, 'char'), 'at least 1 char');
  assert.equal(countBounds(undefined, 80, 'char'), 'at most 80 chars');
  assert.equal(countBounds(2, undefined, 'item'), 'at least 2 items');
  assert.equal(numberBounds(0, undefined), '≥ 0');
  assert.equal(numberBounds(undefined, '<10'), '< 10');
  assert.equal(numberBounds('>0', undefined), '> 0');
});

test('two bounds read as a range; equal bounds as an exact count', () => {
  assert.equal(countBounds(3, 80, 'char'), '3–80 chars');
  assert.equal(countBounds(2, 2, 'item'), 'exactly 2 items');
  assert.equal(numberBounds(1, 7), '1 – 7');
  assert.equal(numberBounds('>0', 100), '>0 – 100');
  assert.equal(countBounds(undefined, undefined, 'char'), '');
});

test("zod's safe-integer limits are not said: an integer field means them already", () => {
  assert.equal(numberBounds(-9007199254740991, 9007199254740991), '');
  assert.equal(numberBounds(0, 9007199254740991), '≥ 0');
  assert.equal(numberBounds(-9007199254740991, 100), '≤ 100');
  assert.equal(saidBound(9007199254740990), 9007199254740990);
});
