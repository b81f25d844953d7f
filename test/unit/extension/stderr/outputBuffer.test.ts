import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_LINE_CHARS, OutputBuffer } from '../../../../src/extension/stderr/outputBuffer';

test('a 5 MB stderr line reaches the panel clipped, with its full length to open the rest', () => {
  const buffer = new OutputBuffer();
  const huge = 'x'.repeat(5 * 1024 * 1024);
  buffer.add({ seq: 1, t: 0, dir: 'stderr', raw: huge });
  buffer.add({ seq: 2, t: 0, dir: 'stderr', raw: 'short' });
  const [big, small] = buffer.takeFresh().lines;
  assert.equal(big.text.length, MAX_LINE_CHARS);
  assert.equal(big.fullLength, huge.length);
  assert.deepEqual(small, { seq: 2, kind: 'stderr', text: 'short' });
});
