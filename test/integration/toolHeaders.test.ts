import * as assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { PanelState } from '../../src/extension/stderr/panel';
import { extensionApi, find, serverNames, serverWhere, startHttpFixture, waitFor } from './support';

// The editor shares the CLI's core: a 2026-07-28 tool whose x-mcp-header breaks SEP-2243 is
// left out of the server's tools, the valid one stays, and the panel says why.
const NAME = 'http-tool-headers';

function configFile(): string {
  const f = vscode.workspace.workspaceFolders?.[0];
  assert.ok(f, 'a folder is open');
  return join(f.uri.fsPath, '.vscode', 'mcp.json');
}

suite('2026-07-28 tool headers: an invalid x-mcp-header tool is left out', () => {
  const children: ChildProcess[] = [];
  let original = '';

  suiteSetup(async () => {
    const { registry } = await extensionApi();
    const url = await startHttpFixture('invalid-tool-header.mjs', children);
    original = await readFile(configFile(), 'utf8');
    await writeFile(configFile(), original.replace('"servers": {', `"servers": {\n    ${JSON.stringify(NAME)}: ${JSON.stringify({ type: 'http', url })},`));
    await waitFor('the server in the registry', () => find(registry, NAME), 20_000, () => serverNames(registry).join(', '));
  });

  suiteTeardown(async () => {
    const { registry } = await extensionApi();
    if (find(registry, NAME)?.state === 'running') await vscode.commands.executeCommand('mcpLens.stopServer', NAME);
    if (original) await writeFile(configFile(), original);
    await waitFor('the server to go', () => !find(registry, NAME), 20_000, () => serverNames(registry).join(', '));
    for (const child of children) if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  });

  test('only the valid tool is listed, and the invalid-tool-header card names the rule broken', async () => {
    const { registry } = await extensionApi();
    await vscode.commands.executeCommand('mcpLens.startServer', NAME);
    const s = await serverWhere(registry, NAME, 'running with its tools', (x) => x.state === 'running' && x.tools.length > 0);
    assert.equal(s.era, 'modern');
    assert.deepEqual(s.tools, ['region']);
    let last: PanelState | undefined;
    const card = await waitFor(
      'the invalid-tool-header card',
      async () => {
        last = await vscode.commands.executeCommand<PanelState>('mcpLens.stderr.describe', NAME);
        return last?.cards.find((c) => c.rule === 'invalid-tool-header');
      },
      20_000,
      () => JSON.stringify(last?.cards.map((c) => c.rule)),
    );
    assert.equal(card.stage, 'transport');
    assert.match(card.message, /Tool "score" is left out: property "score" has x-mcp-header "Score" on a "number" value/);
  });
});
