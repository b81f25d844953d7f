import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { CallOutcome } from '../../src/extension/tools/protocol';
import { authorizationFlowText, extensionApi, oauthServerForSuite, serverWhere, waitFor } from './support';

// An MCP server that takes only DPoP-bound tokens, its authorization server and its MCP endpoint
// each asking for a nonce first (test/fixtures/servers/http/dpop-oauth.mjs --as-nonce --rs-nonce).
// With the default mcpLens.auth.dpop (auto), Sign In binds the token to a key the editor makes.
const NAME = 'http-oauth-dpop';

suite('DPoP in the editor: the sign-in binds the token to a key, and Show Authorization Flow draws its steps', function () {
  this.timeout(180_000);
  oauthServerForSuite(NAME, ['--as-nonce', '--rs-nonce'], 'dpop-oauth.mjs');

  test('Sign In, a tool call with the bound token, the flow with the key, the proofs and the nonces; no proof in the trace file', async () => {
    const { registry, traceDir } = await extensionApi();
    assert.equal(await vscode.commands.executeCommand<boolean>('mcpLens.signIn', NAME), true);
    await serverWhere(registry, NAME, 'running with its tools', (x) => x.state === 'running' && x.tools.length > 0);
    const outcome = await vscode.commands.executeCommand<CallOutcome>('mcpLens.runTool', { server: NAME, tool: 'whoami', args: {} });
    assert.ok(outcome.kind === 'result', JSON.stringify(outcome));
    const jkt = /bound:([\w-]{43})/.exec(JSON.stringify(outcome.result))?.[1];
    assert.ok(jkt, `the server says which key the token is bound to: ${JSON.stringify(outcome.result)}`);

    const flow = await authorizationFlowText(NAME);
    assert.match(flow, new RegExp(`dpop-key +ES256 urn:ietf:params:oauth:jwk-thumbprint:sha-256:${jkt}\\n.*key pair made for this grant`), flow);
    assert.match(flow, /token +POST .*\n.*HTTP 400 use_dpop_nonce: sent again with the nonce the server supplied \(seq \d+\) · DPoP proof sent/);
    assert.match(flow, /token +POST .*\n.*HTTP 200 \(seq \d+\) · DPoP proof sent/);
    assert.match(flow, /dpop-nonce +http:\/\/127\.0\.0\.1:\d+\/mcp\n.*HTTP 401 use_dpop_nonce: sent again/);
    assert.match(flow, /Outcome: a token was issued/);

    // The trace file is written behind the session (events spill in batches): read it once the
    // call's exchange has reached it.
    const read = () => readdirSync(traceDir).filter((f) => f.startsWith(NAME) && f.endsWith('.mcptrace.jsonl')).map((f) => readFileSync(join(traceDir, f), 'utf8')).join('\n');
    let last = '';
    const atRest = await waitFor('the trace file to record a request with its proof', () => ((last = read()), /"DPoP":"<redacted>"/.test(last) ? last : undefined), 20_000, () => `${last.length} bytes of trace in ${traceDir}`);
    assert.match(atRest, /"DPoP":"<redacted>"/, 'the trace says a proof was sent');
    assert.doesNotMatch(atRest, /eyJ[\w-]+\.eyJ/, 'and holds none');
  });
});
