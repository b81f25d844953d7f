import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { vscodeReferences } from './moduleReferences';

// DESIGN.md §2: src/core "never imports 'vscode'" — it runs in the CLI and the language server,
// where there is no such module. A tsconfig `types` list alone does not stop an explicit import.
const CORE = fileURLToPath(new URL('../../../src/core', import.meta.url));

test('nothing under src/core reaches the vscode module, type-only imports included', () => {
  assert.deepEqual(vscodeReferences(CORE), []);
});

// The check must be able to fail: plant each form in a copy of src/core and see it caught.
const PLANTED: Record<string, string> = {
  'namespace.ts': "import * as vscode from 'vscode';\nexport const x = vscode;\n",
  'typeOnly.ts': "import type { Uri } from 'vscode';\nexport type U = Uri;\n",
  'inlineType.ts': "import { type Uri } from 'vscode';\nexport type U = Uri;\n",
  'reexport.ts': "export * from 'vscode';\n",
  'reexportType.ts': "export type { Uri } from 'vscode';\n",
  'importEquals.ts': "import vscode = require('vscode');\nexport const x = vscode;\n",
  'dynamic.ts': "export const load = () => import('vscode');\n",
  'require.ts': "declare const require: (m: string) => unknown;\nexport const v = require('vscode');\n",
  'typeofImport.ts': "export type Api = typeof import('vscode');\n",
  'importType.ts': "export type W = import('vscode').WorkspaceFolder;\n",
  'reference.ts': '/// <reference types="vscode" />\nexport {};\n',
};

const copies: string[] = [];
after(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

test('a vscode import planted in a copy of src/core is caught, in every form, with its line', () => {
  const copy = mkdtempSync(join(tmpdir(), 'mcp-lens-core-'));
  copies.push(copy);
  cpSync(CORE, copy, { recursive: true });
  const nested = join(copy, 'wire');
  for (const [name, text] of Object.entries(PLANTED)) writeFileSync(join(nested, name), text);
  const found = vscodeReferences(copy);
  assert.deepEqual([...new Set(found.map((f) => f.file))].sort(), Object.keys(PLANTED).map((n) => join('wire', n)).sort());
  const typeOnly = found.find((f) => f.file.endsWith('typeOnly.ts'))!;
  assert.equal(typeOnly.line, 1);
  assert.match(typeOnly.text, /^import type \{ Uri \} from 'vscode'/);
});

test('mentions of vscode that are not imports do not count', () => {
  const copy = mkdtempSync(join(tmpdir(), 'mcp-lens-core-'));
  copies.push(copy);
  writeFileSync(
    join(copy, 'mentions.ts'),
    [
      "// import * as vscode from 'vscode' would break the CLI",
      "export const s = \"import type { Uri } from 'vscode'\";",
      "import { x } from 'vscode-languageserver';",
      "export const t = `require('vscode')`;",
      'export { x };',
    ].join('\n'),
  );
  assert.deepEqual(vscodeReferences(copy), []);
});
