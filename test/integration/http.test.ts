import * as assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { PanelState } from '../../src/extension/stderr/panel';
import type { CallOutcome } from '../../src/extension/tools/protocol';
import { extensionApi, find, folder, serverNames, serverWhere, startHttpFixture, waitFor } from './support';

// Streamable HTTP servers (official v1 and v2 SDK fixtures on 127.0.0.1, port 0) started by
// the test; their URLs go into the workspace copy's .vscode/mcp.json, which the registry reloads.
const NAMES = ['http-legacy', 'http-modern', 'http-wrong-path', 'sse-legacy'];

const configFile = () => join(folder(), '.vscode', 'mcp.json');

suite('Streamable HTTP servers: listed, started, called', () => {
  const children: ChildProcess[] = [];
  let original = '';

  suiteSetup(async () => {
    const { registry } = await extensionApi();
    const [legacy, modern, sse] = await Promise.all([
      startHttpFixture('sdk-v1-http.mjs', children),
      startHttpFixture('sdk-v2-http.mjs', children),
      startHttpFixture('sdk-v1-sse.mjs', children),
    ]);
    const servers = {
      'http-legacy': { type: 'http', url: legacy, headers: { 'X-Lens-Test': 'integration' } },
      'http-modern': { type: 'http', url: modern },
      'http-wrong-path': { type: 'http', url: legacy.replace(/\/mcp$/, '/nope') },
      'sse-legacy': { type: 'sse', url: sse, headers: { 'X-Lens-Test': 'sse' } },
    };
    original = await readFile(configFile(), 'utf8');
    const entries = Object.entries(servers).map(([name, s]) => `${JSON.stringify(name)}: ${JSON.stringify(s)},`).join('\n    ');
    await writeFile(configFile(), original.replace('"servers": {', `"servers": {\n    ${entries}`));
    await waitFor('the HTTP servers', () => NAMES.every((n) => find(registry, n)), 20_000, () => serverNames(registry).join(', '));
  });

  suiteTeardown(async () => {
    const { registry } = await extensionApi();
    for (const name of NAMES) if (find(registry, name)?.state === 'running') await vscode.commands.executeCommand('mcpLens.stopServer', name);
    if (original) await writeFile(configFile(), original);
    await waitFor('the HTTP servers to go', () => !NAMES.some((n) => find(registry, n)), 20_000, () => serverNames(registry).join(', '));
    for (const child of children) if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  });

  test('a legacy SDK server over HTTP starts: running, legacy era, its tools listed', async () => {
    const { registry } = await extensionApi();
    assert.equal(find(registry, 'http-legacy')?.type, 'http');
    await vscode.commands.executeCommand('mcpLens.startServer', 'http-legacy');
    const s = await serverWhere(registry, 'http-legacy', 'running with its tools', (x) => x.state === 'running' && x.tools.length === 4);
    assert.equal(s.era, 'legacy');
    assert.equal(s.serverName, 'sdk-v1-http');
    assert.deepEqual(s.tools, ['echo', 'count', 'headers', 'roots']);
  });

  test('a tool is called through mcpLens.runTool; the configured header reaches the server', async () => {
    const echo = await vscode.commands.executeCommand<CallOutcome>('mcpLens.runTool', { server: 'http-legacy', tool: 'echo', args: { text: 'over http' } });
    assert.ok(echo.kind === 'result', JSON.stringify(echo));
    assert.deepEqual(echo.result.content, [{ type: 'text', text: 'v1:over http' }]);
    const headers = await vscode.commands.executeCommand<CallOutcome>('mcpLens.runTool', { server: 'http-legacy', tool: 'headers', args: {} });
    assert.ok(headers.kind === 'result', JSON.stringify(headers));
    const seen = JSON.parse((headers.result.content as { text: string }[])[0]!.text) as Record<string, string>;
    assert.equal(seen['x-lens-test'], 'integration');
    assert.ok(seen['mcp-session-id'], 'the session the server assigned is sent back');
  });

  test('a 2026-07-28 SDK server over HTTP is modern and answers a tool call', async () => {
    const { registry } = await extensionApi();
    await vscode.commands.executeCommand('mcpLens.startServer', 'http-modern');
    const s = await serverWhere(registry, 'http-modern', 'running', (x) => x.state === 'running' && x.tools.length > 0);
    assert.equal(s.era, 'modern');
    assert.equal(s.protocolVersion, '2026-07-28');
    const echo = await vscode.commands.executeCommand<CallOutcome>('mcpLens.runTool', { server: 'http-modern', tool: 'echo', args: { text: 'm' } });
    assert.ok(echo.kind === 'result', JSON.stringify(echo));
    assert.deepEqual(echo.result.content, [{ type: 'text', text: 'v2:m' }]);
  });

  test('a wrong path fails to start, says HTTP 404, and the panel shows the http-status card', async () => {
    const { registry } = await extensionApi();
    await vscode.commands.executeCommand('mcpLens.startServer', 'http-wrong-path');
    const s = await serverWhere(registry, 'http-wrong-path', 'in the error state', (x) => x.state === 'error');
    assert.match(s.error ?? '', /HTTP 404/);
    let last: PanelState | undefined;
    const card = await waitFor(
      'the http-status card',
      async () => {
        last = await vscode.commands.executeCommand<PanelState>('mcpLens.stderr.describe', 'http-wrong-path');
        return last?.cards.find((c) => c.rule === 'http-status');
      },
      20_000,
      () => JSON.stringify(last?.cards.map((c) => c.rule)),
    );
    assert.equal(card.stage, 'transport');
    assert.match(card.hint, /\/mcp/);
    assert.equal(card.retry, false);
  });

  test('a "type": "sse" server (HTTP+SSE, 2024-11-05) starts, lists its tools and answers a call', async () => {
    const { registry } = await extensionApi();
    assert.equal(find(registry, 'sse-legacy')?.type, 'sse');
    await vscode.commands.executeCommand('mcpLens.startServer', 'sse-legacy');
    const s = await serverWhere(registry, 'sse-legacy', 'running with its tools', (x) => x.state === 'running' && x.tools.length === 3);
    assert.equal(s.era, 'legacy');
    assert.equal(s.serverName, 'sdk-v1-sse');
    const headers = await vscode.commands.executeCommand<CallOutcome>('mcpLens.runTool', { server: 'sse-legacy', tool: 'headers', args: {} });
    assert.ok(headers.kind === 'result', JSON.stringify(headers));
    const seen = JSON.parse((headers.result.content as { text: string }[])[0]!.text) as Record<string, string>;
    assert.equal(seen['x-lens-test'], 'sse');
    await vscode.commands.executeCommand('mcpLens.stopServer', 'sse-legacy');
    await serverWhere(registry, 'sse-legacy', 'stopped', (x) => x.state === 'stopped');
  });

  test('stopping an HTTP server returns it to stopped', async () => {
    const { registry } = await extensionApi();
    await vscode.commands.executeCommand('mcpLens.stopServer', 'http-legacy');
    await serverWhere(registry, 'http-legacy', 'stopped', (x) => x.state === 'stopped');
  });
});
