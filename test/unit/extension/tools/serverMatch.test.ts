import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerConfig } from '../../../../src/core/config/types';
import { serversForFile } from '../../../../src/extension/tools/serverMatch';

function workspace(): string {
  const root = mkdtempSync(join(tmpdir(), 'mcp-lens-match-'));
  for (const file of ['servers/weather/server.mjs', 'servers/chatty/server.mjs', 'pkg/src/index.ts', 'pkg/dist/index.js', 'py/app/server.py']) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), '');
  }
  writeFileSync(join(root, 'pkg', 'package.json'), '{}');
  return root;
}

function stdio(root: string, name: string, command: string, args: string[], cwd?: string): ServerConfig {
  return { type: 'stdio', key: name, name, file: { kind: 'vscode', path: join(root, '.vscode', 'mcp.json'), workspaceFolder: root }, inputs: [], command, args, env: {}, ...(cwd ? { cwd } : {}) };
}

test('an argument that names the file (after ${workspaceFolder}) matches that server only', () => {
  const root = workspace();
  const servers = [stdio(root, 'weather', 'node', ['${workspaceFolder}/servers/weather/server.mjs']), stdio(root, 'chatty', 'node', ['servers/chatty/server.mjs'])];
  assert.deepEqual(serversForFile(join(root, 'servers/weather/server.mjs'), servers), [{ key: 'weather', strength: 3 }]);
  assert.deepEqual(serversForFile(join(root, 'servers/chatty/server.mjs'), servers), [{ key: 'chatty', strength: 3 }]);
  assert.deepEqual(serversForFile(join(root, 'pkg/src/index.ts'), servers), []);
});

test('a server launched from its build output is edited in its package: dist/index.js claims src/index.ts', () => {
  const root = workspace();
  const servers = [stdio(root, 'pkg', 'node', ['${workspaceFolder}/pkg/dist/index.js'])];
  assert.deepEqual(serversForFile(join(root, 'pkg/src/index.ts'), servers), [{ key: 'pkg', strength: 1 }]);
});

test('a folder argument, the cwd, and --flag=path forms; ${env:…} expands', () => {
  const root = workspace();
  const servers = [
    stdio(root, 'module', 'python3', ['-m', 'app.server'], '${workspaceFolder}/py'),
    stdio(root, 'flag', 'node', ['--entry=${env:MATCH_ROOT}/servers/chatty/server.mjs']),
  ];
  assert.deepEqual(serversForFile(join(root, 'py/app/server.py'), servers, { MATCH_ROOT: root }), [{ key: 'module', strength: 2 }]);
  assert.deepEqual(serversForFile(join(root, 'servers/chatty/server.mjs'), servers, { MATCH_ROOT: root }), [{ key: 'flag', strength: 3 }]);
});

test('remote servers run no local source', () => {
  const root = workspace();
  const remote: ServerConfig = { type: 'http', key: 'r', name: 'r', url: 'http://localhost', headers: {}, inputs: [], file: { kind: 'vscode', path: join(root, 'x'), workspaceFolder: root } };
  assert.deepEqual(serversForFile(join(root, 'servers/weather/server.mjs'), [remote]), []);
});
