/**
 * The finder over the published reference servers' own code, checked against the tools
 * those same servers list when run: every live tool is found, at its registerTool line.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { findToolDefinitions } from '../../../src/core/source/findTools';
import { listTools } from '../schema/formCorpusTools';

const MODULES = resolve(import.meta.dirname, '../../../node_modules');
const PACKAGES = join(MODULES, '@modelcontextprotocol');

function definitionsIn(files: string[]) {
  return files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return findToolDefinitions(text, 'js').map((d) => ({ ...d, file, text: text.split('\n')[d.line] }));
  });
}

test('server-filesystem and server-memory: found names are exactly the listed tools', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-lens-fs-'));
  try {
    for (const [pkg, args] of [
      ['server-filesystem', [dir]],
      ['server-memory', []],
    ] as const) {
      const live = (await listTools(join(MODULES, '.bin', `mcp-${pkg}`), [...args])).map((t) => t.name);
      const found = definitionsIn([join(PACKAGES, pkg, 'dist/index.js')]);
      assert.deepEqual(found.map((d) => d.name).sort(), [...live].sort(), pkg);
      for (const d of found) assert.match(d.text, new RegExp(`registerTool\\("${d.name}"`), `${pkg} ${d.name} at line ${d.line}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('server-everything: names held in `const name = "…"` are found at the registerTool call', async () => {
  const live = (await listTools(join(MODULES, '.bin', 'mcp-server-everything'), ['stdio'])).map((t) => t.name);
  const toolsDir = join(PACKAGES, 'server-everything/dist/tools');
  const found = definitionsIn(readdirSync(toolsDir).filter((f) => f.endsWith('.js')).map((f) => join(toolsDir, f)));
  const names = found.map((d) => d.name);
  for (const name of live) assert.ok(names.includes(name), `${name} is found in the source`);
  // Tools registered only for clients with roots, sampling or elicitation are found too.
  assert.ok(names.includes('trigger-sampling-request') && names.includes('get-roots-list'));
  for (const d of found) assert.match(d.text, /registerTool(Task)?\(/, `${d.name}: ${d.text}`);
});
