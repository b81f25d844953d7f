import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfigs } from '../../../src/core/config/load';
import type { RemoteServerConfig, StdioServerConfig } from '../../../src/core/config/types';
import { fixture } from './helpers';

test('reads .vscode/mcp.json, .mcp.json and .cursor/mcp.json of a workspace, in that order', async () => {
  const folder = fixture('good');
  const loaded = await loadConfigs({ workspaceFolders: [folder] });
  assert.deepEqual(loaded.problems, []);
  assert.deepEqual(
    loaded.servers.map((s) => `${s.file.kind}:${s.name}:${s.type}`),
    ['vscode:weather:stdio', 'vscode:remote:http', 'vscode:implicit:stdio', 'mcp:claude-code-style:stdio', 'cursor:cursor-server:stdio', 'cursor:cursor-remote:http'],
  );
  assert.equal(loaded.found.length, 3);
  assert.equal(loaded.candidates.length, 3);
});

test('keeps every field of a .vscode/mcp.json stdio server', async () => {
  const loaded = await loadConfigs({ workspaceFolders: [fixture('good')] });
  const weather = loaded.servers.find((s) => s.name === 'weather') as StdioServerConfig;
  assert.equal(weather.command, 'node');
  assert.deepEqual(weather.args, ['${workspaceFolder}/server.mjs', '--region', '${input:region}']);
  assert.deepEqual(weather.env, { API_KEY: '${input:api-key}', HOME_DIR: '${userHome}', PORT: '8080', UNSET_ME: null });
  assert.equal(weather.envFile, '${workspaceFolder}/.env');
  assert.deepEqual(weather.dev, { watch: ['src/**/*.ts'], debug: { type: 'node' } });
  assert.equal(weather.line, 8);
  assert.deepEqual(weather.inputs.map((i) => [i.id, i.type, i.password]), [['api-key', 'promptString', true], ['region', 'pickString', false]]);
  assert.deepEqual(weather.inputs[1].options, ['eu', 'us']);
  const remote = loaded.servers.find((s) => s.name === 'remote') as RemoteServerConfig;
  assert.equal(remote.url, 'https://example.com/mcp');
  assert.deepEqual(remote.headers, { Authorization: 'Bearer ${env:TOKEN}' });
  const implicit = loaded.servers.find((s) => s.name === 'implicit') as StdioServerConfig;
  assert.equal(implicit.type, 'stdio');
  assert.equal(implicit.cwd, 'py');
});

test('server keys are unique across files and stable across loads', async () => {
  const a = await loadConfigs({ workspaceFolders: [fixture('good')] });
  const b = await loadConfigs({ workspaceFolders: [fixture('good')] });
  assert.deepEqual(a.servers.map((s) => s.key), b.servers.map((s) => s.key));
  assert.equal(new Set(a.servers.map((s) => s.key)).size, a.servers.length);
});

test('reads the Claude Desktop config from the platform location', async () => {
  const home = fixture('claude-home');
  const loaded = await loadConfigs({ workspaceFolders: [], claudeDesktop: { platform: 'linux', home } });
  assert.deepEqual(loaded.problems, []);
  assert.equal(loaded.servers.length, 1);
  const server = loaded.servers[0] as StdioServerConfig;
  assert.equal(server.name, 'filesystem');
  assert.equal(server.file.kind, 'claude');
  assert.equal(server.file.workspaceFolder, undefined);
  assert.deepEqual(server.args, ['-y', '@modelcontextprotocol/server-filesystem', '/tmp']);
});

test('a workspace without config files loads nothing and reports nothing', async () => {
  const loaded = await loadConfigs({ workspaceFolders: [fixture('claude-home')] });
  assert.deepEqual(loaded.servers, []);
  assert.deepEqual(loaded.problems, []);
  assert.deepEqual(loaded.found, []);
});

test('an unreadable config file is a problem, not a crash', async () => {
  const folder = fixture('good');
  const loaded = await loadConfigs({
    workspaceFolders: [folder],
    read: async (p) => {
      if (p.endsWith('.mcp.json') && !p.includes('.cursor') && !p.includes('.vscode')) throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
      const { readFile } = await import('node:fs/promises');
      return readFile(p, 'utf8');
    },
  });
  assert.equal(loaded.problems.length, 1);
  assert.match(loaded.problems[0].message, /cannot read the file: EACCES/);
  assert.ok(loaded.servers.some((s) => s.name === 'weather'));
});

test('~/.claude.json: its user servers and this folder\'s project servers, each at its line, with keys of their own; a fault of the file told once', async () => {
  const text = ['{', '  "mcpServers": { "db": { "command": "a" } },', '  "projects": {', '    "/w": { "mcpServers": {', '      "db": { "command": "b" } } },', '    "/other": { "mcpServers": { "x": { "command": "c" } } }', '  }', '}'].join('\n');
  const files: Record<string, string> = { '/h/.claude.json': text };
  const read = async (p: string) => {
    if (p in files) return files[p];
    throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
  };
  const loaded = await loadConfigs({ workspaceFolders: ['/w'], user: { platform: 'linux', home: '/h' }, read });
  assert.deepEqual(loaded.problems, []);
  assert.deepEqual(loaded.servers.map((s) => [s.name, (s as StdioServerConfig).command, s.line, s.file.label, s.file.workspaceFolder]), [
    ['db', 'a', 2, 'Claude Code, user', undefined],
    ['db', 'b', 5, 'Claude Code, this project', '/w'],
  ]);
  assert.equal(new Set(loaded.servers.map((s) => s.key)).size, 2);
  files['/h/.claude.json'] = '{ "mcpServers": { ';
  const broken = await loadConfigs({ workspaceFolders: ['/w'], user: { platform: 'linux', home: '/h' }, read });
  assert.equal(broken.problems.length, 1, JSON.stringify(broken.problems));
  assert.match(broken.problems[0].message, /JSON syntax error/);
});
