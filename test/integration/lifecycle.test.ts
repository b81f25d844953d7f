import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { StartOutcome } from '../../src/extension/serverRegistry';
import { descendantsMatching, extensionApi, hasProc, isAlive, server, serverWhere, waitFor, stopAllServers } from './support';


suite('start and stop', () => {
  suiteSetup(stopAllServers);
  teardown(stopAllServers);

  test('a legacy server starts from the command and lists its tools', async () => {
    const { registry } = await extensionApi();
    await server(registry, 'legacy');
    const outcome = await vscode.commands.executeCommand<StartOutcome>('mcpLens.startServer', 'legacy');
    assert.deepEqual(outcome, { ok: true });
    const running = await serverWhere(registry, 'legacy', 'running with its tools', (s) => s.state === 'running' && s.tools.length > 0);
    assert.equal(running.era, 'legacy');
    assert.equal(running.serverName, 'legacy-basic');
    assert.ok(running.tools.includes('echo'), running.tools.join(', '));
    assert.ok(running.tools.includes('fail'), running.tools.join(', '));
  });

  test('a modern (2026-07-28) server starts through server/discover', async () => {
    const { registry } = await extensionApi();
    await server(registry, 'modern');
    await vscode.commands.executeCommand('mcpLens.startServer', 'modern');
    const running = await serverWhere(registry, 'modern', 'running with its tools', (s) => s.state === 'running' && s.tools.length > 0);
    assert.equal(running.era, 'modern');
    assert.equal(running.protocolVersion, '2026-07-28');
    assert.deepEqual(running.tools, ['echo']);
  });

  test('stop ends the server process: no orphan', async function () {
    if (!hasProc) this.skip();
    const { registry } = await extensionApi();
    await server(registry, 'legacy');
    await vscode.commands.executeCommand('mcpLens.startServer', 'legacy');
    await serverWhere(registry, 'legacy', 'running', (s) => s.state === 'running');
    const [proc] = descendantsMatching('legacy-basic.mjs');
    assert.ok(proc, 'the server runs as a child of the extension host');
    assert.ok(isAlive(proc.pid));

    const stopped = await vscode.commands.executeCommand<boolean>('mcpLens.stopServer', 'legacy');
    assert.equal(stopped, true);
    const after = await serverWhere(registry, 'legacy', 'stopped', (s) => s.state === 'stopped');
    assert.deepEqual(after.tools, [], 'a stopped server lists no tools');
    await waitFor(`pid ${proc.pid} to be gone`, () => !isAlive(proc.pid), 10_000);
  });

  test('stop takes down a launcher and the helper it left in the background', async function () {
    if (!hasProc) this.skip();
    const { registry } = await extensionApi();
    await server(registry, 'grandchild');
    await vscode.commands.executeCommand('mcpLens.startServer', 'grandchild');
    await serverWhere(registry, 'grandchild', 'running', (s) => s.state === 'running');
    const tree = [...descendantsMatching('spawns-grandchild.sh'), ...descendantsMatching('setInterval'), ...descendantsMatching('legacy-basic.mjs')];
    assert.equal(tree.length, 3, `shell, helper and server run: ${JSON.stringify(tree)}`);

    await vscode.commands.executeCommand('mcpLens.stopServer', 'grandchild');
    await serverWhere(registry, 'grandchild', 'stopped', (s) => s.state === 'stopped');
    await waitFor('the whole tree to be gone', () => tree.every((p) => !isAlive(p.pid)), 10_000, () => JSON.stringify(tree.filter((p) => isAlive(p.pid))));
  });

  test('restart runs a new process and lists the tools again', async function () {
    if (!hasProc) this.skip();
    const { registry } = await extensionApi();
    await server(registry, 'legacy');
    await vscode.commands.executeCommand('mcpLens.startServer', 'legacy');
    await serverWhere(registry, 'legacy', 'running', (s) => s.state === 'running' && s.tools.length > 0);
    const [before] = descendantsMatching('legacy-basic.mjs');

    const outcome = await vscode.commands.executeCommand<StartOutcome>('mcpLens.restartServer', 'legacy');
    assert.deepEqual(outcome, { ok: true });
    await serverWhere(registry, 'legacy', 'running again', (s) => s.state === 'running' && s.tools.includes('echo'));
    const now = descendantsMatching('legacy-basic.mjs');
    assert.equal(now.length, 1, `one server process after restart: ${JSON.stringify(now)}`);
    assert.notEqual(now[0].pid, before.pid);
    await waitFor(`old pid ${before.pid} to be gone`, () => !isAlive(before.pid), 10_000);
  });

  test('a program that is not an MCP server ends in an error state that says why', async () => {
    const { registry } = await extensionApi();
    const outcome = await vscode.commands.executeCommand<StartOutcome>('mcpLens.startServer', 'cursor-listed');
    // `node --version` prints a version and exits: it is not an MCP server.
    assert.equal(outcome?.ok, false, JSON.stringify(outcome));
    const s = await serverWhere(registry, 'cursor-listed', 'in the error state', (s) => s.state === 'error', 10_000);
    assert.ok(s.error && s.error.length > 0, 'the error state carries a reason');
  });
});
