import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AgentInputError, bounded, lastCount, line } from '../../../src/core/agent/bounds';

test('a long answer is cut with a note of how much was left out; a short one is untouched', () => {
  assert.equal(bounded('short', 10), 'short');
  assert.equal(bounded('x'.repeat(25), 10), `${'x'.repeat(10)}\n… [clipped: 15 more characters left out]`);
  // Never half a surrogate pair.
  assert.equal(bounded(`${'a'.repeat(9)}😀tail`, 10), `${'a'.repeat(9)}\n… [clipped: 6 more characters left out]`);
});

test('a line shows its line breaks and is cut at its own bound', () => {
  assert.equal(line('a\nb\r\nc'), 'a ⏎ b ⏎ c');
  assert.equal(line('y'.repeat(12), 5), 'yyyyy… (7 more characters)');
});

test('"last N" is a whole number from 1 to 200, 30 when absent', () => {
  assert.equal(lastCount(undefined, 'last'), 30);
  assert.equal(lastCount(200, 'last'), 200);
  for (const bad of [0, -1, 1.5, '3', 'x']) assert.throws(() => lastCount(bad, 'last'), AgentInputError);
  assert.throws(() => lastCount(201, 'last'), /"last" is at most 200 \(asked for 201\)/);
});
