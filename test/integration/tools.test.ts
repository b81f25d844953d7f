import * as assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { CallOutcome } from '../../src/extension/tools/protocol';
import { extensionApi, find, serverNames, serverWhere, waitFor } from './support';

// Two fixture servers whose sources carry tool definitions: a TypeScript one on the official
// SDK (run through tsx) and a Python one with FastMCP-style decorators. The suite adds them
// to the workspace copy's .vscode/mcp.json and puts the file back afterwards.
const repo = process.env.MCP_LENS_REPO_ROOT ?? '';
const tsSource = join(repo, 'test', 'fixtures', 'servers', 'tools', 'notes-sdk.mts');
const pySource = join(repo, 'test', 'fixtures', 'servers', 'tools', 'notes_decorated.py');
const SERVERS = `"servers": {
    "notes-ts": { "type": "stdio", "command": "node", "args": ["--import", "${repo}/node_modules/tsx/dist/loader.mjs", "${tsSource}"] },
    "notes-py": { "type": "stdio", "command": "python3", "args": ["${pySource}"] },`;

function configFile(): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'a folder is open');
  return join(folder.uri.fsPath, '.vscode', 'mcp.json');
}

/** The lenses of running tools (the Fuzz lens beside each ▶ Run tool is the fuzz suite's). */
async function lenses(file: string): Promise<{ line: number; title: string }[]> {
  const found = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', vscode.Uri.file(file));
  return (found ?? [])
    .filter((l) => l.command?.command !== 'mcpLens.fuzzTool')
    .map((l) => ({ line: l.range.start.line, title: l.command?.title ?? '' }))
    .sort((a, b) => a.line - b.line || a.title.localeCompare(b.title));
}

/** Zero-based lines whose text matches: the test's own reading of where each tool is defined. */
async function linesMatching(file: string, pattern: RegExp): Promise<number[]> {
  const text = await readFile(file, 'utf8');
  return text.split('\n').flatMap((line, i) => (pattern.test(line) ? [i] : []));
}

