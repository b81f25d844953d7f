import * as assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { extensionApi, find, folder, serverNames, serverWhere, stopAllServers, waitFor } from './support';

// mcpLens.clientProfiles: the same SDK server (per-client.mjs registers tools by clientInfo and
// declared capabilities) lists one set of tools to MCP Lens itself and another as each host.
const repo = process.env.MCP_LENS_REPO_ROOT ?? '';
const source = join(repo, 'test', 'fixtures', 'servers', 'hosts', 'per-client.mjs');
const SERVERS = `"servers": {
    "per-client": { "type": "stdio", "command": "node", "args": [${JSON.stringify(source)}] },`;

const configFile = () => join(folder(), '.vscode', 'mcp.json');
const profiles = (value: Record<string, string> | undefined) => vscode.workspace.getConfiguration('mcpLens').update('clientProfiles', value, vscode.ConfigurationTarget.Workspace);

suite('Client profiles', () => {
  let original = '';

  suiteSetup(async () => {
    const { registry } = await extensionApi();
    original = await readFile(configFile(), 'utf8');
    await writeFile(configFile(), original.replace('"servers": {', SERVERS));
    await waitFor('the per-client fixture server', () => find(registry, 'per-client'), 20_000, () => serverNames(registry).join(', '));
  });

  suiteTeardown(async () => {
    await profiles(undefined);
    await stopAllServers();
    await writeFile(configFile(), original);
  });

  test('as MCP Lens, as VS Code, as Claude: the Servers view lists the tools the server keeps for each', async () => {
    const { registry } = await extensionApi();
    const toolsAfterStart = async (command: string, what: string) => {
      await vscode.commands.executeCommand(command, 'per-client');
      const s = await serverWhere(registry, 'per-client', `running ${what}`, (x) => x.state === 'running' && x.tools.includes('echo'));
      return [...s.tools].sort();
    };
    await profiles(undefined);
    // The editor answers elicitation, so it declares it: confirm_delete is listed.
    assert.deepEqual(await toolsAfterStart('mcpLens.startServer', 'as itself'), ['confirm_delete', 'dashboard_text', 'echo']);
    await profiles({ 'per-client': 'vscode' });
    // The MCP Apps extension, the clientInfo name "Visual Studio Code" and elicitation each bring a tool.
    assert.deepEqual(await toolsAfterStart('mcpLens.restartServer', 'as VS Code'), ['confirm_delete', 'dashboard', 'echo', 'open_in_editor']);
    // Claude declares only the MCP Apps extension: no elicitation, so no confirm_delete.
    await profiles({ '*': 'claude-desktop' });
    assert.deepEqual(await toolsAfterStart('mcpLens.restartServer', 'as Claude'), ['dashboard', 'echo']);
  });
});
