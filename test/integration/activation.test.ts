import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID, extensionApi } from './support';

const COMMANDS = ['mcpLens.startServer', 'mcpLens.stopServer', 'mcpLens.restartServer', 'mcpLens.refreshServers', 'mcpLens.showLog'];

suite('activation', () => {
  test('activates and exposes its server registry', async () => {
    const api = await extensionApi();
    assert.ok(vscode.extensions.getExtension(EXTENSION_ID)?.isActive, 'extension is active');
    assert.ok(api.registry, 'activate() returns { registry }');
    assert.ok(Array.isArray(api.registry.servers));
  });

  test('registers every command of its manifest', async () => {
    await extensionApi();
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = COMMANDS.filter((c) => !registered.has(c));
    assert.deepEqual(missing, [], `commands not registered: ${missing.join(', ')}`);
    const manifest = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as { contributes: { commands: { command: string }[] } };
    const declaredButMissing = manifest.contributes.commands.map((c) => c.command).filter((c) => !registered.has(c));
    assert.deepEqual(declaredButMissing, [], 'every command in package.json has a handler');
  });

  test('the Servers view can be shown', async () => {
    await extensionApi();
    // `<view id>.focus` exists only for a contributed view; it opens the MCP Lens container.
    await vscode.commands.executeCommand('mcpLens.servers.focus');
  });

  test('Show Log runs', async () => {
    await extensionApi();
    await vscode.commands.executeCommand('mcpLens.showLog');
  });
});
