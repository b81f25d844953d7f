import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rootsForServer, sameRoots } from '../../../src/extension/serverRoots';

test('roots: the workspace folders, unless mcpLens.roots names directories for that server', () => {
  assert.deepEqual(rootsForServer('a', {}, ['/w/app', '/w/lib']), [
    { uri: 'file:///w/app', name: 'app' },
    { uri: 'file:///w/lib', name: 'lib' },
  ]);
  assert.deepEqual(rootsForServer('a', { a: ['/data', 'sub dir'] }, ['/w/app']), [
    { uri: 'file:///data', name: 'data' },
    { uri: 'file:///w/app/sub%20dir', name: 'sub dir' },
  ]);
  assert.deepEqual(rootsForServer('b', { a: ['/data'], b: 'not a list' }, ['/w']), [{ uri: 'file:///w', name: 'w' }]);
  assert.equal(sameRoots([{ uri: 'file:///a', name: 'a' }], [{ uri: 'file:///a', name: 'a' }]), true);
  assert.equal(sameRoots([{ uri: 'file:///a', name: 'a' }], []), false);
});
