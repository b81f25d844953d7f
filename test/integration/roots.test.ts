import * as assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { CallOutcome } from '../../src/extension/tools/protocol';
import { extensionApi, find, folder, serverNames, waitFor } from './support';

// The SDK ask-back fixtures (v1: legacy roots/list request, v2: 2026-07-28 roots/list inside
// an input_required round) answered with the workspace folders, then with mcpLens.roots.
const repo = process.env.MCP_LENS_REPO_ROOT ?? '';
const v1 = join(repo, 'test', 'fixtures', 'servers', 'sdk-v1-asks.mjs');
const v2 = join(repo, 'test', 'fixtures', 'servers', 'sdk-v2-asks.mjs');
const SERVERS = `"servers": {
    "asks-v1": { "type": "stdio", "command": "node", "args": ["${v1}"] },
    "asks-v2": { "type": "stdio", "command": "node", "args": ["${v2}"] },`;

async function toolJson(server: string, tool: string): Promise<unknown> {
  const outcome = await vscode.commands.executeCommand<CallOutcome>('mcpLens.runTool', { server, tool, args: {} });
  assert.equal(outcome.kind, 'result', JSON.stringify(outcome));
  if (outcome.kind !== 'result') return undefined;
  return JSON.parse((outcome.result.content as { text: string }[])[0]!.text);
}

suite('roots from the workspace', () => {
  let original = '';
  const configFile = () => join(folder(), '.vscode', 'mcp.json');

  suiteSetup(async () => {
    const { registry } = await extensionApi();
    original = await readFile(configFile(), 'utf8');
    await writeFile(configFile(), original.replace('"servers": {', SERVERS));
    await waitFor('the ask-back servers', () => find(registry, 'asks-v1') && find(registry, 'asks-v2'), 20_000, () => serverNames(registry).join(', '));
  });

  suiteTeardown(async () => {
    const { registry } = await extensionApi();
    await vscode.workspace.getConfiguration('mcpLens').update('roots', undefined, vscode.ConfigurationTarget.Workspace);
    for (const name of ['asks-v1', 'asks-v2']) if (find(registry, name)?.state === 'running') await vscode.commands.executeCommand('mcpLens.stopServer', name);
    await writeFile(configFile(), original);
    await waitFor('the ask-back servers to go', () => !find(registry, 'asks-v1') && !find(registry, 'asks-v2'), 20_000, () => serverNames(registry).join(', '));
  });

  test('both eras get the workspace folder as their root', async () => {
    const expected = (vscode.workspace.workspaceFolders ?? []).map((f) => ({ uri: f.uri.toString(), name: f.name }));
    assert.deepEqual(await toolJson('asks-v1', 'where'), { roots: expected });
    assert.deepEqual(await toolJson('asks-v2', 'where'), expected);
  });

  test('mcpLens.roots overrides one server; the running legacy server is told with roots/list_changed', async () => {
    await vscode.workspace.getConfiguration('mcpLens').update('roots', { 'asks-v1': ['.vscode'] }, vscode.ConfigurationTarget.Workspace);
    const told = await waitFor('notifications/roots/list_changed', async () => {
      const r = (await toolJson('asks-v1', 'roots-changes')) as { rootsChanges: number };
      return r.rootsChanges >= 1 ? r : undefined;
    });
    assert.equal(told.rootsChanges, 1);
    assert.deepEqual(await toolJson('asks-v1', 'where'), { roots: [{ uri: vscode.Uri.file(join(folder(), '.vscode')).toString(), name: '.vscode' }] });
    const expected = (vscode.workspace.workspaceFolders ?? []).map((f) => ({ uri: f.uri.toString(), name: f.name }));
    assert.deepEqual(await toolJson('asks-v2', 'where'), expected);
  });
});
