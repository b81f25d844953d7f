/**
 * Client profiles: a session declares what a host declares, and a server that registers tools
 * per client (the SDK fixture per-client.mjs) lists them as that host sees them — through the
 * core client and through `mcp-lens check --client-profile`.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, test } from 'node:test';
import { CLIENT_PROFILES, clientProfile, MCP_APPS_EXTENSION } from '../../../src/core/hosts/clientProfiles';
import { McpClient } from '../../../src/core/session/client';
import { clientProfileFor } from '../../../src/extension/clientProfileFor';
import { buildCli, FIXTURES, NODE, report, ROOT, runCli } from '../cli/helpers';

const SERVER = { command: NODE, args: [`${FIXTURES}hosts/per-client.mjs`] };

async function toolsAs(id: string | undefined): Promise<{ tools: string[]; initialize: Record<string, unknown> }> {
  const profile = id === undefined ? undefined : clientProfile(id)!;
  const client = new McpClient(SERVER, profile ? { clientInfo: profile.clientInfo, declare: profile.capabilities } : {});
  try {
    await client.connect();
    const tools = (await client.listAll('tools/list')).map((t) => String(t.name));
    const sent = client.trace.events.find((e) => e.dir === 'c2s' && (e.msg as { method?: string } | undefined)?.method === 'initialize');
    return { tools, initialize: (sent?.msg as { params: Record<string, unknown> }).params };
  } finally {
    await client.close();
  }
}

test('every profile has a unique id, a clientInfo and the pages it comes from', () => {
  assert.equal(new Set(CLIENT_PROFILES.map((p) => p.id)).size, CLIENT_PROFILES.length);
  for (const p of CLIENT_PROFILES) {
    assert.ok(p.clientInfo.name && p.clientInfo.version, p.id);
    assert.ok(p.sources.length > 0, p.id);
    for (const s of p.sources) assert.match(s, /^https:\/\/\S+/, p.id);
  }
});

test('the same server lists different tools to MCP Lens, VS Code, Claude, Cursor and Gemini CLI', async () => {
  const seen = Object.fromEntries(await Promise.all([undefined, 'vscode', 'claude-desktop', 'cursor', 'gemini-cli'].map(async (id) => [id ?? 'mcp-lens', (await toolsAs(id)).tools.sort()])));
  assert.deepEqual(seen, {
    'mcp-lens': ['dashboard_text', 'echo'],
    // MCP Apps (the extension), the clientInfo name, and elicitation.
    vscode: ['confirm_delete', 'dashboard', 'echo', 'open_in_editor'],
    'claude-desktop': ['dashboard', 'echo'],
    cursor: ['confirm_delete', 'dashboard_text', 'echo'],
    'gemini-cli': ['dashboard_text', 'echo'],
  });
});

test('initialize carries the profile\'s clientInfo and capabilities, the MCP Apps extension included', async () => {
  const { initialize } = await toolsAs('claude-desktop');
  assert.deepEqual(initialize.clientInfo, { name: 'claude-ai', version: '0.1.0' });
  assert.deepEqual(initialize.capabilities, { extensions: { [MCP_APPS_EXTENSION]: { mimeTypes: ['text/html;profile=mcp-app'] } } });
  const plain = await toolsAs(undefined);
  assert.equal((plain.initialize.clientInfo as { name: string }).name, 'mcp-lens');
  assert.deepEqual(plain.initialize.capabilities, { extensions: { 'io.modelcontextprotocol/skills': {} } });
});

before(buildCli);

test('mcp-lens check --client-profile vscode lists the tools that server keeps for VS Code; an unknown profile is a usage error', async () => {
  const run = await runCli(['check', '--json', '--client-profile', 'vscode', '--', NODE, `${FIXTURES}hosts/per-client.mjs`]);
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(report(run).tools.map((t: { name: string }) => t.name).sort(), ['confirm_delete', 'dashboard', 'echo', 'open_in_editor']);
  const plain = await runCli(['check', '--json', '--', NODE, `${FIXTURES}hosts/per-client.mjs`]);
  assert.deepEqual(report(plain).tools.map((t: { name: string }) => t.name).sort(), ['dashboard_text', 'echo']);
  const bad = await runCli(['check', '--client-profile', 'netscape', '--', NODE, `${FIXTURES}hosts/per-client.mjs`]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /check: unknown client profile "netscape" \(known: vscode, claude-desktop, claude-code, chatgpt, cursor, gemini-cli\)/);
});

test('mcp-lens check --client-profile claude-code answers the roots/list that profile declares (server-filesystem without folders takes them)', async () => {
  const run = await runCli(['check', '--client-profile', 'claude-code', '--', `${ROOT}node_modules/.bin/mcp-server-filesystem`]);
  assert.equal(run.code, 0, run.stderr);
  // The server's request and the client's answer, with other lines (its tools/list answer) between them.
  assert.match(run.stdout, /← roots\/list #0\n/);
  assert.match(run.stdout, /→ #0 ✓/);
  assert.match(run.stdout, /Updated allowed directories from MCP roots: 1 valid directories/);
  assert.doesNotMatch(run.stdout, /does not answer "roots\/list"/);
});

test('the editor setting mcpLens.clientProfiles offers exactly these profiles; a server\'s own entry wins over "*"', () => {
  const manifest = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
  assert.deepEqual(manifest.contributes.configuration.properties['mcpLens.clientProfiles'].additionalProperties.enum, CLIENT_PROFILES.map((p) => p.id));
  assert.equal(clientProfileFor('weather', { weather: 'cursor', '*': 'vscode' })?.id, 'cursor');
  assert.equal(clientProfileFor('notes', { weather: 'cursor', '*': 'vscode' })?.id, 'vscode');
  assert.equal(clientProfileFor('notes', { weather: 'cursor' }), undefined);
  assert.equal(clientProfileFor('notes', { notes: 'netscape' }), undefined);
});
