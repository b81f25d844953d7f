import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { StdioServerConfig } from '../../../src/core/config/types';
import { portableServer } from '../../../src/core/record/portable';
import { defaultTraceName, recordLaunch, shellQuote, type RecordFormat } from '../../../src/core/record/recordCommand';
import { expandOutPath } from '../../../src/core/record/outPath';

const WS = '/home/ana/weather';
const OPTIONS = { node: 'node', cliPath: '/ext/mcp-lens/dist/cli.js', tracePath: `${WS}/.mcp-lens/traces/weather-{timestamp}.mcptrace.jsonl` };

function config(over: Partial<StdioServerConfig> = {}): StdioServerConfig {
  return {
    type: 'stdio',
    key: `${WS}/.vscode/mcp.json#weather`,
    name: 'weather',
    file: { kind: 'vscode', path: `${WS}/.vscode/mcp.json`, workspaceFolder: WS },
    inputs: [],
    command: 'node',
    args: ['${workspaceFolder}/server.mjs', '--units', 'metric'],
    env: { LOG_LEVEL: 'debug', API_KEY: 'sk-live-4f9a2c', HOME_DIR: '${env:HOME}' },
    ...over,
  };
}

const portable = (over: Partial<StdioServerConfig> = {}) => portableServer(config(over), { userHome: '/home/ana' });
const launch = (format: RecordFormat, over: Partial<StdioServerConfig> = {}, hostEnv?: Record<string, string>) =>
  recordLaunch(portable(over), format, { ...OPTIONS, hostEnv });

test('Claude Desktop: an mcpServers entry that launches the server through mcp-lens record', () => {
  const out = launch('claude-desktop', {}, { HOME: '/home/ana' });
  const entry = JSON.parse(out.text).mcpServers.weather;
  assert.equal(entry.command, 'node');
  assert.deepEqual(entry.args, ['/ext/mcp-lens/dist/cli.js', 'record', '--out', OPTIONS.tracePath, '--', 'node', `${WS}/server.mjs`, '--units', 'metric']);
  // Claude Desktop expands nothing: a plain variable is written out, a secret becomes a placeholder.
  assert.deepEqual(entry.env, { LOG_LEVEL: 'debug', API_KEY: '<API_KEY>', HOME_DIR: '/home/ana' });
  assert.deepEqual(out.needs, ['API_KEY']);
  assert.ok(!out.text.includes('sk-live-4f9a2c'));
});

test('VS Code: a servers entry with type stdio, cwd, ${env:…} references and the inputs it uses', () => {
  const out = launch('vscode', {
    inputs: [{ id: 'token', type: 'promptString', password: true, description: 'Weather API token', default: 'sk-remembered' }],
    env: { WEATHER_TOKEN: '${input:token}', UNWANTED: null },
  });
  const json = JSON.parse(out.text);
  const entry = json.servers.weather;
  assert.equal(entry.type, 'stdio');
  assert.equal(entry.cwd, WS);
  assert.deepEqual(entry.env, { WEATHER_TOKEN: '${input:token}', UNWANTED: null });
  assert.deepEqual(json.inputs, [{ id: 'token', type: 'promptString', password: true, description: 'Weather API token' }]);
  assert.ok(!out.text.includes('sk-remembered'));
  assert.deepEqual(launch('vscode').needs, ['API_KEY', 'HOME']);
  assert.equal(JSON.parse(launch('vscode').text).servers.weather.env.API_KEY, '${env:API_KEY}');
});

test('.mcp.json uses ${NAME}, Cursor ${env:NAME}; an input becomes the variable of its env entry', () => {
  const over = { env: { WEATHER_TOKEN: '${input:token}', HOME_DIR: '${env:HOME}' }, inputs: [{ id: 'token', type: 'promptString' as const, password: true }] };
  assert.deepEqual(JSON.parse(launch('mcp-json', over).text).mcpServers.weather.env, { WEATHER_TOKEN: '${WEATHER_TOKEN}', HOME_DIR: '${HOME}' });
  assert.deepEqual(JSON.parse(launch('cursor', over).text).mcpServers.weather.env, { WEATHER_TOKEN: '${env:WEATHER_TOKEN}', HOME_DIR: '${env:HOME}' });
});

