import assert from 'node:assert/strict';
import { test } from 'node:test';
import { depthOver, MAX_JSON_DEPTH } from '../../../src/core/wire/jsonDepth';

test('depthOver names the depth of a text nested past the cap, and nothing at the cap', () => {
  const nest = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
  assert.equal(depthOver(nest(MAX_JSON_DEPTH)), undefined);
  assert.equal(depthOver(nest(MAX_JSON_DEPTH + 1)), MAX_JSON_DEPTH + 1);
  assert.equal(depthOver(`{"a":${nest(1500)},"b":{"c":[]}}`), 1501);
});

test('brackets inside strings, escaped quotes included, do not count', () => {
  const inString = JSON.stringify({ text: `\\" ${'['.repeat(5000)}` });
  assert.equal(depthOver(inString), undefined);
  assert.equal(depthOver(`["\\"${'{'.repeat(3000)}", ${'['.repeat(1200)}${']'.repeat(1200)}]`), 1201);
});

test('ten million levels are scanned without recursion (no stack overflow)', () => {
  const n = 10_000_000;
  assert.equal(depthOver('['.repeat(n)), n);
});

test('a string is crossed to its real closing quote: runs of backslashes, a string that never closes', () => {
  // An even run of backslashes before a quote ends the string; an odd run escapes it.
  assert.equal(depthOver(`["\\\\\\\\", ${'['.repeat(1200)}${']'.repeat(1200)}]`), 1201);
  assert.equal(depthOver(`["\\\\\\"${'['.repeat(1200)}"]`), undefined);
  // Brackets after a quote that opens a string and never closes are inside it.
  assert.equal(depthOver(`[1, "${'['.repeat(1200)}`), undefined);
  // A 50 MB result, nearly all one string, deep only after it.
  const big = `{"text":"${'x'.repeat(50_000_000)}","deep":${'['.repeat(1001)}${']'.repeat(1001)}}`;
  assert.equal(depthOver(big), 1002);
});
