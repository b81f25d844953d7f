import * as assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { PanelState } from '../../src/extension/stderr/panel';
import { authorizationFlowText, extensionApi, find, folder, serverNames, serverWhere, startHttpFixture, waitFor } from './support';

// Misconfigured servers behind the official SDK's authorization server
// (test/fixtures/servers/http/sdk-oauth.mjs, one flag each): the start stops at the step that
// is wrong, the server's panel shows the authorization diagnostic with what to change, and Show
// Authorization Flow marks the exchange that proves it.
const SERVERS: Record<string, { args: string[]; rule: string; hint: RegExp; signIn?: boolean }> = {
  'oauth-no-authorization-servers': { args: ['--no-authorization-servers'], rule: 'auth-metadata', hint: /authorization_servers/ },
  'oauth-no-s256': { args: ['--no-s256'], rule: 'auth-pkce-unsupported', hint: /S256/ },
  'oauth-other-issuer': { args: ['--issuer', 'https://attacker.example'], rule: 'auth-issuer-mismatch', hint: /issuer/i },
  'oauth-other-resource': { args: ['--resource', 'https://elsewhere.example/mcp'], rule: 'auth-resource-mismatch', hint: /resource/i },
  // No registration endpoint and no client id in the settings: found only once the person asks to sign in.
  'oauth-no-registration': { args: ['--no-registration'], rule: 'auth-registration', hint: /client/i, signIn: true },
  // Found in the browser's redirect back, and at the MCP endpoint after the token was issued.
  'oauth-wrong-state': { args: ['--wrong-state'], rule: 'auth-state-mismatch', hint: /state/, signIn: true },
  'oauth-rejects-tokens': { args: ['--reject-tokens'], rule: 'auth-token', hint: /accept tokens/, signIn: true },
  'oauth-scope-never-granted': { args: ['--requires-scope', 'mcp:admin'], rule: 'auth-insufficient-scope', hint: /insufficient_scope/, signIn: true },
};
const NAMES = Object.keys(SERVERS);

const configFile = () => join(folder(), '.vscode', 'mcp.json');

suite('Authorization diagnostics in the editor: each misconfigured server shows its rule, where it broke and what to change', function () {
  this.timeout(180_000);
  const children: ChildProcess[] = [];
  let original = '';

  suiteSetup(async () => {
    const { registry } = await extensionApi();
    const urls = await Promise.all(NAMES.map((name) => startHttpFixture('sdk-oauth.mjs', children, SERVERS[name]!.args)));
    original = await readFile(configFile(), 'utf8');
    const entries = NAMES.map((name, i) => `${JSON.stringify(name)}: ${JSON.stringify({ type: 'http', url: urls[i] })},`).join('\n    ');
    await writeFile(configFile(), original.replace('"servers": {', `"servers": {\n    ${entries}`));
    await waitFor('the OAuth servers in the list', () => NAMES.every((n) => find(registry, n)), 20_000, () => serverNames(registry).join(', '));
  });

  suiteTeardown(async () => {
    const { registry } = await extensionApi();
    for (const name of NAMES) if (find(registry, name)?.state === 'running') await vscode.commands.executeCommand('mcpLens.stopServer', name);
    if (original) await writeFile(configFile(), original);
    await waitFor('the OAuth servers to go', () => !NAMES.some((n) => find(registry, n)), 20_000, () => serverNames(registry).join(', '));
    for (const child of children) if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  });

  for (const name of NAMES) {
    const { rule, hint, signIn } = SERVERS[name]!;
    test(`${name}: ${rule} in the authorization stage, cited in the flow`, async () => {
      const { registry } = await extensionApi();
      if (signIn) {
        assert.equal(await vscode.commands.executeCommand<boolean>('mcpLens.signIn', name), false, 'the sign-in fails');
      } else {
        await vscode.commands.executeCommand('mcpLens.startServer', name);
      }
      await serverWhere(registry, name, 'in the error state', (x) => x.state === 'error');
      let last: PanelState | undefined;
      const card = await waitFor(
        `the ${rule} card`,
        async () => {
          last = await vscode.commands.executeCommand<PanelState>('mcpLens.stderr.describe', name);
          return last?.cards.find((c) => c.rule === rule);
        },
        20_000,
        () => JSON.stringify(last?.cards.map((c) => c.rule)),
      );
      assert.equal(card.stage, 'authorization');
      assert.ok(card.evidence.length > 0, 'the card cites the exchange that proves it');
      assert.match(card.hint, hint);
      const flow = await authorizationFlowText(name);
      assert.match(flow, new RegExp(`✗ ${rule}`), `the exchange that proves it is marked:\n${flow}`);
      assert.match(flow, new RegExp(`Outcome: ${rule} — `));
      assert.match(flow, /What to change: /);
    });
  }
});
