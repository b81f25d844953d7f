import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { mapToSource } from '../../../src/core/preload/sourceMap';

// "AAAA;;AAEA": generated line 1 ← original line 1; generated line 2 unmapped; generated line 3 ← original line 3.
const mappings = 'AAAA;;AAEA';

describe('mapToSource', () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-sourcemap-'));
    fs.mkdirSync(path.join(dir, 'dist'));
    fs.mkdirSync(path.join(dir, 'src'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const write = (name: string, text: string): string => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    return file;
  };

  it('resolves sourceRoot and sources against the map file', () => {
    const js = write('dist/a.js', 'x\n\ny\n//# sourceMappingURL=maps/a.js.map\n');
    fs.mkdirSync(path.join(dir, 'dist/maps'));
    write('dist/maps/a.js.map', JSON.stringify({ version: 3, sourceRoot: '../../src', sources: ['a.ts'], names: [], mappings }));
    const mapped = mapToSource({ file: js, line: 3, column: 1, function: 'main' });
    assert.deepEqual(mapped, {
      file: path.join(dir, 'src/a.ts'),
      line: 3,
      column: 1,
      function: 'main',
      generated: { file: js, line: 3, column: 1, function: 'main' },
    });
  });

  it('reads an inline data: map, and accepts a file:// frame', () => {
    const payload = Buffer.from(JSON.stringify({ version: 3, sources: ['../src/b.ts'], names: [], mappings })).toString('base64');
    const js = write('dist/b.mjs', `x\n\ny\n//# sourceMappingURL=data:application/json;charset=utf-8;base64,${payload}\n`);
    assert.equal(mapToSource({ file: pathToFileURL(js).href, line: 1, column: 1 }).file, path.join(dir, 'src/b.ts'));
  });

  it('finds <file>.map when there is no comment', () => {
    const js = write('dist/c.js', 'x\n');
    write('dist/c.js.map', JSON.stringify({ version: 3, sources: ['../src/c.ts'], names: [], mappings }));
    assert.equal(mapToSource({ file: js, line: 1, column: 1 }).file, path.join(dir, 'src/c.ts'));
  });

  it('leaves a frame alone when it cannot map it honestly', () => {
    const js = write('dist/d.js', 'x\n\ny\n//# sourceMappingURL=d.js.map\n');
    write('dist/d.js.map', JSON.stringify({ version: 3, sources: ['webpack://app/./d.ts'], names: [], mappings }));
    const onUnmappedLine = { file: js, line: 2, column: 1 };
    assert.equal(mapToSource(onUnmappedLine), onUnmappedLine, 'a generated line with no mapping has no original line');
    const toNoFile = { file: js, line: 1, column: 1 };
    assert.equal(mapToSource(toNoFile), toNoFile, 'a webpack:// source names no file on disk');
    const plain = { file: write('plain.js', 'x\n'), line: 1, column: 1 };
    assert.equal(mapToSource(plain), plain);
    const missing = { file: path.join(dir, 'nope.js'), line: 1, column: 1 };
    assert.equal(mapToSource(missing), missing);
    const broken = { file: write('dist/e.js', 'x\n//# sourceMappingURL=e.js.map\n'), line: 1, column: 1 };
    write('dist/e.js.map', '{ not json');
    assert.equal(mapToSource(broken), broken);
  });
});
