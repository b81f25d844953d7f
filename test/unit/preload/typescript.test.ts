import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { build } from 'esbuild';
import type { PreloadAssets } from '../../../src/core/preload/assets';
import { injectPreload } from '../../../src/core/preload/launch';
import { createSideChannelPath, removeSideChannel } from '../../../src/core/preload/sideChannel';
import { mapStack } from '../../../src/core/preload/sourceMap';
import { userFrame } from '../../../src/core/preload/stackFrames';
import { buildAssets, fixtures, lineOf, records, requests, run } from './helpers';

const source = path.join(fixtures, 'ts-console-log.ts');

describe('Node preload on a TypeScript server compiled with a source map', () => {
  let assets: PreloadAssets & { dir: string };
  let out: string;
  const sideFiles: string[] = [];

  before(async () => {
    assets = await buildAssets();
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-ts-fixture-'));
  });
  after(() => {
    sideFiles.forEach(removeSideChannel);
    fs.rmSync(assets.dir, { recursive: true, force: true });
    fs.rmSync(out, { recursive: true, force: true });
  });

  it('keeps frames Node already mapped under --enable-source-maps (NODE_OPTIONS appended to, not replaced)', async () => {
    const compiled = path.join(out, 'server-enable.mjs');
    await build({ entryPoints: [source], outfile: compiled, format: 'esm', platform: 'node', sourcemap: 'linked', logLevel: 'silent' });
    const side = createSideChannelPath();
    sideFiles.push(side);
    const spec = { command: process.execPath, args: [compiled], env: { NODE_OPTIONS: '--enable-source-maps' } };
    const injected = injectPreload(spec, { sideChannelPath: side, assets });
    assert.match(injected.env.NODE_OPTIONS ?? '', /^--enable-source-maps --require /);
    const plain = await run(spec, requests);
    const observed = await run(injected, requests);

    assert.deepEqual(observed.stdout, plain.stdout);
    const [record] = await records(side);
    const [frame] = mapStack(record.stack);
    assert.deepEqual([frame.file, frame.line], [source, lineOf(source, 'console.log("server started")')]);
  });

  for (const sourcemap of ['linked', 'inline'] as const) {
    it(`names the .ts line of the console.log (${sourcemap} source map)`, async () => {
      const compiled = path.join(out, `server-${sourcemap}.mjs`);
      await build({ entryPoints: [source], outfile: compiled, format: 'esm', platform: 'node', sourcemap, logLevel: 'silent' });
      const tsLine = lineOf(source, 'console.log("server started")');
      assert.notEqual(lineOf(compiled, 'console.log("server started")'), tsLine, 'the fixture must move the line when compiled');

      const side = createSideChannelPath();
      sideFiles.push(side);
      const spec = { command: process.execPath, args: [compiled] };
      const plain = await run(spec, requests);
      const observed = await run(injectPreload(spec, { sideChannelPath: side, assets }), requests);

      assert.deepEqual(observed.stdout, plain.stdout);
      const [record, ...rest] = await records(side);
      assert.equal(rest.length, 0);
      assert.equal(record.text, 'server started');
      assert.equal(userFrame(record.stack)?.file, compiled);

      const mapped = mapStack(record.stack);
      assert.equal(mapped[0].file, source);
      assert.equal(mapped[0].line, tsLine);
      assert.equal(mapped[0].generated?.file, compiled);
      // The caller of announce() maps too: the stack is the user's, frame by frame.
      assert.equal(mapped[1].line, lineOf(source, 'announce();'));
    });
  }
});
