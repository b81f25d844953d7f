import * as assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { DescribedRow } from '../../src/extension/messages/describe';
import { extensionApi, find, serverNames, serverWhere, waitFor } from './support';

// A hand-written 2026-07-28 server with subscriptions/listen streams (no SDK speaks them yet).
const repo = process.env.MCP_LENS_REPO_ROOT ?? '';
const SERVERS = `"servers": {
    "modern-subs": { "type": "stdio", "command": "node", "args": ["${repo}/test/fixtures/servers/modern-subscriptions.mjs"] },
    "modern-lists": { "type": "stdio", "command": "node", "args": ["${repo}/test/fixtures/servers/modern-list-changes.mjs"] },`;
const URI = 'memo://counter';

type WatchState = { uri: string; updates: number; changed?: string; via: string } | undefined;

function configFile(): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'a folder is open');
  return join(folder.uri.fsPath, '.vscode', 'mcp.json');
}

function watch(action?: 'stop' | 'state'): Thenable<WatchState> {
  return vscode.commands.executeCommand<WatchState>('mcpLens.watchResource', { server: 'modern-subs', uri: URI, ...(action ? { action } : {}) });
}

function messageRows(server = 'modern-subs'): Thenable<DescribedRow[]> {
  return vscode.commands.executeCommand<DescribedRow[]>('mcpLens.messages.describe', server, 0);
}

function show(list: DescribedRow[]): string {
  return list.map((r) => `${r.label} | ${r.description}`).join('\n');
}