test('secrets in arguments and URLs are references, never values', () => {
  const out = launch('mcp-json', {
    args: ['server.mjs', '--api-key', 'sk-arg-123', '--token=tok-456', '--verbose'],
    env: { DATABASE_URL: 'postgres://ana:hunter2@db:5432/w' },
  });
  const entry = JSON.parse(out.text).mcpServers.weather;
  assert.deepEqual(entry.args.slice(5), ['node', `${WS}/server.mjs`, '--api-key', '${API_KEY}', '--token=${TOKEN}', '--verbose']);
  assert.deepEqual(entry.env, { DATABASE_URL: '${DATABASE_URL}' });
  for (const secret of ['sk-arg-123', 'tok-456', 'hunter2']) assert.ok(!out.text.includes(secret), secret);
});

test('a relative script path is made absolute: another host starts in its own directory', () => {
  const entry = JSON.parse(launch('cursor', { args: ['./build/index.js', 'plain'], cwd: 'packages/weather' }).text).mcpServers.weather;
  assert.deepEqual(entry.args.slice(6), [`${WS}/packages/weather/build/index.js`, 'plain']);
});

test('.mcp.json ${NAME} and ${NAME:-default} in a Claude Code config are read as written', () => {
  const p = portable({ file: { kind: 'mcp', path: `${WS}/.mcp.json`, workspaceFolder: WS }, env: { A: '${TOKEN_A}', B: '${REGION:-eu}' } });
  assert.deepEqual(p.env.find((e) => e.name === 'A')!.value, [{ env: 'TOKEN_A' }]);
  assert.deepEqual(p.env.find((e) => e.name === 'B')!.value, [{ text: '${REGION:-eu}' }]);
});

test('shell: one correctly quoted line; a secret comes from the shell by name', () => {
  const out = launch('shell', { args: ["${workspaceFolder}/it's here/server.mjs", '--units', 'metric'], env: { LOG_LEVEL: 'debug level', API_KEY: 'sk-live-4f9a2c', UNWANTED: null } });
  assert.equal(
    out.text,
    `cd ${WS} && env -u UNWANTED LOG_LEVEL='debug level' API_KEY="\${API_KEY:?set API_KEY first}" node /ext/mcp-lens/dist/cli.js record --out '${WS}/.mcp-lens/traces/weather-{timestamp}.mcptrace.jsonl' -- node '${WS}/it'\\''s here/server.mjs' --units metric`,
  );
  assert.deepEqual(out.needs, ['API_KEY']);
});

test('shellQuote leaves plain words alone and quotes everything else', () => {
  assert.equal(shellQuote('server.mjs'), 'server.mjs');
  assert.equal(shellQuote(''), "''");
  assert.equal(shellQuote('a b'), "'a b'");
  assert.equal(shellQuote('$HOME'), "'$HOME'");
  assert.equal(shellQuote("it's"), "'it'\\''s'");
});

test('trace file names: the server name made safe, the launch time filled in by record', () => {
  assert.equal(defaultTraceName('my server/v2'), 'my-server-v2-{timestamp}.mcptrace.jsonl');
  assert.equal(expandOutPath('/t/w-{timestamp}.mcptrace.jsonl', new Date('2026-11-29T19:50:12.345Z')), '/t/w-2026-11-29T19-50-12-345Z.mcptrace.jsonl');
  assert.equal(expandOutPath('/t/fixed.mcptrace.jsonl'), '/t/fixed.mcptrace.jsonl');
});

test('hot reload: each watched glob becomes --watch GLOB before --out, in JSON entries and the shell line', () => {
  const watch = [`${WS}/src/**/*.ts`, `${WS}/it's/*.json`];
  const json = JSON.parse(recordLaunch(portable(), 'cursor', { ...OPTIONS, watch }).text).mcpServers.weather;
  assert.deepEqual(json.args, ['/ext/mcp-lens/dist/cli.js', 'record', '--watch', watch[0], '--watch', watch[1], '--out', OPTIONS.tracePath, '--', 'node', `${WS}/server.mjs`, '--units', 'metric']);
  const shell = recordLaunch(portable(), 'shell', { ...OPTIONS, watch }).text;
  assert.match(shell, new RegExp(`dist/cli\\.js record --watch '${WS}/src/\\*\\*/\\*\\.ts' --watch '${WS}/it'\\\\''s/\\*\\.json' --out `));
});
