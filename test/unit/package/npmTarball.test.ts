import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { PRECOMPILED_GROUPS, SHIPPED_VERSIONS } from '../../../src/core/schema/officialSchema';
import { buildCli, NODE, ROOT } from '../cli/helpers';
import { TARBALL_MAX_BYTES } from './budgets';
import { NO_BUILD, npm, packInto, VERSION, type Packed } from './pack';

// The npm package as a user gets it: `npm pack` of this repository (.npmignore), installed
// with nothing else (no registry, no dependencies) into an empty prefix, a project's
// devDependencies and npx's cache, then run against the example servers.
const WEATHER = join(ROOT, 'examples', 'workspace', 'servers', 'weather', 'server.mjs');
const CHATTY = join(ROOT, 'examples', 'workspace', 'servers', 'chatty', 'server.mjs');
const HOST_TRACE = join(ROOT, 'test', 'fixtures', 'hosts', 'bad-names.jsonl');

let work: string;
let packed: Packed;

before(async () => {
  if (NO_BUILD) return;
  await buildCli();
  work = mkdtempSync(join(tmpdir(), 'mcp-lens-tarball-'));
  packed = packInto(work);
});

const run = (args: string[], cwd: string) => npm(args, cwd, join(work, 'cache'));

after(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

test('the tarball holds the CLI and the bundles it loads, nothing else (no source, test or fixture)', { skip: NO_BUILD }, () => {
  const validators = SHIPPED_VERSIONS.flatMap((version) => PRECOMPILED_GROUPS.map((group) => `dist/validators/${version}-${group}.js`));
  const schemas = SHIPPED_VERSIONS.map((version) => `dist/official/${version}.json`);
  assert.deepEqual(
    packed.files.map((file) => file.path).sort(),
    ['LICENSE', 'README.md', 'dist/cli.js', 'dist/cli-main.js', 'dist/eval-models.js', 'dist/preload/node-preload.js', 'dist/recorder.js', 'dist/tokenizer.js', ...validators, ...schemas, 'media/preload/python/sitecustomize.py', 'package.json'].sort(),
  );
  assert.ok(packed.size < TARBALL_MAX_BYTES, `${packed.size} bytes packed, budget ${TARBALL_MAX_BYTES}`);
});

test('installed globally into an empty prefix, mcp-lens check passes a good server and fails a bad one', { skip: NO_BUILD }, () => {
  const prefix = join(work, 'prefix');
  run(['install', '--global', '--prefix', prefix, packed.file], work);
  const bin = join(prefix, 'bin', 'mcp-lens');
  // Run from an empty folder: nothing of this repository is on the way to a module.
  const good = spawnSync(bin, ['check', '--', NODE, WEATHER], { cwd: work, encoding: 'utf8' });
  assert.equal(good.status, 0, good.stderr);
  assert.match(good.stdout, /example-weather 1\.0\.0 {2}modern era, protocol 2026-07-28/);
  assert.match(good.stdout, /No problems found\./);
  const bad = spawnSync(bin, ['check', '--', NODE, CHATTY], { cwd: work, encoding: 'utf8' });
  assert.equal(bad.status, 1, bad.stdout + bad.stderr);
  assert.match(bad.stdout, /stray-stdout/);
});

// The tarball's cli.js inlines no tokenizer: it requires the dist/tokenizer.js packed beside it.
test('installed globally, mcp-lens lint --host counts tokens with the tokenizer bundle packed beside the CLI', { skip: NO_BUILD }, () => {
  const bin = join(work, 'prefix', 'bin', 'mcp-lens');
  const run = spawnSync(bin, ['lint', '--host', 'vscode', '--json', HOST_TRACE], { cwd: work, encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  const { tokens } = JSON.parse(run.stdout).hosts;
  assert.equal(tokens.encoding, 'o200k_base');
  assert.deepEqual(tokens.tools.map((t: { name: string }) => t.name), ['files/read', 'echo']);
  for (const t of tokens.tools) assert.ok(t.tokens > 10, `${t.name}: ${t.tokens} tokens`);
});

test('installed globally, mcp-lens mcp serves its tools to an SDK client and starts a server', { skip: NO_BUILD }, async () => {
  const bin = join(work, 'prefix', 'bin', 'mcp-lens');
  const client = new Client({ name: 'tarball-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: bin, args: ['mcp'], cwd: work, stderr: 'pipe' }));
  try {
    const { tools } = await client.listTools();
    for (const name of ['start_server', 'list_servers', 'call_tool', 'check']) assert.ok(tools.some((tool) => tool.name === name), name);
    const started = await client.callTool({ name: 'start_server', arguments: { name: 'weather', command: NODE, args: [WEATHER] } });
    const text = (started.content as { text?: string }[]).map((c) => c.text ?? '').join('');
    assert.equal(started.isError === true, false, text);
    assert.match(text, /server "example-weather" 1\.0\.0/);
  } finally {
    await client.close();
  }
});

test("in a project's devDependencies and through npx, the bin runs", { skip: NO_BUILD }, () => {
  const project = join(work, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'a-server', version: '1.0.0', private: true }));
  run(['install', '--save-dev', packed.file], project);
  assert.equal(run(['exec', '--', 'mcp-lens', '--version'], project).trim(), VERSION);
  assert.equal(run(['exec', '--yes', `--package=${packed.file}`, '--', 'mcp-lens', '--version'], work).trim(), VERSION);
});
