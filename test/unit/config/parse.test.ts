import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseConfig } from '../../../src/core/config/parse';
import type { ConfigFile } from '../../../src/core/config/types';
import { fixture } from './helpers';

const vscodeFile = (folder: string): ConfigFile => ({ kind: 'vscode', path: fixture(folder, '.vscode', 'mcp.json'), workspaceFolder: fixture(folder) });
const parseFixture = (folder: string) => {
  const file = vscodeFile(folder);
  return parseConfig(file, readFileSync(file.path, 'utf8'));
};

test('a broken server or field names the file, server and field, and the other servers still load', () => {
  const { servers, problems } = parseFixture('broken');
  assert.deepEqual(servers.map((s) => s.name), ['good', 'bad-dev', 'also-good']);
  const byServer = (name: string) => problems.filter((p) => p.server === name);
  for (const p of problems) assert.equal(p.file, fixture('broken', '.vscode', 'mcp.json'));

  assert.deepEqual(byServer('args-not-array').map((p) => [p.field, p.message, p.line]), [['args', '"args" must be an array of strings, found a string', 8]]);
  assert.deepEqual(byServer('no-command').map((p) => [p.field, p.message]), [['type', 'a server needs a "command" (stdio) or a "url" (http)']]);
  assert.deepEqual(byServer('bad-type').map((p) => [p.field, p.message]), [['type', 'type "websocket" is not one of stdio, http, sse']]);
  assert.deepEqual(byServer('unknown-variable').map((p) => [p.field, p.message]), [['args[0]', 'unknown variable ${workspaceRoot}']]);
  assert.deepEqual(byServer('missing-input').map((p) => [p.field, p.message]), [['env.KEY', '${input:nope} refers to an input that "inputs" does not define']]);
  assert.deepEqual(byServer('bad-env-entry').map((p) => [p.field, p.message, p.severity]), [['env.NESTED', '"env.NESTED" must be a string, found an object', 'error']]);
  assert.deepEqual(byServer('not-an-object').map((p) => [p.message, p.line]), [['server "not-an-object" must be an object, found a string', 14]]);
  assert.deepEqual(byServer('bad-dev').map((p) => [p.field, p.severity]), [['dev.watch', 'warning']]);
  // The unsupported input type is reported against the inputs array.
  assert.deepEqual(problems.filter((p) => p.server === undefined).map((p) => [p.field, p.line]), [['inputs[1].type', 4]]);
});

test('each field of a server entry is reported where it is wrong: url, headers, command, args items, cwd', () => {
  const file: ConfigFile = { kind: 'vscode', path: '/w/.vscode/mcp.json', workspaceFolder: '/w' };
  const text = JSON.stringify(
    {
      servers: {
        'http-no-url': { type: 'http' },
        'bad-headers': { url: 'https://example.com/mcp', headers: ['a'] },
        'header-number': { url: 'https://example.com/mcp', headers: { 'X-Retry': 3 } },
        'empty-command': { command: '' },
        'arg-object': { command: 'node', args: ['a', { b: 1 }, 2] },
        'cwd-number': { command: 'node', cwd: 7 },
        sse: { type: 'sse', url: 'https://example.com/sse' },
        stdio: { command: 'node', args: ['s.js', 3], env: { A: null }, cwd: '${workspaceFolder}' },
      },
    },
    null,
    2,
  );
  const { servers, problems } = parseConfig(file, text);
  assert.deepEqual(
    problems.map((p) => [p.server, p.field, p.message]),
    [
      ['http-no-url', 'url', 'a "http" server needs a "url"'],
      ['bad-headers', 'headers', '"headers" must be an object, found an array'],
      ['empty-command', 'command', '"command" is empty'],
      ['arg-object', 'args[1]', '"args[1]" must be a string, found an object'],
      ['cwd-number', 'cwd', '"cwd" must be a string, found a number'],
    ],
  );
  assert.deepEqual(
    servers.map((s) => [s.name, s.type]),
    [
      ['header-number', 'http'],
      ['sse', 'sse'],
      ['stdio', 'stdio'],
    ],
  );
  const stdio = servers.find((s) => s.name === 'stdio');
  assert.ok(stdio?.type === 'stdio');
  assert.deepEqual([stdio.args, stdio.env, stdio.cwd], [['s.js', '3'], { A: null }, '${workspaceFolder}']);
  const headers = servers.find((s) => s.name === 'header-number');
  assert.ok(headers?.type === 'http');
  assert.deepEqual(headers.headers, { 'X-Retry': '3' });
});

