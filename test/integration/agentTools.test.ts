import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { extensionApi, find, serverWhere, stopAllServers } from './support';

// Every language-model tool, invoked the way an agent's host invokes it: vscode.lm.invokeTool
// with no chat session (so no confirmation dialog), against the fixture servers of the
// integration workspace.
const repo = process.env.MCP_LENS_REPO_ROOT ?? '';

async function invoke(name: string, input: object): Promise<string> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : `[${typeof part}]`)).join('');
}

async function failure(name: string, input: object): Promise<string> {
  try {
    const text = await invoke(name, input);
    assert.fail(`${name} should have failed, answered: ${text}`);
  } catch (error) {
    if (error instanceof assert.AssertionError) throw error;
    return error instanceof Error ? error.message : String(error);
  }
}

suite('language-model tools', () => {
  suiteSetup(async () => {
    const { registry } = await extensionApi();
    await serverWhere(registry, 'legacy', 'listed', () => true);
  });

  suiteTeardown(stopAllServers);

  test('every contributed tool is registered, and package.json and the code name the same ones', async () => {
    const contributed: { name: string }[] = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')).contributes.languageModelTools;
    const names = contributed.map((t) => t.name).sort();
    assert.equal(names.length, 10);
    const registered = vscode.lm.tools.filter((t) => t.name.startsWith('mcpLens_')).map((t) => t.name).sort();
    assert.deepEqual(registered, names);
  });

  test('the chat instructions file is contributed', async () => {
    const files = await vscode.commands.executeCommand<{ uri: { path: string }; type: string; extensionId: string }[]>('_listExtensionPromptFiles');
    const ours = files.filter((f) => f.extensionId === 'mcp-lens.mcp-lens');
    assert.deepEqual(ours.map((f) => [f.type, f.uri.path.split('/').slice(-2).join('/')]), [['instructions', 'agents/mcp-lens.instructions.md']]);
  });

  test('list servers names each with its state', async () => {
    const text = await invoke('mcpLens_listServers', {});
    assert.match(text, /^\d+ server\(s\):/);
    assert.match(text, /^- legacy \(stdio, node .*legacy-basic\.mjs\): stopped$/m);
    assert.match(text, /^- modern \(stdio, node .*modern-basic\.mjs\): stopped$/m);
  });

  test('start, list, call, messages, stderr, restart and stop a legacy server', async () => {
    const { registry } = await extensionApi();
    const started = await invoke('mcpLens_startServer', { server: 'legacy' });
    assert.match(started, /^Started\.\n- legacy .*: running\n {2}era: legacy, protocol \d{4}-\d\d-\d\d, server "legacy-basic" 1\.0\.0/);
    assert.equal(find(registry, 'legacy')?.state, 'running');
    assert.match(await invoke('mcpLens_startServer', { server: 'legacy' }), /^"legacy" is already running\./);

    const tools = await invoke('mcpLens_listCapabilities', { server: 'legacy', kind: 'tools' });
    assert.match(tools, /^\d+ tools:\n- echo\(text\*: string\) — Echoes text$/m);
    const withSchemas = await invoke('mcpLens_listCapabilities', { server: 'legacy', kind: 'tools', schemas: true });
    assert.match(withSchemas, /inputSchema: \{"type":"object","properties":\{"text":\{"type":"string"\}\},"required":\["text"\]\}/);

    const echoed = await invoke('mcpLens_callTool', { server: 'legacy', tool: 'echo', arguments: { text: 'hello agent' } });
    assert.match(echoed, /^echo: result \(isError: false\) in \d+ ms\n\ncontent:\n.*hello agent/);
    assert.match(echoed, /messages of this call \(#\d+–#\d+\):\n#\d+ → \{"jsonrpc":"2\.0","id":\d+,"method":"tools\/call"/);
    assert.match(echoed, /#\d+ ← \{"jsonrpc":"2\.0","id":\d+,"result"/);
    assert.match(echoed, /diagnostics raised by this call: none$/);

    const failed = await invoke('mcpLens_callTool', { server: 'legacy', tool: 'fail', arguments: {} });
    assert.match(failed, /^fail: the tool ran and reported an error \(isError: true\) in \d+ ms/);
    assert.match(failed, /diagnostics raised by this call:\n1 diagnostic\(s\): .*\n\[\w+\] tool-error/);

    const messages = await invoke('mcpLens_readMessages', { server: 'legacy', last: 3 });
    assert.match(messages, /^legacy \(running, legacy era\):\nThe last 3 of \d+ messages:\n#\d+ /);
    assert.equal(messages.split('\n').length, 5);
    const stderr = await invoke('mcpLens_readStderr', { server: 'legacy' });
    assert.match(stderr, /^legacy \(running, legacy era\):\n(No stderr lines yet\.|\d+ stderr lines:|The last \d+ of \d+ stderr lines:)/);

    const restarted = await invoke('mcpLens_restartServer', { server: 'legacy' });
    assert.match(restarted, /^Restarted\.\n- legacy .*: running/);
    const afterRestart = await invoke('mcpLens_readMessages', { server: 'legacy', last: 200 });
    assert.match(afterRestart, /— restarted after a request from a language-model tool —/);

    assert.match(await invoke('mcpLens_stopServer', { server: 'legacy' }), /^Stopped\.\n- legacy .*: stopped/);
    assert.equal(find(registry, 'legacy')?.state, 'stopped');
    assert.match(await invoke('mcpLens_stopServer', { server: 'legacy' }), /^"legacy" is not running \(stopped\)\./);
  });

  test('a large result is clipped with a note of how much was left out', async () => {
    const text = await invoke('mcpLens_callTool', { server: 'legacy', tool: 'echo', arguments: { text: 'x'.repeat(200_000) } });
    assert.match(text, /more characters of this part left out\]/);
    assert.ok(text.length < 20_000, `answer is ${text.length} characters`);
    await invoke('mcpLens_stopServer', { server: 'legacy' });
  });

  test('diagnostics come with their evidence: a server that prints a banner on stdout', async () => {
    await invoke('mcpLens_startServer', { server: 'banner' });
    const text = await invoke('mcpLens_getDiagnostics', { server: 'banner' });
    assert.match(text, /^banner \(running, \w+ era\):\n\d+ diagnostic\(s\): [1-9]\d* error, \d+ warning/);
    assert.match(text, /^\[error\] stray-stdout \(framing\): .*\n {2}fix: .*\n {2}evidence #\d+ ← \[stray\] Weather MCP server v1\.2/m);
    await invoke('mcpLens_stopServer', { server: 'banner' });
  });

  test('check reports PASSED with the diagnostics of a clean modern server', async () => {
    const text = await invoke('mcpLens_check', { server: 'modern' });
    assert.match(text, /^check modern: PASSED: no error-severity diagnostic\n\n- modern .*: running\n {2}era: modern/);
    await invoke('mcpLens_stopServer', { server: 'modern' });
  });

  test('a wrong server name, a wrong tool and malformed arguments get short precise errors', async () => {
    assert.match(await failure('mcpLens_startServer', { server: 'nope' }), /No server named "nope" in this workspace\. Servers: .*legacy/);
    assert.match(await failure('mcpLens_getDiagnostics', { server: 'nope' }), /No server named "nope"/);
    assert.match(await failure('mcpLens_callTool', { server: 'legacy', tool: 'echo', arguments: '[1,' }), /"arguments" must be a JSON object; the string given is not JSON/);
    assert.match(await failure('mcpLens_callTool', { server: 'legacy', tool: 'nope', arguments: {} }), /"legacy" offers no tool named "nope"\. It offers: echo, fail/);
    assert.match(await failure('mcpLens_readMessages', { server: 'legacy', last: 5000 }), /"last" is at most 200 \(asked for 5000\)/);
    await invoke('mcpLens_stopServer', { server: 'legacy' });
  });
});
