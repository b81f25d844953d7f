import * as assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ServerRowShown } from '../../src/extension/serversDescribe';
import { extensionApi, find, serverNames, serverRow, serverWhere, waitFor } from './support';

const repo = process.env.MCP_LENS_REPO_ROOT ?? '';
const SERVERS = `"servers": {
    "metadata": { "type": "stdio", "command": "node", "args": ["${repo}/test/fixtures/servers/modern-metadata.mjs"] },`;

function configFile(): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'a folder is open');
  return join(folder.uri.fsPath, '.vscode', 'mcp.json');
}

function show(rows: ServerRowShown[] | undefined): string {
  return (rows ?? []).map((r) => `${r.label} | ${r.description} | ${r.icon}`).join('\n');
}

suite('Servers view: titles, icons and annotations', () => {
  let original = '';

  suiteSetup(async () => {
    const { registry } = await extensionApi();
    original = await readFile(configFile(), 'utf8');
    await writeFile(configFile(), original.replace('"servers": {', SERVERS));
    await waitFor('the metadata server', () => find(registry, 'metadata'), 20_000, () => serverNames(registry).join(', '));
  });

  suiteTeardown(async () => {
    const { registry } = await extensionApi();
    if (find(registry, 'metadata')?.state === 'running') await vscode.commands.executeCommand('mcpLens.stopServer', 'metadata');
    await writeFile(configFile(), original);
    await waitFor('the metadata server to go', () => !find(registry, 'metadata'), 20_000, () => serverNames(registry).join(', '));
  });

  test('each row shows the display title over the name, annotation tags beside it, and the tooltip names icons without loading them', async () => {
    const { registry } = await extensionApi();
    await vscode.commands.executeCommand('mcpLens.startServer', 'metadata');
    await serverWhere(registry, 'metadata', 'listed', (s) => s.state === 'running' && s.tools.length === 4 && s.prompts.length === 1 && s.resources.length === 2);
    const groups = (await serverRow('metadata'))?.children ?? [];
    const rowsOf = (group: string) => groups.find((g) => g.label === group)?.children ?? [];
    const tools = rowsOf('Tools');
    const resources = rowsOf('Resources');
    const prompts = rowsOf('Prompts');

    const forecast = tools.find((r) => r.label === 'Get Forecast');
    assert.ok(forecast, show(tools));
    assert.equal(forecast.description, 'get_forecast · read-only · The forecast for a city');
    // The hover starts with the name: the title is the server's free text.
    assert.match(forecast.tooltip, /^\*\*get\\_forecast\*\* — titled Get Forecast\n/);
    assert.match(forecast.tooltip, /Annotations \(the server's hints\): read-only · open world/);
    // The host is written so Markdown cannot autolink it (`https\://`).
    assert.match(forecast.tooltip, /Icon: image\/png · 48x48 · light theme · https\\:\/\/icons\.example\.com\/… \(not loaded\)/);
    // The icon drawn is our theme icon; nothing of the server's src reaches the tooltip beyond its host.
    assert.equal(forecast.icon, 'symbol-method');
    assert.doesNotMatch(forecast.tooltip, /sun\.png/);

    const del = tools.find((r) => r.label === 'Delete a City');
    assert.ok(del, `annotations.title is the display name: ${show(tools)}`);
    assert.equal(del.description, 'delete_city · destructive · Removes a city');
    assert.match(del.tooltip, /destructive · idempotent/);

    // A title written as a Markdown link stays characters: the tooltip cannot become a link.
    const linky = tools.find((r) => r.description.startsWith('linky'));
    assert.ok(linky, show(tools));
    // Link syntax is broken apart on the row too (shown/text.ts): a person reads it, nothing renders it.
    assert.equal(linky.label, '[Open me] (https://evil.example/x)');
    assert.doesNotMatch(linky.tooltip, /\]\(https:\/\/evil\.example\/x\)/);

    const plain = tools.find((r) => r.label === 'plain');
    assert.equal(plain?.description, 'No metadata at all');
    assert.doesNotMatch(plain?.tooltip ?? '', /Annotations|Icon:/);

    const readme = resources.find((r) => r.label === 'Read Me First');
    assert.ok(readme, show(resources));
    assert.equal(readme.description, 'readme · audience: user · priority: 0.9 · memo://readme');
    assert.match(readme.tooltip, /Icon: image\/png · embedded \(34 characters\)/);
    assert.doesNotMatch(readme.tooltip, /data:image/);

    const note = resources.find((r) => r.label === 'Note by Id');
    assert.ok(note, show(resources));
    assert.equal(note.icon, 'symbol-parameter');
    assert.equal(note.description, 'note · audience: assistant · priority: 0.2 · memo://notes/{id}');

    const plan = prompts.find((r) => r.label === 'Plan a Trip');
    assert.ok(plan, show(prompts));
    assert.equal(plan.description, 'plan · Plans a trip');
    assert.match(plan.tooltip, /Icon: image\/svg\+xml · javascript: URI \(not loaded\)/);
    assert.doesNotMatch(plan.tooltip, /alert/);
  });
});
