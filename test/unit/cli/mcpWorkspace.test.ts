import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { buildCli, CLI, FIXTURES, NODE } from './helpers';

// An agent in a server's own repository: `mcp-lens mcp` runs in a folder whose .vscode/mcp.json
// configures the server, and the agent starts it by name without knowing its command.
let folder: string;
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
  const transport = new StdioClientTransport({ command: NODE, args: [CLI, 'mcp', '--timeout', '10000'], cwd: folder, env: { ...(process.env as Record<string, string>), NODE_FOR_TEST: NODE }, stderr: 'pipe' });
  client = new Client({ name: 'agent-in-a-repo', version: '1.0.0' });
  await client.connect(transport);
});

after(async () => {
  await client?.close();
  rmSync(folder, { recursive: true, force: true });
});

async function call(name: string, args: Record<string, unknown>): Promise<{ text: string; isError: boolean }> {
  const result = await client.callTool({ name, arguments: args });
  const content = result.content as { type: string; text?: string }[];
  return { text: content.map((c) => c.text ?? '').join(''), isError: result.isError === true };
}

test('list_servers shows the configured servers with their file and line', async () => {
  const listed = await call('list_servers', {});
  assert.equal(listed.isError, false, listed.text);
  assert.match(listed.text, /^2 configured server\(s\) in .*mcp-lens-workspace-/m);
  // As configured, as the Servers view shows it: the variables are expanded when it starts.
  assert.match(listed.text, /^- weather \(\$\{env:NODE_FOR_TEST\} \$\{workspaceFolder\}\/build\/index\.mjs\) at \.vscode\/mcp\.json:4$/m);
  assert.match(listed.text, /^- keyed \(.* build\/index\.mjs\) at \.vscode\/mcp\.json:5$/m);
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
  assert.match(failed.text, /^No configured server named "nope" in .* \(configured: weather, keyed\)\. Give "command"/);
});
