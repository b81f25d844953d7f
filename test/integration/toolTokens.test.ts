import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RowShown } from '../../src/extension/serversView';
import { extensionApi, server, serverWhere, stopAllServers, waitFor } from './support';

// The token cost of tool definitions where a user reads it in the Servers view: the tool row's
// hover, the Tools row and the server row's hover, counted with o200k_base (gpt-tokenizer).
// legacy-basic.mjs lists six tools; `echo` is the definition the unit tests pin at 32 tokens.
const row = async (server: string, tool?: string) => vscode.commands.executeCommand<RowShown | undefined>('mcpLens.servers.rowText', server, tool);

suite('Token cost in the Servers view', () => {
  teardown(stopAllServers);

  test('a tool\'s hover gives its tokens with the encoding; the Tools row and the server\'s hover give the total', async () => {
    const { registry } = await extensionApi();
    await server(registry, 'legacy');
    await vscode.commands.executeCommand('mcpLens.startServer', 'legacy');
    await serverWhere(registry, 'legacy', 'running with its tools', (s) => s.state === 'running' && s.tools.length === 6);

    const echo = await waitFor('the echo row', () => row('legacy', 'echo'));
    assert.equal(echo.label, 'echo');
    assert.match(echo.tooltip, /Definition: 32 tokens, o200k\\?_base \(gpt-tokenizer\)/, echo.tooltip);
    // The tokenizer loads on the first count; the Tools row shows the total once it has.
    const tools = await waitFor('the Tools row with its tokens', async () => {
      const r = await row('legacy', 'echo');
      return r?.group?.includes('tokens') ? r.group : undefined;
    });
    assert.equal(tools, 'Tools 6 · 145 tokens');
    const legacy = await row('legacy');
    assert.ok(legacy);
    assert.match(legacy.tooltip, /Tool definitions: 145 tokens for 6 tools, o200k\\?_base \(gpt-tokenizer\)/, legacy.tooltip);
  });
});