test('a warning keeps the server, minus the faulty part', () => {
  const { servers } = parseFixture('broken');
  const server = servers.find((s) => s.name === 'bad-dev');
  assert.deepEqual(server?.dev, { watch: [] });
});

test('a syntax error gives line and column, and the servers that parsed still load', () => {
  const { servers, problems } = parseFixture('syntax-error');
  assert.deepEqual(problems.map((p) => [p.message, p.line, p.column]), [['JSON syntax error: comma expected', 4, 5]]);
  assert.deepEqual(servers.map((s) => s.name), ['a', 'b']);
});

test('mcpServers in .vscode/mcp.json is read, with a warning that names the right key', () => {
  const { servers, problems } = parseFixture('wrong-key');
  assert.deepEqual(servers.map((s) => s.name), ['x']);
  assert.equal(problems.length, 1);
  assert.equal(problems[0].severity, 'warning');
  assert.match(problems[0].message, /keeps its servers under "servers", not "mcpServers"/);
});

test('an empty file, a non-object and a wrong "servers" type are problems', () => {
  const file = vscodeFile('good');
  assert.deepEqual(parseConfig(file, '').problems.map((p) => p.message), ['the file is empty']);
  assert.deepEqual(parseConfig(file, '[1]').problems.map((p) => p.message), ['expected an object at the top level, found an array']);
  assert.deepEqual(parseConfig(file, '{"servers": []}').problems.map((p) => [p.field, p.message]), [['servers', '"servers" must be an object mapping names to servers, found an array']]);
  assert.deepEqual(parseConfig(file, '{}').problems, []);
});

test('${workspaceFolder} in the Claude Desktop config is reported: it belongs to no workspace', () => {
  const file: ConfigFile = { kind: 'claude', path: '/home/u/.config/Claude/claude_desktop_config.json' };
  const { servers, problems } = parseConfig(file, '{"mcpServers": {"a": {"command": "node", "args": ["${workspaceFolder}/x.js"]}, "b": {"command": "node"}}}');
  assert.deepEqual(servers.map((s) => s.name), ['b']);
  assert.deepEqual(problems.map((p) => [p.server, p.field, p.message]), [['a', 'args[0]', '${workspaceFolder} has no meaning outside a workspace']]);
});

test('shell-style ${NAME} is accepted only in .mcp.json (Claude Code expands it)', () => {
  const text = '{"mcpServers": {"a": {"command": "node", "args": ["${DATA_DIR:-/tmp}"]}}}';
  assert.deepEqual(parseConfig({ kind: 'mcp', path: '/w/.mcp.json', workspaceFolder: '/w' }, text).problems, []);
  const cursor = parseConfig({ kind: 'cursor', path: '/w/.cursor/mcp.json', workspaceFolder: '/w' }, text);
  assert.deepEqual(cursor.problems.map((p) => p.message), ['unknown variable ${DATA_DIR:-/tmp}']);
});

test('a cascade of syntax errors is reported once, at the first', () => {
  const file = vscodeFile('good');
  const { problems } = parseConfig(file, '{\n  "servers": {\n    "a": { "command": "node }\n  }\n}\n');
  assert.equal(problems.length, 1);
  assert.equal(problems[0].line, 3);
  assert.match(problems[0].message, /^JSON syntax error: .+ \(and \d+ more syntax errors? after it\)$/);
});
