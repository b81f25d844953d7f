// The example workspace's servers as `mcp-lens check` sees them: notes (written with the
// official TypeScript SDK) is clean and lists what its README promises; every server the
// example's .vscode/mcp.json names exists.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { parse } from 'jsonc-parser';
import { buildCli, NODE, report, ROOT, runCli } from './helpers';

before(buildCli);

const example = join(ROOT, 'examples', 'workspace');

test('example notes server (official SDK, registerTool with zod): tools, resource and prompt, no problems', async () => {
  const run = await runCli(['check', '--json', '--', NODE, join(example, 'servers', 'notes', 'server.mjs')]);
  assert.equal(run.code, 0, run.stderr);
  const r = report(run);
  assert.deepEqual(r.server.serverInfo, { name: 'example-notes', version: '1.0.0' });
  assert.deepEqual(r.tools.map((t: any) => t.name), ['add_note', 'list_notes', 'get_note']);
  // zod schemas become JSON Schema with the descriptions and the required fields.
  const add = r.tools.find((t: any) => t.name === 'add_note');
  assert.deepEqual(add.inputSchema.required, ['title', 'body']);
  assert.equal(add.inputSchema.properties.title.description, 'A short title');
  assert.ok(add.outputSchema, 'add_note declares its output');
  assert.deepEqual(r.resources.map((x: any) => x.uri), ['notes://all']);
  assert.deepEqual(r.prompts.map((x: any) => x.name), ['summarize']);
  assert.deepEqual(r.diagnostics, []);
});

test('every server of the example mcp.json has its program, and its dependencies are declared', () => {
  const config = parse(readFileSync(join(example, '.vscode', 'mcp.json'), 'utf8')) as { servers: Record<string, { args: string[] }> };
  assert.deepEqual(Object.keys(config.servers), ['weather', 'chatty', 'notes']);
  for (const [name, entry] of Object.entries(config.servers)) {
    const file = entry.args[0]!.replace('${workspaceFolder}', example);
    assert.ok(existsSync(file), `${name}: ${file}`);
  }
  const pkg = JSON.parse(readFileSync(join(example, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  assert.deepEqual(Object.keys(pkg.dependencies).sort(), ['@modelcontextprotocol/sdk', 'zod']);
  assert.ok(existsSync(join(example, 'package-lock.json')), 'npm ci needs the lock file');
});
