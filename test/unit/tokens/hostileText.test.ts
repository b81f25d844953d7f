import assert from 'node:assert/strict';
import { test } from 'node:test';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { textTokens, toolTokens } from '../../../src/core/tokens/toolTokens';

test('ordinary text longer than a slice counts exactly as the tokenizer counts it whole', () => {
  const text = 'Reads the file at the given path, relative to the workspace root; returns its text.\n'.repeat(300);
  assert.equal(textTokens(text), countTokens(text));
});

test('a hostile megabyte-long word is counted at once (BPE on it whole is quadratic: minutes)', () => {
  // o200k_base encodes a run of one letter four to a token; hard slice cuts may shift one token.
  const extra = toolTokens({ name: 'long', description: 'L'.repeat(1_000_000) }) - toolTokens({ name: 'long', description: '' });
  assert.ok(Math.abs(extra - 250_000) <= 2, `${extra} tokens for a million letters`);
});