suite('tool lenses and runs', () => {
  let original = '';

  suiteSetup(async () => {
    const { registry } = await extensionApi();
    original = await readFile(configFile(), 'utf8');
    await writeFile(configFile(), original.replace('"servers": {', SERVERS));
    await waitFor('the notes servers', () => find(registry, 'notes-ts') && find(registry, 'notes-py'), 20_000, () => serverNames(registry).join(', '));
  });

  suiteTeardown(async () => {
    const { registry } = await extensionApi();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const name of ['notes-ts', 'notes-py']) if (find(registry, name)?.state === 'running') await vscode.commands.executeCommand('mcpLens.stopServer', name);
    await writeFile(configFile(), original);
    await waitFor('the notes servers to go', () => !find(registry, 'notes-ts') && !find(registry, 'notes-py'), 20_000, () => serverNames(registry).join(', '));
  });

  test('a TypeScript SDK server: ▶ Run tool over each registerTool / tool call, not over the commented one', async () => {
    const expected = await linesMatching(tsSource, /^\s*server\.(registerTool|tool)\(/);
    assert.equal(expected.length, 4, 'the fixture registers four tools');
    await vscode.workspace.openTextDocument(tsSource);
    const found = await waitFor('lenses in notes-sdk.mts', async () => {
      const all = await lenses(tsSource);
      return all.length > 0 ? all : undefined;
    });
    assert.deepEqual(found.map((l) => l.line), expected);
    assert.ok(found.every((l) => l.title === '▶ Run tool'), JSON.stringify(found));
  });

  test('a Python server: lenses over the @mcp.tool() decorators', async () => {
    const expected = await linesMatching(pySource, /^@mcp\.tool\(/);
    assert.equal(expected.length, 2);
    await vscode.workspace.openTextDocument(pySource);
    const found = await waitFor('lenses in notes_decorated.py', async () => {
      const all = await lenses(pySource);
      return all.length > 0 ? all : undefined;
    });
    assert.deepEqual(found, expected.map((line) => ({ line, title: '▶ Run tool' })));
  });

  test('a tool defined in the source but missing from the live tools/list gets a warning lens', async () => {
    const { registry } = await extensionApi();
    await vscode.commands.executeCommand('mcpLens.startServer', 'notes-ts');
    await serverWhere(registry, 'notes-ts', 'running with its tools', (s) => s.state === 'running' && s.tools.length > 0, 60_000);
    const [exportLine] = await linesMatching(tsSource, /registerTool\('export_notes'/);
    const found = await waitFor('the warning lens', async () => {
      const all = await lenses(tsSource);
      return all.some((l) => l.line === exportLine && l.title.startsWith('⚠ not in tools/list')) ? all : undefined;
    });
    assert.equal(found.filter((l) => l.title.startsWith('⚠')).length, 1, JSON.stringify(found));
    assert.equal(found.filter((l) => l.title === '▶ Run tool').length, 3, JSON.stringify(found));
  });

  test('mcpLens.runTool with arguments starts the server, returns the result, and the lens shows ✓ and the latency', async () => {
    const { registry } = await extensionApi();
    const outcome = await vscode.commands.executeCommand<CallOutcome>('mcpLens.runTool', { server: 'notes-py', tool: 'divide', args: { a: 1, b: 4 } });
    assert.equal(outcome.kind, 'result', JSON.stringify(outcome));
    assert.ok(outcome.kind === 'result');
    assert.equal(outcome.isError, false);
    assert.deepEqual(outcome.result.content, [{ type: 'text', text: '0.25' }]);
    assert.equal(find(registry, 'notes-py')?.state, 'running', 'the command started the server');

    const [divideLine] = await linesMatching(pySource, /^@mcp\.tool\(name="divide"\)/);
    await waitFor('the ✓ lens over divide', async () => (await lenses(pySource)).some((l) => l.line === divideLine && /^✓ \d+ ms$/.test(l.title)), 20_000);
  });

  test('a tool that ran and failed shows isError on its lens, not a protocol error', async () => {
    const outcome = await vscode.commands.executeCommand<CallOutcome>('mcpLens.runTool', { server: 'notes-py', tool: 'divide', args: { a: 1, b: 0 } });
    assert.ok(outcome.kind === 'result' && outcome.isError, JSON.stringify(outcome));
    assert.deepEqual(outcome.result.content, [{ type: 'text', text: 'Cannot divide by zero' }]);
    const [divideLine] = await linesMatching(pySource, /^@mcp\.tool\(name="divide"\)/);
    await waitFor('the isError lens over divide', async () => (await lenses(pySource)).some((l) => l.line === divideLine && /^isError \d+ ms$/.test(l.title)), 20_000);
  });

  test('arguments that break the inputSchema are not sent; the reason names the field', async () => {
    const outcome = await vscode.commands.executeCommand<CallOutcome>('mcpLens.runTool', { server: 'notes-py', tool: 'greet', args: { name: 5 } });
    assert.equal(outcome.kind, 'notSent', JSON.stringify(outcome));
    assert.match(outcome.kind === 'notSent' ? outcome.message : '', /\/name/);
    const [greetLine] = await linesMatching(pySource, /^@mcp\.tool\(\)/);
    const found = await lenses(pySource);
    assert.deepEqual(found.filter((l) => l.line === greetLine).map((l) => l.title), ['▶ Run tool'], 'nothing ran, so no outcome lens');
  });

  test('Read Resource, Get Prompt and Send Raw Message answer from the running server', async () => {
    // Each opens its panel (the resources suite looks at it) and returns how the request ended.
    const resource = await vscode.commands.executeCommand<{ kind: string; parts: { kind: string; text?: string }[] }>('mcpLens.readResource', { server: 'notes-py', uri: 'notes://readme' });
    assert.equal(resource.kind, 'read', JSON.stringify(resource));
    assert.equal(resource.parts[0].text, 'Notes live here.');
    const prompt = await vscode.commands.executeCommand<{ kind: string; messages: { content: { text: string } }[] }>('mcpLens.getPrompt', { server: 'notes-py', prompt: 'summarize', args: { topic: 'lenses' } });
    assert.equal(prompt.kind, 'messages', JSON.stringify(prompt));
    assert.equal(prompt.messages[0].content.text, 'Summarize my notes about lenses.');
    const reply = await vscode.commands.executeCommand<{ kind: string; message: { id: string; result: unknown } }>('mcpLens.sendRawMessage', { server: 'notes-py', line: '{"jsonrpc":"2.0","id":"raw-1","method":"ping"}' });
    assert.equal(reply.kind, 'reply');
    assert.deepEqual(reply.message, { jsonrpc: '2.0', id: 'raw-1', result: {} });
  });

  test('structuredContent is checked against the outputSchema', async () => {
    const outcome = await vscode.commands.executeCommand<CallOutcome>('mcpLens.runTool', { server: 'notes-ts', tool: 'count_notes', args: {} });
    assert.ok(outcome.kind === 'result', JSON.stringify(outcome));
    assert.deepEqual(outcome.result.structuredContent, { count: 0 });
    assert.deepEqual(outcome.output, { valid: true, errors: [] });
  });
});
