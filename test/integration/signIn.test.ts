import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { CallOutcome } from '../../src/extension/tools/protocol';
import { authorizationFlowText, extensionApi, find, oauthServerForSuite, serverNames, serverWhere, waitFor } from './support';

// An MCP server behind a real authorization server (the official SDK's auth router, with a
// consent page: test/fixtures/servers/http/sdk-oauth.mjs --consent) on 127.0.0.1. Sign In opens
// the authorization page through vscode.env.openExternal: in code-server a new tab of the
// harness's chromium, where the harness plays the person and clicks Allow (test/harness/signInPerson.ts).
const NAME = 'http-oauth';

suite('Sign-in to an HTTP server behind OAuth: needs sign-in, Sign In through the browser, Sign Out', function () {
  this.timeout(180_000);
  const server = oauthServerForSuite(NAME, ['--consent', '--echo-token']);

  test('a start without the person stops after discovery: the row needs sign-in, and the flow shows why', async () => {
    const { registry } = await extensionApi();
    await vscode.commands.executeCommand('mcpLens.startServer', NAME);
    const needing = await serverWhere(registry, NAME, 'needing sign-in', (s) => s.state === 'needs-sign-in');
    const flow = await authorizationFlowText(NAME);
    assert.match(flow, /resource-metadata +GET .*\/\.well-known\/oauth-protected-resource\/mcp\n.*HTTP 200/);
    assert.match(flow, /server-metadata +GET .*\/\.well-known\/oauth-authorization-server\n.*HTTP 200/);
    assert.doesNotMatch(flow, /registration/, 'no client is registered before the person asks to sign in');
    assert.match(flow, /Outcome: sign-in needed at http:\/\/127\.0\.0\.1:\d+\//);
    // The prompt (a notification that closes itself, and a status bar item) is up while it needs sign-in.
    assert.deepEqual((await extensionApi()).signInPrompts(), [needing.key]);
  });

  test('Sign In: consent in the browser, the row turns running with its tools; the token is masked in the trace file, the export and the log', async () => {
    const { registry, logUri, traceDir } = await extensionApi();
    assert.equal(await vscode.commands.executeCommand<boolean>('mcpLens.signIn', NAME), true);
    const s = await serverWhere(registry, NAME, 'running with its tools', (x) => x.state === 'running' && x.tools.length > 0);
    assert.deepEqual(s.tools, ['whoami']);
    assert.deepEqual((await extensionApi()).signInPrompts(), [], 'signed in: the needs-sign-in prompt has gone');

    const outcome = await vscode.commands.executeCommand<CallOutcome>('mcpLens.runTool', { server: NAME, tool: 'whoami', args: {} });
    assert.ok(outcome.kind === 'result', JSON.stringify(outcome));
    const said = JSON.stringify(outcome.result);
    assert.match(said, new RegExp(`resource:${server.url.replace(/[.]/g, '\\.')}`), 'the token is for this resource (RFC 8707)');
    const token = /token:([\w-]{8,})/.exec(said)?.[1];
    assert.ok(token, `the server echoes the token it got: ${said}`);

    const flow = await authorizationFlowText(NAME);
    for (const step of ['registration', 'authorization', 'callback', 'token']) assert.match(flow, new RegExp(`\\b${step} +(GET|POST) `), step);
    assert.match(flow, /callback +GET http:\/\/127\.0\.0\.1:\d+\/callback\?code=(%3C|<)redacted/);
    assert.match(flow, /Outcome: a token was issued/);
    assert.ok(!flow.includes(token), 'the flow document holds the token');

    const exportedFile = join(mkdtempSync(join(tmpdir(), 'mcp-lens-signin-')), `${NAME}.mcptrace.jsonl`);
    assert.equal(await vscode.commands.executeCommand<string | undefined>('mcpLens.exportTrace', NAME, exportedFile), exportedFile);
    const exported = readFileSync(exportedFile, 'utf8');
    assert.match(exported, /whoami/);
    assert.ok(!exported.includes(token), 'the exported trace holds the token');
    const files = readdirSync(traceDir).filter((f) => f.startsWith(NAME) && f.endsWith('.mcptrace.jsonl'));
    assert.ok(files.length > 0, `no trace file of ${NAME} in ${traceDir}`);
    assert.ok(!files.map((f) => readFileSync(join(traceDir, f), 'utf8')).join('\n').includes(token), 'the trace file at rest holds the token');
    const log = existsSync(logUri) ? readdirSync(logUri).filter((f) => f.startsWith('MCP Lens')).map((f) => readFileSync(join(logUri, f), 'utf8')).join('\n') : '';
    assert.match(log, new RegExp(`\\[${NAME}\\]`));
    assert.ok(!log.includes(token), 'the log holds the token');
  });

  test('the grant outlives the connection: a new start needs no browser; Sign Out forgets it and the row needs sign-in again', async () => {
    const { registry } = await extensionApi();
    await vscode.commands.executeCommand('mcpLens.stopServer', NAME);
    await serverWhere(registry, NAME, 'stopped', (x) => x.state === 'stopped');
    await vscode.commands.executeCommand('mcpLens.startServer', NAME);
    await serverWhere(registry, NAME, 'running again from SecretStorage', (x) => x.state === 'running' && x.tools.length > 0);
    const flow = await authorizationFlowText(NAME);
    assert.match(flow, /No authorization yet/, 'the saved token was accepted: no flow ran');

    assert.equal(await vscode.commands.executeCommand<number>('mcpLens.signOut', NAME), 1);
    await serverWhere(registry, NAME, 'stopped after Sign Out', (x) => x.state === 'stopped');
    await vscode.commands.executeCommand('mcpLens.startServer', NAME);
    const again = await serverWhere(registry, NAME, 'needing sign-in again', (x) => x.state === 'needs-sign-in');
    assert.deepEqual((await extensionApi()).signInPrompts(), [again.key]);
    await vscode.commands.executeCommand('mcpLens.signOut', NAME);
    await serverWhere(registry, NAME, 'stopped', (x) => x.state === 'stopped');
    assert.deepEqual((await extensionApi()).signInPrompts(), [], 'a server no longer waiting for sign-in has no prompt');
  });
});
