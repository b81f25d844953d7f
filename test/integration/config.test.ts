import * as assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import * as vscode from 'vscode';
import { extensionApi, find, server, serverNames, waitFor } from './support';

// The fixture workspace is test/integration/workspaces/servers (a copy of it).
function workspaceFile(...parts: string[]): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'a folder is open');
  return join(folder.uri.fsPath, ...parts);
}

suite('config files', () => {
  test('lists the servers of every config file in the workspace', async () => {
    const { registry } = await extensionApi();
    // .mcp.json is half-written, yet its one server can still be read.
    const expected = ['cursor-listed', 'grandchild', 'half-written', 'legacy', 'modern'];
    await waitFor('the fixture servers', () => expected.every((n) => find(registry, n)), 20_000, () => serverNames(registry).join(', '));
    assert.equal(find(registry, 'legacy')?.config.file.kind, 'vscode');
    assert.equal(find(registry, 'cursor-listed')?.config.file.kind, 'cursor');
  });

  test('a broken config file gives a problem naming the file; the other servers still load', async () => {
    const { registry } = await extensionApi();
    await server(registry, 'legacy');
    const broken = registry.problems.filter((p) => basename(p.file) === '.mcp.json');
    assert.ok(broken.length > 0, `a problem for .mcp.json, got ${JSON.stringify(registry.problems)}`);
    assert.equal(broken[0].severity, 'error');
    assert.match(broken[0].message, /JSON/);
    assert.ok(broken[0].line, 'the problem has a line');

    const field = registry.problems.find((p) => p.server === 'no-command');
    assert.ok(field, 'the server without a command has a problem');
    assert.ok(field.file.endsWith(join('.cursor', 'mcp.json')), field.file);
    assert.match(field.message, /command/);
    // Its sibling in the same file is still listed.
    assert.ok(find(registry, 'cursor-listed'));
    assert.equal(find(registry, 'no-command'), undefined);
  });

  test('a server added to .vscode/mcp.json on disk appears without a reload', async () => {
    const { registry } = await extensionApi();
    await server(registry, 'legacy');
    const file = workspaceFile('.vscode', 'mcp.json');
    const original = await readFile(file, 'utf8');
    const added = original.replace('"servers": {', '"servers": {\n    "added-later": { "command": "node", "args": ["--version"] },');
    assert.notEqual(added, original);
    try {
      await writeFile(file, added);
      await waitFor('"added-later" to appear', () => find(registry, 'added-later'), 20_000, () => serverNames(registry).join(', '));
    } finally {
      await writeFile(file, original);
    }
    await waitFor('"added-later" to go again', () => !find(registry, 'added-later'), 20_000, () => serverNames(registry).join(', '));
  });

  test('Refresh Servers re-reads the config files', async () => {
    const { registry } = await extensionApi();
    await server(registry, 'legacy');
    let changes = 0;
    const listener = registry.onDidChange(() => (changes += 1));
    try {
      await vscode.commands.executeCommand('mcpLens.refreshServers');
      await waitFor('a change event after refresh', () => changes > 0);
    } finally {
      listener.dispose();
    }
    const names = serverNames(registry);
    for (const name of ['cursor-listed', 'grandchild', 'half-written', 'legacy', 'modern']) assert.ok(names.includes(name), names.join(', '));
  });
});
