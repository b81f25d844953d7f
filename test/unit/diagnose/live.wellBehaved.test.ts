// False-positive guard: published, well-behaved servers exercised across lists, tools with
// structuredContent and progress, resources and prompts produce no error-severity diagnostic.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import type { Diagnostic } from '../../../src/core/diagnose/diagnostic';
import type { McpClient } from '../../../src/core/session/client';
import { existsSync } from 'node:fs';
import { FAULTS, runFault } from './liveFault';

const MODULES = path.resolve(FAULTS, '../../../../node_modules/@modelcontextprotocol');
const SERVERS = path.resolve(FAULTS, '..');
const LISTS = ['tools/list', 'resources/list', 'resources/templates/list', 'prompts/list'] as const;

function describe(ds: readonly Diagnostic[]): string {
  return ds.map((d) => `${d.severity} ${d.rule}: ${d.message}`).join('\n');
}

async function listEverything(c: McpClient): Promise<Record<string, Record<string, unknown>[]>> {
  const out: Record<string, Record<string, unknown>[]> = {};
  for (const m of LISTS) out[m] = await c.listAll(m).catch(() => []);
  return out;
}

test('server-everything: lists, tools (structuredContent, progress, image), a resource and a prompt — no errors, no warnings', async () => {
  const progress: number[] = [];
  const run = await runFault(
    '',
    async (c) => {
      await c.connect();
      const lists = await listEverything(c);
      assert.ok(lists['tools/list'].length > 5);
      await c.callTool('echo', { message: 'hi' });
      await c.callTool('get-sum', { a: 2, b: 3 });
      const structured = await c.callTool('get-structured-content', { location: 'Chicago' });
      assert.ok(structured.structuredContent);
      await c.callTool('get-tiny-image', {});
      await c.callTool('trigger-long-running-operation', { duration: 0.2, steps: 2 }, { onProgress: (p) => progress.push(p.progress) });
      const resource = lists['resources/list'][0];
      if (resource) await c.request('resources/read', { uri: resource.uri });
      const prompt = lists['prompts/list'].find((p) => !Array.isArray(p.arguments) || p.arguments.length === 0);
      if (prompt) await c.request('prompts/get', { name: prompt.name });
    },
    { command: process.execPath, args: [path.join(MODULES, 'server-everything/dist/index.js'), 'stdio'] },
  );
  assert.deepEqual(run.live, run.offline);
  assert.equal(progress.length, 2);
  const loud = run.offline.filter((d) => d.severity !== 'info');
  assert.deepEqual(loud, [], describe(loud));
});

for (const [name, args] of [
  ['server-memory', ['server-memory/dist/index.js']],
  ['server-filesystem', ['server-filesystem/dist/index.js', path.resolve('test/fixtures')]],
] as const) {
  test(`${name}: a full listing produces no error-severity diagnostic`, async () => {
    const run = await runFault(
      '',
      async (c) => {
        await c.connect();
        await listEverything(c);
      },
      { command: process.execPath, args: [path.join(MODULES, args[0]), ...args.slice(1)] },
    );
    const errors = run.offline.filter((d) => d.severity === 'error');
    assert.deepEqual(errors, [], describe(errors));
    // Lists it has no capability for are info, not faults.
    assert.ok(run.offline.every((d) => d.rule === 'undeclared-capability' && d.severity === 'info'), describe(run.offline));
  });
}

// The official SDK servers of both eras (fixtures of the client stack), when present.
for (const fixture of ['sdk-v1-server.mjs', 'sdk-v2-server.mjs']) {
  test(`${fixture}: connect, list, call echo — nothing above info`, { skip: !existsSync(path.join(SERVERS, fixture)) }, async () => {
    const run = await runFault(
      '',
      async (c) => {
        await c.connect();
        await listEverything(c);
        await c.callTool('echo', { text: 'hi' });
      },
      { command: process.execPath, args: [path.join(SERVERS, fixture)] },
    );
    const loud = run.offline.filter((d) => d.severity !== 'info');
    assert.deepEqual(loud, [], describe(loud));
  });
}

test('the fault library\'s own default server is clean (the fixtures differ from it by one fault each)', async () => {
  const run = await runFault('no-lifecycle-check.mjs', async (c) => {
    await c.connect();
    await c.listAll('tools/list');
    await c.callTool('echo', { text: 'hi' });
  });
  assert.deepEqual(run.offline, [], describe(run.offline));
});
