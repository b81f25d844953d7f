import * as assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { CallOutcome } from '../../src/extension/tools/protocol';
import { authorizationFlowText, extensionApi, oauthServerForSuite, serverWhere } from './support';

// An MCP server whose authorization server takes only JWT grants, with an enterprise IdP and a CI
// token issuer beside it (test/fixtures/servers/http/enterprise-oauth.mjs), configured through
// mcpLens.auth.assertionGrants as a user would.
const NAME = 'http-jwt-grants';

suite('Authorization without a browser: workload identity and enterprise-managed grants from the settings', function () {
  this.timeout(180_000);
  const server = oauthServerForSuite(NAME, [], 'enterprise-oauth.mjs');
  const grants = (value: unknown) => vscode.workspace.getConfiguration('mcpLens').update('auth.assertionGrants', value, vscode.ConfigurationTarget.Workspace);
  const origin = () => server.url.replace(/\/mcp$/, '');
  const received = async () => (await (await fetch(`${origin()}/test/requests`)).json()) as { endpoint: string; grant_type: string }[];
  const dir = mkdtempSync(join(tmpdir(), 'mcp-lens-grants-'));
  suiteTeardown(() => grants(undefined));

  test('workload identity: Start authorizes with the token file and no browser; the flow draws the jwt-bearer grant, the token masked', async () => {
    const { registry } = await extensionApi();
    const file = join(dir, 'workload-token');
    const token = await (await fetch(`${origin()}/ci/test/workload-token`)).text();
    writeFileSync(file, token);
    await grants({ [NAME]: { grant: 'workload', tokenFile: file } });
    await vscode.commands.executeCommand('mcpLens.startServer', NAME);
    const s = await serverWhere(registry, NAME, 'running with its tools', (x) => x.state === 'running' && x.tools.length > 0);
    assert.deepEqual(s.tools, ['whoami']);
    const outcome = await vscode.commands.executeCommand<CallOutcome>('mcpLens.runTool', { server: NAME, tool: 'whoami', args: {} });
    assert.ok(outcome.kind === 'result', JSON.stringify(outcome));
    assert.match(JSON.stringify(outcome.result), /sub:repo:acme\/app:ref:main via:workload/);
    const flow = await authorizationFlowText(NAME);
    assert.match(flow, /token +POST http:\/\/127\.0\.0\.1:\d+\/token\n +grant: JWT bearer \(RFC 7523\): assertion → access token\n +→ HTTP 200/);
    assert.match(flow, /Outcome: a token was issued/);
    assert.ok(!flow.includes(token), 'the flow document holds the workload token');
    assert.deepEqual((await received()).map((r) => r.grant_type), ['urn:ietf:params:oauth:grant-type:jwt-bearer']);
    await vscode.commands.executeCommand('mcpLens.stopServer', NAME);
    await serverWhere(registry, NAME, 'stopped', (x) => x.state === 'stopped');
  });

  test('enterprise-managed: a start that may not ask for the client secret stops at needs sign-in, before any token request', async () => {
    const { registry } = await extensionApi();
    const file = join(dir, 'id-token');
    writeFileSync(file, await (await fetch(`${origin()}/idp/test/id-token?sub=alice`)).text());
    await grants({ [NAME]: { grant: 'enterprise', clientId: 'lens-enterprise', idpIssuer: `${origin()}/idp`, idpClientId: 'lens-at-idp', idTokenFile: file } });
    const before = (await received()).length;
    await vscode.commands.executeCommand('mcpLens.startServer', NAME);
    await serverWhere(registry, NAME, 'needing sign-in', (x) => x.state === 'needs-sign-in');
    assert.deepEqual((await received()).slice(before), [], 'no token request before the person gave the secrets');
    await vscode.commands.executeCommand('mcpLens.stopServer', NAME);
  });
});
