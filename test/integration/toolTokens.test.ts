import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { extensionApi, server, serverRow, serverWhere, stopAllServers, waitFor } from './support';

// The token cost of tool definitions where a user reads it in the Servers view: the tool row's
// hover, the Tools row and the server row's hover, counted with o200k_base (gpt-tokenizer).
// legacy-basic.mjs lists six tools; `echo` is the definition the unit tests pin at 32 tokens.
const toolsRow = async () => (await serverRow('legacy'))?.children?.find((g) => g.label === 'Tools');

suite('Token cost in the Servers view', () => {
  teardown(stopAllServers);

  test('a tool\'s hover gives its tokens with the encoding; the Tools row and the server\'s hover give the total', async () => {
    const { registry } = await extensionApi();
    await server(registry, 'legacy');
    await vscode.commands.executeCommand('mcpLens.startServer', 'legacy');
    await serverWhere(registry, 'legacy', 'running with its tools', (s) => s.state === 'running' && s.tools.length === 6);

    const echo = await waitFor('the echo row', async () => (await toolsRow())?.children?.find((r) => r.label === 'echo'));
    assert.match(echo.tooltip, /Definition: 32 tokens, o200k\\?_base \(gpt-tokenizer\)/, echo.tooltip);
    // The tokenizer loads on the first count; the Tools row shows the total once it has.
    const tools = await waitFor('the Tools row with its tokens', async () => {
      const r = await toolsRow();
      return r?.description.includes('tokens') ? r.description : undefined;
    });
    assert.equal(tools, '6 · 145 tokens');
    const legacy = await serverRow('legacy', 0);
    assert.ok(legacy);
    assert.match(legacy.tooltip, /Tool definitions: 145 tokens for 6 tools, o200k\\?_base \(gpt-tokenizer\)/, legacy.tooltip);
  });
});
