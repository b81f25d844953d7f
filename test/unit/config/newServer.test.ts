import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parse } from 'jsonc-parser';
import { serverJson, splitCommandLine, suggestedName, withServer } from '../../../src/core/config/newServer';
import { parseConfig } from '../../../src/core/config/parse';

test('Add Server: each way of naming a server becomes the entry VS Code accepts', () => {
  assert.deepEqual(serverJson('command', 'node "${workspaceFolder}/my server.js" --port 3'), { type: 'stdio', command: 'node', args: ['${workspaceFolder}/my server.js', '--port', '3'] });
  assert.deepEqual(serverJson('npm', '@modelcontextprotocol/server-memory'), { type: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] });
  assert.deepEqual(serverJson('pip', 'mcp-server-time'), { type: 'stdio', command: 'uvx', args: ['mcp-server-time'] });
  assert.deepEqual(serverJson('python', 'weather.server'), { type: 'stdio', command: 'python', args: ['-m', 'weather.server'] });
  assert.deepEqual(serverJson('http', ' https://example.com/mcp '), { type: 'http', url: 'https://example.com/mcp' });
  assert.deepEqual(splitCommandLine(`uv run 'a b' c`), ['uv', 'run', 'a b', 'c']);
});

test('Add Server: a name is suggested from the package, module, script or host', () => {
  assert.equal(suggestedName('npm', '@modelcontextprotocol/server-memory@1.2.0'), 'server-memory');
  assert.equal(suggestedName('python', 'weather.server'), 'weather.server');
  assert.equal(suggestedName('command', 'node ./servers/weather.mjs'), 'weather');
  assert.equal(suggestedName('http', 'https://api.example.com/mcp'), 'api.example.com');
  assert.equal(suggestedName('http', 'not a url'), 'server');
});

test('Add Server: the entry goes under "servers", comments kept; a new file is created; a taken name is refused', () => {
  const entry = serverJson('npm', 'server-memory');
  const created = withServer(undefined, 'memory', entry);
  assert.deepEqual(parse(created), { servers: { memory: entry } });
  const existing = '{\n\t// ours\n\t"servers": {\n\t\t"a": { "command": "node", "args": ["a.js"] }\n\t},\n\t"inputs": []\n}\n';
  const added = withServer(existing, 'memory', entry);
  assert.match(added, /\/\/ ours/);
  assert.deepEqual(Object.keys(parse(added).servers), ['a', 'memory']);
  assert.throws(() => withServer(added, 'a', entry), /already/);
  // MCP Lens reads back what it wrote, with no problem.
  const read = parseConfig({ kind: 'vscode', path: '/w/.vscode/mcp.json', workspaceFolder: '/w' }, withServer(added, 'web', serverJson('http', 'https://example.com/mcp')));
  assert.deepEqual(read.problems, []);
  assert.deepEqual(read.servers.map((s) => s.name), ['a', 'memory', 'web']);
});

test('Add Server into .mcp.json: the entry goes under "mcpServers", and MCP Lens reads it back with no problem', () => {
  const created = withServer(undefined, 'memory', serverJson('npm', 'server-memory'), 'mcpServers');
  assert.deepEqual(parse(created), { mcpServers: { memory: { type: 'stdio', command: 'npx', args: ['-y', 'server-memory'] } } });
  const existing = '{\n\t// shared with Claude Code\n\t"mcpServers": {\n\t\t"a": { "command": "node", "args": ["a.js"] }\n\t}\n}\n';
  const added = withServer(existing, 'web', serverJson('http', 'https://example.com/mcp'), 'mcpServers');
  assert.match(added, /\/\/ shared with Claude Code/);
  assert.throws(() => withServer(added, 'a', serverJson('npm', 'x'), 'mcpServers'), /already/);
  const read = parseConfig({ kind: 'mcp', path: '/w/.mcp.json', workspaceFolder: '/w' }, added);
  assert.deepEqual(read.problems, []);
  const lineOf = (key: string) => added.split('\n').findIndex((l) => l.includes(`"${key}"`)) + 1;
  assert.deepEqual(read.servers.map((s) => [s.name, s.type, s.line]), [['a', 'stdio', 4], ['web', 'http', lineOf('web')]]);
  assert.ok(lineOf('web') > 4, added);
});
