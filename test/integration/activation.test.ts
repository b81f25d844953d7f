import * as assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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

  test('activation time is measured and written for the benchmark', async () => {
    const { activation } = await extensionApi();
    assert.ok(activation, 'activate() reports how long it took');
    assert.ok(Number.isFinite(activation.activateMs) && activation.activateMs > 0, JSON.stringify(activation));
    assert.ok(activation.sinceLoadMs >= activation.activateMs, JSON.stringify(activation));
    // bench/run.mjs prints it beside the client workloads (no bound here: never a timing assertion).
    const results = join(process.env.MCP_LENS_REPO_ROOT ?? '', 'test-results');
    mkdirSync(results, { recursive: true });
    const servers = (await extensionApi()).registry.servers.length;
    writeFileSync(join(results, 'activation.json'), `${JSON.stringify({ ...activation, servers, vscode: vscode.version, measuredAt: new Date().toISOString() }, null, 2)}\n`);
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
