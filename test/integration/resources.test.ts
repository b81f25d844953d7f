import * as assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { PromptOutcome, ReadOutcome } from '../../src/extension/resources/protocol';
import { extensionApi, find, serverNames, serverWhere, waitFor } from './support';

// server-everything (2025-11-25, templates, completions, subscriptions) and a v2-SDK fixture
// spoken to in 2026-07-28; the suite adds both to the workspace copy's .vscode/mcp.json.
const repo = process.env.MCP_LENS_REPO_ROOT ?? '';
const SERVERS = `"servers": {
    "everything": { "type": "stdio", "command": "${repo}/node_modules/.bin/mcp-server-everything", "args": ["stdio"] },
    "v2-resources": { "type": "stdio", "command": "node", "args": ["${repo}/test/fixtures/servers/sdk-v2-resources.mjs"] },
    "list-changes": { "type": "stdio", "command": "node", "args": ["${repo}/test/fixtures/servers/sdk-v1-list-changes.mjs"] },`;

function configFile(): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'a folder is open');
  return join(folder.uri.fsPath, '.vscode', 'mcp.json');
}

suite('resources, templates and prompts', () => {
  let original = '';

  suiteSetup(async () => {
    const { registry } = await extensionApi();
    original = await readFile(configFile(), 'utf8');
    await writeFile(configFile(), original.replace('"servers": {', SERVERS));
    await waitFor('the resource servers', () => find(registry, 'everything') && find(registry, 'v2-resources'), 20_000, () => serverNames(registry).join(', '));
  });

  suiteTeardown(async () => {
    const { registry } = await extensionApi();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const name of ['everything', 'v2-resources', 'list-changes']) if (find(registry, name)?.state === 'running') await vscode.commands.executeCommand('mcpLens.stopServer', name);
    await writeFile(configFile(), original);
    await waitFor('the resource servers to go', () => !find(registry, 'everything') && !find(registry, 'v2-resources') && !find(registry, 'list-changes'), 20_000, () => serverNames(registry).join(', '));
  });

  test('a 2026-07-28 template read with its variables expanded; the JSON contents get the json language', async () => {
    const { registry } = await extensionApi();
    await vscode.commands.executeCommand('mcpLens.startServer', 'v2-resources');
    await serverWhere(registry, 'v2-resources', 'running', (s) => s.state === 'running' && s.resources.includes('weather'));
    const outcome = await vscode.commands.executeCommand<ReadOutcome>('mcpLens.readResource', { server: 'v2-resources', uriTemplate: 'weather://{city}/now{?units}', values: { city: 'Oslo', units: 'imperial' } });
    assert.equal(outcome.kind, 'read', JSON.stringify(outcome));
    assert.equal(outcome.kind === 'read' && outcome.uri, 'weather://Oslo/now?units=imperial');
    const part = outcome.kind === 'read' ? outcome.parts[0] : undefined;
    assert.equal(part?.kind === 'text' && part.languageId, 'json');
    assert.equal(JSON.parse(part?.kind === 'text' ? part.text : '{}').units, 'imperial');
  });

  test('not found is told apart: -32602 from a 2026-07-28 server, -32002 or -32602 from a legacy one, each explained', async () => {
    const { registry } = await extensionApi();
    const modern = await vscode.commands.executeCommand<ReadOutcome>('mcpLens.readResource', { server: 'v2-resources', uri: 'nothing://here' });
    assert.equal(modern.kind, 'protocolError', JSON.stringify(modern));
    assert.ok(modern.kind === 'protocolError' && modern.code === -32602 && modern.notFound);
    assert.match(modern.kind === 'protocolError' ? modern.explanation : '', /2026-07-28 server says "resource not found"/);
    await vscode.commands.executeCommand('mcpLens.startServer', 'everything');
    await serverWhere(registry, 'everything', 'running', (s) => s.state === 'running' && s.prompts.length > 0);
    const legacy = await vscode.commands.executeCommand<ReadOutcome>('mcpLens.readResource', { server: 'everything', uri: 'demo://resource/nothing/here' });
    assert.equal(legacy.kind, 'protocolError', JSON.stringify(legacy));
    assert.match(legacy.kind === 'protocolError' ? legacy.explanation : '', legacy.kind === 'protocolError' && legacy.code === -32002 ? /2025-11-25 and earlier/ : /Legacy servers answer an unknown resource with -32002/);
  });

  test('a prompt with arguments: the rendered messages, role by role, an image and an embedded resource included', async () => {
    const outcome = await vscode.commands.executeCommand<PromptOutcome>('mcpLens.getPrompt', { server: 'v2-resources', prompt: 'trip', args: { city: 'Oslo', days: '3' } });
    assert.equal(outcome.kind, 'messages', JSON.stringify(outcome));
    const messages = outcome.kind === 'messages' ? outcome.messages : [];
    assert.deepEqual(messages.map((m) => [m.role, (m.content as { type: string }).type]), [
      ['user', 'text'],
      ['assistant', 'image'],
      ['user', 'resource'],
    ]);
    assert.equal((messages[0]?.content as { text: string }).text, 'Plan 3 days in Oslo.');
  });

  test('server-everything: Watch subscribes and each notifications/resources/updated reads the resource again', async () => {
    const uri = 'demo://resource/dynamic/text/1';
    const first = await vscode.commands.executeCommand<{ uri: string; updates: number } | undefined>('mcpLens.watchResource', { server: 'everything', uri });
    assert.deepEqual(first, { uri, updates: 0, via: 'subscribe' });
    await vscode.commands.executeCommand('mcpLens.runTool', { server: 'everything', tool: 'toggle-subscriber-updates', args: {} });
    const watched = await waitFor('two updates of the watched resource', async () => {
      const now = await vscode.commands.executeCommand<{ uri: string; updates: number } | undefined>('mcpLens.watchResource', { server: 'everything', uri });
      return now && now.updates >= 2 ? now : undefined;
    }, 30_000);
    assert.equal(watched.uri, uri);
  });

  test('Set Log Level on a server that declares logging: logging/setLevel answered; refused where logging is not declared', async () => {
    assert.equal(await vscode.commands.executeCommand('mcpLens.setLogLevel', 'everything', 'warning'), 'warning');
    assert.equal(await vscode.commands.executeCommand('mcpLens.setLogLevel', 'v2-resources', 'warning'), undefined);
  });

  test('a tools/list_changed that changed the list: the Servers view lists again and the list diff says what changed', async () => {
    const { registry } = await extensionApi();
    await vscode.commands.executeCommand('mcpLens.startServer', 'list-changes');
    await serverWhere(registry, 'list-changes', 'running with add-greet', (s) => s.state === 'running' && s.tools.includes('add-greet'));
    await vscode.commands.executeCommand('mcpLens.runTool', { server: 'list-changes', tool: 'add-greet', args: {} });
    await serverWhere(registry, 'list-changes', 'greet listed', (s) => s.tools.includes('greet') && !s.tools.includes('add-greet'));
    const diff = await waitFor('the list_changed diff', async () => {
      const d = await vscode.commands.executeCommand<{ message: string; changes: string[] } | undefined>('mcpLens.devloop.lastDiff', 'list-changes');
      return d && d.changes.some((c) => c.includes('greet added')) && !d.changes.some((c) => c.includes('add-greet') && c.includes('added')) ? d : undefined;
    }, 30_000);
    assert.match(diff.message, /^list-changes sent notifications\/tools\/list_changed: /);
    assert.ok(diff.changes.some((c) => c.startsWith('- tool add-greet removed')), diff.changes.join('\n'));
  });
});