suite('subscriptions/listen (2026-07-28)', () => {
  let original = '';

  suiteSetup(async () => {
    const { registry } = await extensionApi();
    original = await readFile(configFile(), 'utf8');
    await writeFile(configFile(), original.replace('"servers": {', SERVERS));
    await waitFor('the modern-subs server', () => find(registry, 'modern-subs') && find(registry, 'modern-lists'), 20_000, () => serverNames(registry).join(', '));
  });

  suiteTeardown(async () => {
    const { registry } = await extensionApi();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const name of ['modern-subs', 'modern-lists']) if (find(registry, name)?.state === 'running') await vscode.commands.executeCommand('mcpLens.stopServer', name);
    await writeFile(configFile(), original);
    await waitFor('the modern servers to go', () => !find(registry, 'modern-subs') && !find(registry, 'modern-lists'), 20_000, () => serverNames(registry).join(', '));
  });

  test('Watch on a 2026-07-28 server opens a listen stream; each update on it reads the resource again; the Messages view shows the stream', async () => {
    const { registry } = await extensionApi();
    await vscode.commands.executeCommand('mcpLens.startServer', 'modern-subs');
    await serverWhere(registry, 'modern-subs', 'running with its tools', (s) => s.state === 'running' && s.tools.includes('bump'));
    assert.deepEqual(await watch(), { uri: URI, updates: 0, via: 'listen' });
    await vscode.commands.executeCommand('mcpLens.runTool', { server: 'modern-subs', tool: 'bump', args: {} });
    let last: WatchState;
    const first = await waitFor('the first update of the watched resource', async () => ((last = await watch('state')) && last.updates >= 1 ? last : undefined), 20_000, () => JSON.stringify(last));
    // count: 0 → count: 1, one line of the text.
    assert.equal(first.changed, '1 line changed (9 → 9 characters)');
    const read = await vscode.commands.executeCommand<{ kind: string; parts?: { kind: string; text?: string }[] }>('mcpLens.readResource', { server: 'modern-subs', uri: URI });
    assert.equal(read.parts?.[0]?.text, 'count: 1\n');

    let rows: DescribedRow[] = [];
    await waitFor('the stream in the Messages view', async () => {
      rows = await messageRows();
      const labels = rows.map((r) => r.label);
      return labels.some((l) => /^subscriptions\/listen #\d+$/.test(l)) && labels.includes('notifications/subscriptions/acknowledged') && labels.includes('notifications/resources/updated') ? rows : undefined;
    }, 20_000, () => show(rows));
    const listen = rows.find((r) => r.label.startsWith('subscriptions/listen #'))!;
    assert.equal(listen.description, 'listening · 1 notification', 'the stream is open, one update on it so far');
  });

  test('Stop watching ends the stream with notifications/cancelled; the server notifies no stream afterwards', async () => {
    assert.equal((await watch('state'))?.via, 'listen');
    assert.equal(await watch('stop'), undefined);
    let rows: DescribedRow[] = [];
    await waitFor('the cancellation in the Messages view', async () => {
      rows = await messageRows();
      return rows.some((r) => r.label === 'notifications/cancelled' && r.description === 'client → server') ? rows : undefined;
    }, 20_000, () => show(rows));
    const listen = rows.find((r) => r.label.startsWith('subscriptions/listen #'))!;
    assert.match(listen.description, /^ended by the client: The user stopped watching · 1 notification$/, show(rows));
    const result = await vscode.commands.executeCommand<{ content?: { text?: string }[] }>('mcpLens.runTool', { server: 'modern-subs', tool: 'bump', args: {} });
    assert.match(JSON.stringify(result), /0 stream\(s\) notified/);
  });

  test('the server ends the stream (notifications/cancelled from the server): the watch stops', async () => {
    assert.equal((await watch())?.via, 'listen');
    await vscode.commands.executeCommand('mcpLens.runTool', { server: 'modern-subs', tool: 'end-streams', args: {} });
    let last: WatchState | null = null;
    await waitFor('the watch to end', async () => ((last = await watch('state')) === undefined ? true : undefined), 20_000, () => JSON.stringify(last));
  });

  test('a 2026-07-28 server adds a tool: tools/list_changed on the stream the session opened for it; the Servers view lists it without a restart, with the diff', async () => {
    const { registry } = await extensionApi();
    await vscode.commands.executeCommand('mcpLens.startServer', 'modern-lists');
    await serverWhere(registry, 'modern-lists', 'running with add-greet', (s) => s.state === 'running' && s.tools.includes('add-greet'));
    let rows: DescribedRow[] = [];
    // The tools/call below must not race the stream's opening: wait for its acknowledgement.
    await waitFor('the session stream open', async () => ((rows = await messageRows('modern-lists')).some((r) => /^subscriptions\/listen #\d+$/.test(r.label) && r.description.startsWith('listening')) ? rows : undefined), 20_000, () => show(rows));
    const result = await vscode.commands.executeCommand<{ content?: { text?: string }[] }>('mcpLens.runTool', { server: 'modern-lists', tool: 'add-greet', args: {} });
    assert.match(JSON.stringify(result), /1 stream\(s\) notified/);
    await serverWhere(registry, 'modern-lists', 'greet listed', (s) => s.tools.includes('greet') && !s.tools.includes('add-greet'));
    const diff = await waitFor('the list_changed diff', async () => {
      const d = await vscode.commands.executeCommand<{ message: string; trigger: string; changes: string[] } | undefined>('mcpLens.devloop.lastDiff', 'modern-lists');
      return d?.trigger === 'list_changed' ? d : undefined;
    }, 20_000);
    assert.match(diff.message, /^modern-lists sent notifications\/tools\/list_changed: /);
    assert.ok(diff.changes.some((c) => c.includes('greet added')), diff.changes.join('\n'));
    assert.ok(diff.changes.some((c) => c.startsWith('- tool add-greet removed')), diff.changes.join('\n'));
    rows = await messageRows('modern-lists');
    const listens = rows.filter((r) => r.label.startsWith('subscriptions/listen #'));
    assert.deepEqual(listens.map((r) => r.description), ['listening · 1 notification'], show(rows));

    await vscode.commands.executeCommand('mcpLens.stopServer', 'modern-lists');
    await waitFor('the stream ended by the stop', async () => ((rows = await messageRows('modern-lists')).some((r) => r.label.startsWith('subscriptions/listen #') && r.description === 'ended by the client: MCP Lens is stopping the server · 1 notification') ? rows : undefined), 20_000, () => show(rows));
  });
});
