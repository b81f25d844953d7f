import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { writtenBefore } from '../../../src/core/devloop/writtenBefore';

test('a write before the start is before it; one after it, or at the same moment, is not', () => {
  assert.equal(writtenBefore(1_000_000_123.5, 1_000_000_200), true);
  assert.equal(writtenBefore(1_000_000_300.25, 1_000_000_200), false);
  assert.equal(writtenBefore(1_000_000_200.5, 1_000_000_200), false);
});

test('a whole-second mtime (a coarse file system) counts as the end of its second', () => {
  // Saved at 12.4 s on a file system that keeps 12 s; the server started at 12.1 s: after it.
  assert.equal(writtenBefore(12_000, 12_100), false);
  assert.equal(writtenBefore(12_000, 13_000), true);
});
