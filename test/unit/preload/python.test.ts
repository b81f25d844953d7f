import assert from 'node:assert/strict';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { preloadAssets } from '../../../src/core/preload/assets';
import { injectPreload, type LaunchSpec } from '../../../src/core/preload/launch';
import { createSideChannelPath, removeSideChannel } from '../../../src/core/preload/sideChannel';
import { userFrame } from '../../../src/core/preload/stackFrames';
import { fixtures, lineOf, records, requests, run } from './helpers';

const server = path.join(fixtures, 'print-hello.py');
const helloLine = lineOf(server, 'print("hello")');

describe('Python sitecustomize', () => {
  const sideFiles: string[] = [];
  const sideFile = (): string => {
    const file = createSideChannelPath();
    sideFiles.push(file);
    return file;
  };
  after(() => sideFiles.forEach(removeSideChannel));

  const cases: [string, LaunchSpec][] = [
    ['block-buffered stdout', { command: 'python3', args: [server] }],
    ['python -u', { command: 'python3', args: ['-u', server] }],
    ['PYTHONUNBUFFERED=1', { command: 'python3', args: [server], env: { PYTHONUNBUFFERED: '1' } }],
    ['a grandchild of sh -c', { command: 'sh', args: ['-c', `python3 "${server}"; exit $?`] }],
  ];
  for (const [name, spec] of cases) {
    it(`leaves stdout byte-for-byte identical and names the print line (${name})`, async () => {
      const side = sideFile();
      const plain = await run(spec, requests);
      const injected = injectPreload(spec, { sideChannelPath: side, assets: preloadAssets() });
      const observed = await run(injected, requests);

      assert.equal(observed.code, 0, observed.stderr);
      assert.ok(plain.stdout.toString().startsWith('hello\n'));
      assert.deepEqual(observed.stdout, plain.stdout);
      const found = await records(side);
      assert.deepEqual(found.map((record) => [record.text, record.runtime, userFrame(record.stack)?.file, userFrame(record.stack)?.line]), [
        ['hello', 'python', server, helloLine],
      ]);
    });
  }

  it('sends a log call routed to stdout through the logging package to the line that made it', async () => {
    const logging = path.join(fixtures, 'logging-stdout.py');
    const spec: LaunchSpec = { command: 'python3', args: [logging] };
    const side = sideFile();
    const plain = await run(spec, requests);
    const observed = await run(injectPreload(spec, { sideChannelPath: side, assets: preloadAssets() }), requests);

    assert.deepEqual(observed.stdout, plain.stdout);
    const [record, ...rest] = await records(side);
    assert.equal(rest.length, 0, 'protocol lines printed with print() are not stray');
    assert.equal(record.text, 'INFO starting up');
    assert.equal(record.stack[0].library, true, 'the write itself happens inside logging');
    assert.deepEqual([userFrame(record.stack)?.file, userFrame(record.stack)?.line], [logging, lineOf(logging, 'log.info("starting up")')]);
  });

  it('still runs the sitecustomize it shadows on PYTHONPATH', async () => {
    const side = sideFile();
    const spec: LaunchSpec = { command: 'python3', args: [server], env: { PYTHONPATH: path.join(fixtures, 'other-sitecustomize') } };
    const observed = await run(injectPreload(spec, { sideChannelPath: side, assets: preloadAssets() }), requests);

    assert.match(observed.stderr, /other sitecustomize ran/);
    assert.deepEqual((await records(side)).map((record) => record.text), ['hello']);
  });
});
