import * as assert from 'node:assert/strict';
import { copyFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { extensionApi, waitFor } from './support';

// The trace fixtures live in the repository (the runner passes its path to the extension host).
function trace(name: string): vscode.Uri {
  const root = process.env.MCP_LENS_REPO_ROOT;
  assert.ok(root, 'MCP_LENS_REPO_ROOT is set by the runner');
  return vscode.Uri.file(join(root, 'test', 'fixtures', 'traces', name));
}

function diagnosticsOf(uri: vscode.Uri, rule: string): Promise<vscode.Diagnostic> {
  return waitFor(
    `a ${rule} diagnostic on ${uri.fsPath}`,
    () => vscode.languages.getDiagnostics(uri).find((d) => d.code === rule),
    30_000,
    () => JSON.stringify(vscode.languages.getDiagnostics(uri).map((d) => [d.code, d.range.start.line])),
  );
}

function hoverText(hovers: vscode.Hover[]): string {
  return hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
}

suite('trace files', () => {
  test('a *.mcptrace.jsonl file is an MCP trace with diagnostics on the proving line and hovers on error codes', async () => {
    await extensionApi();
    const uri = trace('undeclared-capability.mcptrace.jsonl');
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document);
    assert.equal(document.languageId, 'mcp-trace');

    const diagnostic = await diagnosticsOf(uri, 'undeclared-capability');
    // The initialize result with `capabilities: {}` proves it (line 3); the -32601 is related.
    assert.equal(diagnostic.range.start.line, 2);
    assert.equal(diagnostic.source, 'mcp-lens');
    assert.match(diagnostic.message, /\[undeclared-capability · stage negotiation · retrying will not help\]/);
    assert.deepEqual(diagnostic.relatedInformation?.map((r) => r.location.range.start.line), [5]);

    const line = document.lineAt(5).text;
    const position = new vscode.Position(5, line.indexOf('-32601') + 2);
    const hover = await waitFor('a hover on -32601', async () => {
      const text = hoverText(await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, position));
      return text.includes('Method not found') ? text : undefined;
    });
    assert.match(hover, /never declared the `tools` capability/);
  });

  test('Open as MCP Trace turns a raw JSON-RPC capture into a trace', async () => {
    await extensionApi();
    const copy = join(await mkdtemp(join(tmpdir(), 'mcp-lens-trace-')), 'capture.jsonl');
    await copyFile(trace('format-raw-jsonrpc.mcptrace.jsonl').fsPath, copy);
    const uri = vscode.Uri.file(copy);
    await vscode.commands.executeCommand('mcpLens.openAsTrace', uri);
    await waitFor('the capture in the mcp-trace language', () => vscode.window.activeTextEditor?.document.languageId === 'mcp-trace');
    const diagnostic = await diagnosticsOf(uri, 'undeclared-capability');
    assert.equal(diagnostic.range.start.line, 1);
  });
});
