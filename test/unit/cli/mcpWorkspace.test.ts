import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { buildCli, CLI, FIXTURES, NODE } from './helpers';

// An agent in a server's own repository: `mcp-lens mcp` runs in a folder whose .vscode/mcp.json
// configures the server, and the agent starts it by name without knowing its command.
let folder: string;
// The agent's home, with the user-level files the hosts read: Claude Code's ~/.claude.json
// (user scope and this folder's project entry) and the Copilot CLI's ~/.copilot/mcp-config.json.
let home: string;
let client: Client;

before(async () => {
  await buildCli();
  folder = mkdtempSync(path.join(tmpdir(), 'mcp-lens-workspace-'));
  mkdirSync(path.join(folder, '.vscode'));
  mkdirSync(path.join(folder, 'build'));
  writeFileSync(path.join(folder, 'build', 'index.mjs'), `import ${JSON.stringify(`${FIXTURES}legacy-basic.mjs`)};\n`);
  writeFileSync(path.join(folder, '.env'), 'FROM_ENV_FILE=yes\n');
  writeFileSync(
    path.join(folder, '.vscode', 'mcp.json'),
    [
      '{',
      '  "inputs": [{ "id": "api-key", "type": "promptString", "password": true }],',
      '  "servers": {',
      '    "weather": { "type": "stdio", "command": "${env:NODE_FOR_TEST}", "args": ["${workspaceFolder}/build/index.mjs"], "envFile": "${workspaceFolder}/.env" },',
      '    "keyed": { "type": "stdio", "command": "${env:NODE_FOR_TEST}", "args": ["build/index.mjs"], "env": { "API_KEY": "${input:api-key}" } }',
      '  }',
      '}',
    ].join('\n'),
  );
  home = mkdtempSync(path.join(tmpdir(), 'mcp-lens-home-'));
  const legacy = JSON.stringify(`${FIXTURES}legacy-basic.mjs`);
  writeFileSync(
    path.join(home, '.claude.json'),
    [
      '{',
      '  "numStartups": 3,',
      `  "mcpServers": { "notes": { "command": ${JSON.stringify(NODE)}, "args": [${legacy}] } },`,
      '  "projects": {',
      '    "/somewhere/else": { "mcpServers": { "elsewhere": { "command": "node" } } },',
      `    ${JSON.stringify(realpathSync(folder))}: {`,
      `      "mcpServers": { "local-db": { "type": "stdio", "command": ${JSON.stringify(NODE)}, "args": ["build/index.mjs"] } }`,
      '    }',
      '  }',
      '}',
    ].join('\n'),
  );
  mkdirSync(path.join(home, '.copilot'));
  writeFileSync(path.join(home, '.copilot', 'mcp-config.json'), '{\n  "mcpServers": {\n    "search": { "type": "http", "url": "https://example.com/mcp" }\n  }\n}\n');
  const env: Record<string, string> = { ...(process.env as Record<string, string>), NODE_FOR_TEST: NODE, HOME: home, USERPROFILE: home };
  delete env.COPILOT_HOME;
  const transport = new StdioClientTransport({ command: NODE, args: [CLI, 'mcp', '--timeout', '10000'], cwd: folder, env, stderr: 'pipe' });
  client = new Client({ name: 'agent-in-a-repo', version: '1.0.0' });
  await client.connect(transport);
});

after(async () => {
  await client?.close();
  rmSync(folder, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

async function call(name: string, args: Record<string, unknown>): Promise<{ text: string; isError: boolean }> {
  const result = await client.callTool({ name, arguments: args });
  const content = result.content as { type: string; text?: string }[];
  return { text: content.map((c) => c.text ?? '').join(''), isError: result.isError === true };
}

test('list_servers shows the configured servers with their file and line', async () => {
  const listed = await call('list_servers', {});
  assert.equal(listed.isError, false, listed.text);
  assert.match(listed.text, /^5 configured server\(s\) in .*mcp-lens-workspace-/m);
  // As configured, as the Servers view shows it: the variables are expanded when it starts.
  assert.match(listed.text, /^- weather \(\$\{env:NODE_FOR_TEST\} \$\{workspaceFolder\}\/build\/index\.mjs\) at \.vscode\/mcp\.json:4$/m);
  assert.match(listed.text, /^- keyed \(.* build\/index\.mjs\) at \.vscode\/mcp\.json:5$/m);
  // The user-level files by their path, at the line of each server's name; another folder's project entry is not this one's.
  const at = (file: string, line: number, label: string) => `at ${path.join(home, file)}:${line} (${label})`;
  const lines = listed.text.split('\n');
  assert.ok(lines.includes(`- notes (${NODE} ${FIXTURES}legacy-basic.mjs) ${at('.claude.json', 3, 'Claude Code, user')}`), listed.text);
  assert.ok(lines.includes(`- local-db (${NODE} build/index.mjs) ${at('.claude.json', 7, 'Claude Code, this project')}`), listed.text);
  assert.ok(lines.includes(`- search (http https://example.com/mcp) ${at(path.join('.copilot', 'mcp-config.json'), 3, 'Copilot CLI, user')}`), listed.text);
  assert.doesNotMatch(listed.text, /elsewhere/);
  assert.match(listed.text, /No sessions yet/);
});

test('start_server with a configured name starts it, and its tools list', async () => {
  const started = await call('start_server', { name: 'weather' });
  assert.equal(started.isError, false, started.text);
  assert.match(started.text, /^Started\.\n- weather \(.*build\/index\.mjs\): running\n {2}era: legacy/);
  const tools = await call('list_capabilities', { name: 'weather', kind: 'tools' });
  assert.match(tools.text, /^- echo\(text\*: string\) — Echoes text$/m);
  const listed = await call('list_servers', {});
  assert.match(listed.text, /1 session\(s\):\n- weather \(.*\): running/);
  await call('stop_server', { name: 'weather' });
});

test('a configured server whose input is not in the environment is one clear error', async () => {
  const failed = await call('start_server', { name: 'keyed' });
  assert.equal(failed.isError, true);
  assert.equal(failed.text, '"keyed" in .vscode/mcp.json:5 uses ${input:api-key}, which an editor would ask for. Set MCP_LENS_INPUT_API_KEY in the environment mcp-lens mcp runs in.');
});

test('a name nothing configures says which names are', async () => {
  const failed = await call('start_server', { name: 'nope' });
  assert.equal(failed.isError, true);
  assert.match(failed.text, /^No configured server named "nope" in .* \(configured: weather, keyed, search, notes, local-db\)\. Give "command"/);
});

test('start_server with the name of a server of Claude Code\'s project scope starts it from the folder', async () => {
  const started = await call('start_server', { name: 'local-db' });
  assert.equal(started.isError, false, started.text);
  assert.match(started.text, /^Started\.\n- local-db \(.*build\/index\.mjs\): running\n {2}era: legacy/);
  await call('stop_server', { name: 'local-db' });
});
