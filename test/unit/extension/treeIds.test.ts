import assert from 'node:assert/strict';
import { test } from 'node:test';
import { stableIds } from '../../../src/extension/treeIds';

test('an id follows its name, not its position: a row added in front re-keys no other', () => {
  const before = stableIds('item:s:tools:', ['alpha', 'beta']);
  const after = stableIds('item:s:tools:', ['aardvark', 'alpha', 'beta']);
  assert.deepEqual(after.slice(1), before);
});

test('a name listed twice gets distinct ids, and a name ending in "#2" does not collide with them', () => {
  const ids = stableIds('item:s:tools:', ['echo', 'echo', 'echo#2', 'echo']);
  assert.equal(new Set(ids).size, 4);
  assert.deepEqual(ids, ['item:s:tools:"echo"', 'item:s:tools:"echo"#2', 'item:s:tools:"echo#2"', 'item:s:tools:"echo"#3']);
});
