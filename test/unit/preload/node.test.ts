import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { injectPreload, type LaunchSpec } from '../../../src/core/preload/launch';
import type { PreloadAssets } from '../../../src/core/preload/assets';
import { createSideChannelPath, removeSideChannel } from '../../../src/core/preload/sideChannel';
import { userFrame } from '../../../src/core/preload/stackFrames';
import { buildAssets, fixtures, lineOf, records, requests, run } from './helpers';

describe('Node preload', () => {
  let assets: PreloadAssets & { dir: string };
  const sideFiles: string[] = [];
  const sideFile = (): string => {
    const file = createSideChannelPath();
    sideFiles.push(file);
    return file;
  };
  /** Runs the server as it is and with the preload, on the same input, so stdout can be compared. */
  const runBoth = async (spec: LaunchSpec, input: string[]) => {
    const side = sideFile();
    const plain = await run(spec, input);
    const observed = await run(injectPreload(spec, { sideChannelPath: side, assets }), input);
    return { plain, observed, side };
  };

  before(async () => {
    assets = await buildAssets();
  });
  after(() => {
    sideFiles.forEach(removeSideChannel);
    fs.rmSync(assets.dir, { recursive: true, force: true });
  });

  it('leaves stdout byte-for-byte identical and names the console.log line', async () => {
    const server = path.join(fixtures, 'console-log-ready.mjs');
    const spec = { command: process.execPath, args: [server] };
    const { plain, observed, side } = await runBoth(spec, requests);

    assert.equal(observed.code, 0, observed.stderr);
    assert.ok(plain.stdout.toString().startsWith('ready\n'));
    assert.deepEqual(observed.stdout, plain.stdout);

    const found = await records(side);
    assert.deepEqual(found.map((record) => record.text), ['ready']);
    const frame = userFrame(found[0].stack);
    assert.equal(frame?.file, server);
    assert.equal(frame?.line, lineOf(server, 'console.log("ready")'));
    assert.equal(found[0].runtime, 'node');
  });

  it('names a console.log inside an official-SDK tool handler, leaving the SDK traffic alone', async () => {
    const server = path.join(fixtures, 'sdk-tool-console-log.mjs');
    const spec = { command: process.execPath, args: [server] };
    const exchange = [
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } }),
      JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' } } }),
    ];
    const { plain, observed, side } = await runBoth(spec, exchange);

    assert.match(plain.stdout.toString(), /echoing hi\n/);
    assert.deepEqual(observed.stdout, plain.stdout);
    const found = await records(side);
    assert.deepEqual(found.map((record) => [record.text, record.stack[0]?.file, record.stack[0]?.line]), [
      ['echoing hi', server, lineOf(server, 'console.log(`echoing')],
    ]);
  });

  it("reports a worker thread's stdout line once: the main thread observes what Node forwards to it", async () => {
    const server = path.join(fixtures, 'worker-console-log.mjs');
    const spec = { command: process.execPath, args: [server] };
    const { plain, observed, side } = await runBoth(spec, requests);

    assert.equal(observed.code, 0, observed.stderr);
    assert.ok(plain.stdout.toString().startsWith('from the worker\n'));
    assert.deepEqual(observed.stdout, plain.stdout);
    const found = await records(side);
    assert.deepEqual(found.map((record) => [record.text, record.pid]), [['from the worker', found[0]?.pid]]);
  });

  it('sees a logger that writes fd 1 with fs.writeSync and fs.write', async () => {
    const server = path.join(fixtures, 'fs-write-stdout.mjs');
    const spec = { command: process.execPath, args: [server] };
    const { plain, observed, side } = await runBoth(spec, requests);

    assert.equal(observed.code, 0, observed.stderr);
    assert.deepEqual(observed.stdout, plain.stdout);
    const found = await records(side);
    assert.deepEqual(found.map((record) => [record.text, userFrame(record.stack)?.file, userFrame(record.stack)?.line]), [
      ['{"level":30,"msg":"listening"}', server, lineOf(server, 'writeSync(1,')],
      ['async log line', server, lineOf(server, 'write(1,')],
    ]);
  });

  it('keeps a server that only uses fs.writeSync on a blocking stdout (no short writes)', async () => {
    const server = path.join(fixtures, 'big-writesync.mjs');
    const spec = { command: process.execPath, args: [server] };
    const { plain, observed, side } = await runBoth(spec, []);

    assert.ok(plain.stdout.length > 2 * 1024 * 1024);
    assert.equal(observed.stdout.length, plain.stdout.length);
    assert.deepEqual(observed.stdout, plain.stdout);
    assert.deepEqual((await records(side)).map((record) => [record.text, userFrame(record.stack)?.line]), [
      ['done', lineOf(server, "writeSync(1, 'done")],
    ]);
  });

  it('follows the server into a grandchild started by sh -c', async () => {
    const server = path.join(fixtures, 'console-log-ready.mjs');
    // `; exit $?` keeps sh from exec-ing node in place, so node really is a grandchild.
    const spec = { command: 'sh', args: ['-c', `"${process.execPath}" "${server}"; exit $?`] };
    const { plain, observed, side } = await runBoth(spec, requests);

    assert.deepEqual(observed.stdout, plain.stdout);
    const found = await records(side);
    assert.deepEqual(found.map((record) => [record.text, userFrame(record.stack)?.file, userFrame(record.stack)?.line]), [
      ['ready', server, lineOf(server, 'console.log("ready")')],
    ]);
  });

  it('follows the server through npx (npm itself runs with the preload too)', async () => {
    const server = path.join(fixtures, 'console-log-ready.mjs');
    // `npx -c` runs a command without fetching a package: npx (node) → sh → node server.
    const spec = { command: 'npx', args: ['-c', `"${process.execPath}" "${server}"`] };
    const { plain, observed, side } = await runBoth(spec, requests);

    assert.equal(observed.code, 0, observed.stderr);
    assert.deepEqual(observed.stdout, plain.stdout);
    const found = await records(side);
    assert.deepEqual(found.map((record) => [record.text, userFrame(record.stack)?.file, userFrame(record.stack)?.line]), [
      ['ready', server, lineOf(server, 'console.log("ready")')],
    ]);
  });

  it('blames the server, not a helper whose stdout the server reads through a pipe', async () => {
    const server = path.join(fixtures, 'helper-child-stdout.mjs');
    const spec = { command: process.execPath, args: [server] };
    const { plain, observed, side } = await runBoth(spec, requests);

    assert.match(observed.stderr, /helper said: helper output/);
    assert.deepEqual(observed.stdout, plain.stdout);
    const found = await records(side);
    assert.deepEqual(found.map((record) => [record.text, userFrame(record.stack)?.line]), [
      ['server stray', lineOf(server, 'console.log("server stray")')],
    ]);
  });

  it('changes nothing when the side channel is not named (the preload was disabled)', async () => {
    const server = path.join(fixtures, 'console-log-ready.mjs');
    const spec: LaunchSpec = { command: process.execPath, args: [server] };
    const side = sideFile();
    const injected = injectPreload(spec, { sideChannelPath: side, assets });
    const { MCP_LENS_SIDE_FILE: _, ...withoutSide } = injected.env ?? {};
    const plain = await run(spec, requests);
    const observed = await run({ ...injected, env: withoutSide }, requests);

    assert.deepEqual(observed.stdout, plain.stdout);
    assert.deepEqual(await records(side), []);
  });
});
