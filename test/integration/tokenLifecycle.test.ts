import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { CallOutcome } from '../../src/extension/tools/protocol';
import { authorizationFlowText, extensionApi, find, oauthServerForSuite, serverNames, serverWhere, waitFor } from './support';

// What happens at the authorization server behind the editor's back, after a sign-in through
// the browser's consent page (the harness plays the person: test/harness/signInPerson.ts). The
// fixture (test/fixtures/servers/http/sdk-oauth.mjs) is the official SDK's authorization server
// issuing refresh tokens; its --controls expire every access token, or revoke every token.
const NAME = 'http-oauth-lifecycle';

/** The step names of the flow document's last attempt, in order. */
const steps = (flow: string) => [...flow.matchAll(/^ *\d+\. (\S+) +(?:GET|POST) /gm)].map((m) => m[1]);

suite('Token lifecycle behind OAuth: an expired token is refreshed silently, a revoked one leads to Sign In again', function () {
  this.timeout(180_000);
  const server = oauthServerForSuite(NAME, ['--consent', '--refresh-tokens', '--controls', '--echo-token']);

  /** Acts at the authorization server as its administrator would (the fixture's --controls). */
  async function atServer(what: 'expire' | 'revoke'): Promise<void> {
    const res = await fetch(new URL(`/test/${what}`, server.url), { method: 'POST' });
    assert.equal(res.status, 204, `the fixture's /test/${what}`);
  }

  async function whoami(): Promise<CallOutcome> {
    return vscode.commands.executeCommand<CallOutcome>('mcpLens.runTool', { server: NAME, tool: 'whoami', args: {} });
  }

  test('signed in through the consent page, the row is running with its tools', async () => {
    const { registry } = await extensionApi();
    assert.equal(await vscode.commands.executeCommand<boolean>('mcpLens.signIn', NAME), true);
    const s = await serverWhere(registry, NAME, 'running with its tools', (x) => x.state === 'running' && x.tools.length > 0);
    assert.deepEqual(s.tools, ['whoami']);
    assert.deepEqual(steps(await authorizationFlowText(NAME)), ['resource-metadata', 'server-metadata', 'registration', 'authorization', 'callback', 'token']);
  });

  test('the access token expires at the authorization server: the 401 brings a refresh, no browser, and the tool call succeeds', async () => {
    const { registry } = await extensionApi();
    await atServer('expire');
    const outcome = await whoami();
    assert.ok(outcome.kind === 'result', JSON.stringify(outcome));
    assert.match(JSON.stringify(outcome.result), /client:/);
    const flow = await authorizationFlowText(NAME);
    assert.deepEqual(steps(flow), ['refresh'], 'the last attempt is the refresh alone: no discovery, no consent page');
    assert.match(flow, /refresh +POST http:\/\/127\.0\.0\.1:\d+\/token\n.*HTTP 200/);
    assert.match(flow, /Outcome: a token was issued/);
    const s = await serverWhere(registry, NAME, 'still running with its tools', (x) => x.state === 'running');
    assert.deepEqual(s.tools, ['whoami']);
  });

  test('every token revoked at the authorization server: the next start needs sign-in, and signing in again works', async () => {
    const { registry } = await extensionApi();
    await atServer('revoke');
    await vscode.commands.executeCommand('mcpLens.stopServer', NAME);
    await serverWhere(registry, NAME, 'stopped', (x) => x.state === 'stopped');
    await vscode.commands.executeCommand('mcpLens.startServer', NAME);
    // The saved token is refused, its refresh token too: only the person can authorize again.
    await serverWhere(registry, NAME, 'needing sign-in', (x) => x.state === 'needs-sign-in');
    const flow = await authorizationFlowText(NAME);
    assert.match(flow, /Outcome: sign-in needed at http:\/\/127\.0\.0\.1:\d+\//);

    assert.equal(await vscode.commands.executeCommand<boolean>('mcpLens.signIn', NAME), true);
    await serverWhere(registry, NAME, 'running again after the new sign-in', (x) => x.state === 'running' && x.tools.length > 0);
    assert.deepEqual(steps(await authorizationFlowText(NAME)).slice(-3), ['authorization', 'callback', 'token'], 'a new consent, not a refresh');
    const outcome = await whoami();
    assert.ok(outcome.kind === 'result', JSON.stringify(outcome));
  });

  test('Sign Out revokes the token at the authorization server (RFC 7009), not only here', async () => {
    const { registry } = await extensionApi();
    const outcome = await whoami();
    assert.ok(outcome.kind === 'result', JSON.stringify(outcome));
    const token = /token:([\w-]{8,})/.exec(JSON.stringify(outcome.result))?.[1];
    assert.ok(token, 'the fixture echoes the token it was called with');
    const initialize = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '0' } } });
    const statusWith = async () => {
      const res = await fetch(server.url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: initialize });
      await res.body?.cancel();
      return res.status;
    };
    assert.equal(await statusWith(), 200, 'before Sign Out the token works');
    assert.equal(await vscode.commands.executeCommand<number>('mcpLens.signOut', NAME), 1);
    await serverWhere(registry, NAME, 'stopped after Sign Out', (x) => x.state === 'stopped');
    assert.equal(await statusWith(), 401, 'the authorization server no longer honours it');
  });
});
