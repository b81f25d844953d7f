import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeTokenChange, describeTokenTotal, tokenDiff } from '../../../src/core/tokens/tokenDiff';
import { toolTokens } from '../../../src/core/tokens/toolTokens';

const echo = { name: 'echo', description: 'Echoes text', inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } };
const fail = { name: 'fail', description: 'Always fails as a tool', inputSchema: { type: 'object' } };
const shout = { name: 'shout', description: 'Shouts text back in capitals', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } };

test('a tool added, one removed and one whose description grew: each with its tokens, the totals on both sides', () => {
  const longer = { ...echo, description: 'Echoes text exactly as it was given, for testing round trips' };
  const d = tokenDiff([echo, fail], [longer, shout], toolTokens);
  assert.equal(d.before, toolTokens(echo) + toolTokens(fail));
  assert.equal(d.after, toolTokens(longer) + toolTokens(shout));
  assert.deepEqual(d.changes, [
    { tool: 'echo', before: 32, after: toolTokens(longer) },
    { tool: 'shout', after: toolTokens(shout) },
    { tool: 'fail', before: toolTokens(fail) },
  ]);
  assert.ok(toolTokens(longer) > 32);
  assert.deepEqual(d.changes.map(describeTokenChange), [
    `tokens: echo 32 → ${toolTokens(longer)} (+${toolTokens(longer) - 32})`,
    `tokens: shout +${toolTokens(shout)} (added)`,
    `tokens: fail −${toolTokens(fail)} (removed)`,
  ]);
  assert.match(describeTokenTotal(d, 'o200k_base'), /^tokens \(o200k_base\): \d+ → \d+ \([+−]\d+\)$/);
});

test('an unchanged list has no token change and totals that agree', () => {
  const d = tokenDiff([echo, fail], [fail, echo], toolTokens);
  assert.deepEqual(d.changes, []);
  assert.equal(d.before, d.after);
  assert.equal(describeTokenTotal(d, 'o200k_base'), `tokens (o200k_base): ${d.before} → ${d.after} (±0)`);
});
