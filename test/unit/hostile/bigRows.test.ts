import { test } from 'node:test';
import assert from 'node:assert/strict';
import { jsonSummary, sizeText } from '../../../src/extension/messages/present';

test('a 50 MiB string in the Messages tree: a clipped summary that says its length', () => {
  const summary = jsonSummary('0123456789'.repeat(5 * 1024 * 1024 + 1).slice(0, 50 * 1024 * 1024));
  assert.ok(summary.length < 300, `${summary.length} characters`);
  assert.match(summary, /^"0123456789.*… \(52428800 characters\)$/);
  assert.equal(jsonSummary('short'), '"short"');
});

test('sizes read as a person says them', () => {
  assert.equal(sizeText(52_428_900), '50.0 MiB');
  assert.equal(sizeText(70 * 1024), '70.0 KiB');
  assert.equal(sizeText(12), '12 B');
});
