import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { extensionApi, server, serverWhere, waitFor, stopAllServers } from './support';

const repo = process.env.MCP_LENS_REPO_ROOT ?? '';

function ours(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'MCP Lens');
}

function show(list: vscode.Diagnostic[]): string {
  return list.map((d) => `${d.range.start.line + 1}: [${String(d.code)}] ${d.message}`).join('\n');
}

async function quickFix(uri: vscode.Uri, diagnostic: vscode.Diagnostic): Promise<vscode.CodeAction | undefined> {
  await vscode.workspace.openTextDocument(uri);
  const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, diagnostic.range, vscode.CodeActionKind.QuickFix.value);
  return actions.find((a) => a.title === 'Write to stderr instead');
}

suite('Problems panel', () => {
  teardown(stopAllServers);

  test('a Node server that console.logs: the squiggle is on that line, with the quick fix', async () => {
    const { registry } = await extensionApi();
    await server(registry, 'banner');
    await vscode.commands.executeCommand('mcpLens.startServer', 'banner');
    await serverWhere(registry, 'banner', 'running', (s) => s.state === 'running');
    const uri = vscode.Uri.file(join(repo, 'test', 'fixtures', 'servers', 'faults', 'banner-stdout.mjs'));
    const [diagnostic] = await waitFor('a Problems entry in banner-stdout.mjs', () => {
      const list = ours(uri);
      return list.length > 0 ? list : undefined;
    });
    assert.equal(diagnostic.code, 'stray-stdout');
    assert.equal(diagnostic.range.start.line + 1, 4, show(ours(uri)));
    // stdio: the server "MUST NOT write anything to its stdout that is not a valid MCP message".
    assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Error);
    // Concise in the row; how to fix it is in the hover over the squiggle, said once.
    assert.equal(diagnostic.message, 'banner: stray stdout write "Weather MCP server v1.2 running on stdio"');
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, diagnostic.range.start);
    const hoverText = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert.match(hoverText, /how to fix: stdout carries only protocol messages: log with console\.error/, hoverText);

    const fix = await quickFix(uri, diagnostic);
    assert.ok(fix?.edit, 'the quick fix is offered');
    const [edit] = fix.edit.get(uri);
    assert.equal(edit.newText, 'error');
    const document = await vscode.workspace.openTextDocument(uri);
    assert.equal(document.getText(edit.range), 'log');
  });

  test('a Python server that prints: the squiggle is on the print, the fix adds file=sys.stderr', async () => {
    const { registry } = await extensionApi();
    await server(registry, 'python-print');
    await vscode.commands.executeCommand('mcpLens.startServer', 'python-print');
    await serverWhere(registry, 'python-print', 'running', (s) => s.state === 'running');
    const uri = vscode.Uri.file(join(repo, 'test', 'fixtures', 'servers', 'print-banner.py'));
    const [diagnostic] = await waitFor('a Problems entry in print-banner.py', () => {
      const list = ours(uri);
      return list.length > 0 ? list : undefined;
    });
    assert.equal(diagnostic.code, 'stray-stdout');
    assert.equal(diagnostic.range.start.line + 1, 8, show(ours(uri)));
    assert.match(diagnostic.message, /"Python weather server ready"/);

    const fix = await quickFix(uri, diagnostic);
    assert.ok(fix?.edit, 'the quick fix is offered');
    const edits = fix.edit.get(uri);
    assert.deepEqual(edits.map((e) => e.newText), [', file=sys.stderr']);
    assert.equal(edits[0].range.start.line + 1, 8);
  });

  test('a diagnostic with no source line sits at the server entry of its config file', async () => {
    const { registry } = await extensionApi();
    const snapshot = await server(registry, 'no-capability');
    await vscode.commands.executeCommand('mcpLens.startServer', 'no-capability');
    await serverWhere(registry, 'no-capability', 'running', (s) => s.state === 'running');
    const uri = vscode.Uri.file(snapshot.file);
    const found = await waitFor('capability-not-declared in the config file', () => ours(uri).find((d) => d.code === 'capability-not-declared'));
    const line = readFileSync(snapshot.file, 'utf8').split('\n').findIndex((l) => l.includes('"no-capability"'));
    assert.equal(found.range.start.line, line, show(ours(uri)));
    assert.match(found.message, /^no-capability: /);
  });
});
