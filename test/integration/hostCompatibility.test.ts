import * as assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { extensionApi, find, folder, serverNames, serverWhere, stopAllServers, waitFor } from './support';

// mcpLens.lint.hosts puts the host rules on the tool definitions: the SDK fixture's
// registerTool lines get the findings of the hosts the setting names, and nothing for others.
const repo = process.env.MCP_LENS_REPO_ROOT ?? '';
const source = join(repo, 'test', 'fixtures', 'servers', 'hosts', 'incompatible.mjs');
const SERVERS = `"servers": {
    "host-incompatible": { "type": "stdio", "command": "node", "args": [${JSON.stringify(source)}] },`;

const configFile = () => join(folder(), '.vscode', 'mcp.json');

function hostProblems(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'MCP Lens' && String(d.code).startsWith('host-'));
}

function show(list: vscode.Diagnostic[]): string {
  return list.map((d) => `${d.range.start.line + 1}: [${String(d.code)}] ${d.message}`).join('\n');
}

suite('Host compatibility in Problems', () => {
  let original = '';

  suiteSetup(async () => {
    const { registry } = await extensionApi();
    original = await readFile(configFile(), 'utf8');
    await writeFile(configFile(), original.replace('"servers": {', SERVERS));
    await waitFor('the host fixture server', () => find(registry, 'host-incompatible'), 20_000, () => serverNames(registry).join(', '));
  });

  suiteTeardown(async () => {
    await vscode.workspace.getConfiguration('mcpLens').update('lint.hosts', undefined, vscode.ConfigurationTarget.Workspace);
    await stopAllServers();
    await writeFile(configFile(), original);
  });

  test('the hosts named in mcpLens.lint.hosts: each finding on its registerTool line, the fix and the page in the hover', async () => {
    const { registry } = await extensionApi();
    await vscode.workspace.getConfiguration('mcpLens').update('lint.hosts', ['openai', 'gemini', 'claude-code'], vscode.ConfigurationTarget.Workspace);
    await vscode.commands.executeCommand('mcpLens.startServer', 'host-incompatible');
    await serverWhere(registry, 'host-incompatible', 'running with its tools', (s) => s.state === 'running' && s.tools.length === 3);
    const uri = vscode.Uri.file(source);
    const lines = (await readFile(source, 'utf8')).split('\n');
    const lineOf = (tool: string) => lines.findIndex((l) => l.startsWith(`server.registerTool('${tool}'`));
    const found = await waitFor('the host findings in incompatible.mjs', () => {
      const list = hostProblems(uri);
      return list.length >= 7 ? list : undefined;
    }, 20_000, () => show(hostProblems(uri)));
    const seen = found.map((d) => [d.range.start.line, String(d.code), d.message.match(/\[(\w[\w-]*)\]$/)?.[1]]).sort();
    const expected = [
      [lineOf('files/read'), 'host-tool-name', 'openai'],
      [lineOf('files/read'), 'host-tool-name', 'gemini'],
      [lineOf('files/read'), 'host-schema-keyword', 'gemini'],
      [lineOf('plan'), 'host-schema-keyword', 'gemini'],
      [lineOf('plan'), 'host-schema-type-union', 'gemini'],
      [lineOf('manual'), 'host-schema-keyword', 'gemini'],
      [lineOf('manual'), 'host-description-length', 'claude-code'],
    ].sort();
    assert.deepEqual(seen, expected, show(found));
    const union = found.find((d) => d.code === 'host-schema-type-union')!;
    assert.match(union.message, /^host-incompatible: Gemini API \(function declarations\) takes one type per schema; these list several: properties\.when: \["string","null"\]/);
    assert.equal(union.severity, vscode.DiagnosticSeverity.Warning);
    assert.equal(found.find((d) => d.code === 'host-description-length')!.severity, vscode.DiagnosticSeverity.Information, 'Claude Code cuts, it does not refuse');

    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, union.range.start);
    const hoverText = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert.match(hoverText, /host-schema-type-union \[gemini\]: Give one type; for "or null" use "nullable": true/, hoverText);
    // Markdown escapes the URL's colon: the page is shown as text, never made a link.
    assert.match(hoverText, /Documented at: https\\:\/\/ai\.google\.dev\/api\/caching#Schema/, hoverText);

    // Only Claude now: the name is refused there too; Gemini's and OpenAI's findings are gone.
    await vscode.workspace.getConfiguration('mcpLens').update('lint.hosts', ['anthropic'], vscode.ConfigurationTarget.Workspace);
    const after = await waitFor('only the Claude finding', () => {
      const list = hostProblems(uri);
      return list.length === 1 ? list : undefined;
    }, 20_000, () => show(hostProblems(uri)));
    assert.deepEqual([after[0]!.range.start.line, after[0]!.code], [lineOf('files/read'), 'host-tool-name']);
    assert.match(after[0]!.message, /Claude API \(tool use\) rejects the tool name "files\/read"/);

    await vscode.workspace.getConfiguration('mcpLens').update('lint.hosts', [], vscode.ConfigurationTarget.Workspace);
    await waitFor('no host finding with no host named', () => hostProblems(uri).length === 0, 20_000, () => show(hostProblems(uri)));
  });
});
