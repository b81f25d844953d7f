import assert from 'node:assert/strict';
import { test } from 'node:test';
import { watchGlob } from '../../../src/core/devloop/globMatch';

test('the watched folder is the glob up to its first wildcard', () => {
  assert.equal(watchGlob('src/**/*.ts').root, 'src');
  assert.equal(watchGlob('./build/server.js').root, 'build');
  assert.equal(watchGlob('*.mjs').root, '.');
  assert.equal(watchGlob('/work/app/{src,lib}/*.py').root, '/work/app');
});

for (const [glob, yes, no] of [
  ['src/**/*.ts', ['src/a.ts', 'src/x/y/b.ts'], ['src/a.tsx', 'lib/a.ts', 'src/a.ts.map']],
  ['*.mjs', ['server.mjs'], ['dir/server.mjs', 'server.js']],
  ['build/?.js', ['build/a.js'], ['build/ab.js']],
  ['{src,lib}/*.py', ['src/a.py', 'lib/b.py'], ['test/a.py']],
  ['/tmp/x/**', ['/tmp/x/a', '/tmp/x/a/b.c'], ['/tmp/y/a']],
  ['a.b/c+d.js', ['a.b/c+d.js'], ['aXb/c+d.js', 'a.b/cd.js']],
] as const) {
  test(`${glob} matches ${yes.join(', ')} and not ${no.join(', ')}`, () => {
    const g = watchGlob(glob);
    for (const path of yes) assert.equal(g.matches(path), true, path);
    for (const path of no) assert.equal(g.matches(path), false, path);
  });
}
