// `npm run typecheck` type-checks every TypeScript file the project runs, the build scripts
// (run by tsx, which only strips types) included: a file outside tsconfig's include is never checked.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '../../..');

test('tsconfig.json takes in every TypeScript file under scripts/', () => {
  const read = ts.readConfigFile(join(ROOT, 'tsconfig.json'), (path) => ts.sys.readFile(path));
  assert.equal(read.error, undefined);
  const checked = new Set(ts.parseJsonConfigFileContent(read.config, ts.sys, ROOT).fileNames.map((f) => resolve(f)));
  const scripts = readdirSync(join(ROOT, 'scripts'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(ROOT, 'scripts', f));
  assert.ok(scripts.length > 0);
  assert.deepEqual(scripts.filter((f) => !checked.has(f)), []);
});
