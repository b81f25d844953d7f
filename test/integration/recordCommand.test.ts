import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { extensionApi, waitFor } from './support';

interface Copied {
  format: string;
  text: string;
  tracePath: string;
}

suite('copy record command', () => {
  test('Copy Record Command gives a VS Code servers entry that runs the server through mcp-lens record', async () => {
    await extensionApi();
    const folder = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
    const copied = await vscode.commands.executeCommand<Copied>('mcpLens.copyRecordCommand', 'banner', { format: 'vscode', traceName: 'banner-it.mcptrace.jsonl' });
    assert.ok(copied, 'the command returns what it copied');
    const entry = JSON.parse(copied.text).servers.banner;
    assert.equal(entry.type, 'stdio');
    assert.equal(entry.command, 'node');
    const extension = vscode.extensions.getExtension('mcp-lens.mcp-lens')!;
    const tracePath = join(folder, '.mcp-lens', 'traces', 'banner-it.mcptrace.jsonl');
    assert.deepEqual(entry.args.slice(0, 5), [join(extension.extensionPath, 'dist', 'cli.js'), 'record', '--out', tracePath, '--']);
    // The server's own launch follows the separator, its ${env:…} reference kept for the host to resolve.
    assert.deepEqual(entry.args.slice(5), ['node', '${env:MCP_LENS_REPO_ROOT}/test/fixtures/servers/faults/banner-stdout.mjs']);
    assert.equal(copied.tracePath, tracePath);
    // The traces folder exists: `record` creates no folders.
    const stat = await vscode.workspace.fs.stat(vscode.Uri.file(join(folder, '.mcp-lens', 'traces')));
    assert.equal(stat.type, vscode.FileType.Directory);
    const clipboard = await vscode.env.clipboard.readText();
    if (clipboard !== '') assert.equal(clipboard, copied.text);
  });

  test('with hot reload, the copied entry runs the hot-reload proxy on the server\'s dev.watch globs, made absolute', async () => {
    await extensionApi();
    const folder = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
    const settings = vscode.workspace.getConfiguration('mcpLens');
    await settings.update('dev.watch', { banner: ['src/**/*.mjs'] }, vscode.ConfigurationTarget.Workspace);
    try {
      const copied = await vscode.commands.executeCommand<Copied>('mcpLens.copyRecordCommand', 'banner', { format: 'cursor', traceName: 'banner-hot.mcptrace.jsonl', hotReload: true });
      const args: string[] = JSON.parse(copied.text).mcpServers.banner.args;
      assert.deepEqual(args.slice(1, 6), ['record', '--watch', `${folder}/src/**/*.mjs`, '--out', join(folder, '.mcp-lens', 'traces', 'banner-hot.mcptrace.jsonl')]);
      const plain = await vscode.commands.executeCommand<Copied>('mcpLens.copyRecordCommand', 'banner', { format: 'cursor', traceName: 'banner-plain.mcptrace.jsonl', hotReload: false });
      assert.ok(!JSON.parse(plain.text).mcpServers.banner.args.includes('--watch'));
    } finally {
      await settings.update('dev.watch', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });
});

/** Plays another host: initialize, then (once answered) initialized, and closes stdin. */
function runAsHost(commandLine: string): Promise<number | null> {
  const child = spawn('sh', ['-c', commandLine], { stdio: 'pipe' });
  let stdout = '';
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString('utf8');
    if (stdout.includes('"id":1,') && child.stdin.writable) child.stdin.end(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) + '\n');
  });
  child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'sh-host', version: '1' } } }) + '\n');
  return new Promise((resolve) => child.once('close', resolve));
}

suite('copy record command: the recorded trace', () => {
  test('a session recorded with the copied shell line opens by itself, with the banner underlined as stray-stdout', async () => {
    await extensionApi();
    const copied = await vscode.commands.executeCommand<Copied>('mcpLens.copyRecordCommand', 'banner', {
      format: 'shell',
      traceName: 'banner-shell-{timestamp}.mcptrace.jsonl',
      openWhenItAppears: true,
    });
    assert.ok(copied);
    assert.equal(await runAsHost(copied.text), 0);
    const editor = await waitFor('the recorded trace in an editor', () => {
      const e = vscode.window.activeTextEditor;
      return e && /banner-shell-.*Z\.mcptrace\.jsonl$/.test(e.document.uri.fsPath) ? e : undefined;
    }, 30_000);
    assert.equal(editor.document.languageId, 'mcp-trace');
    const stray = await waitFor(
      'a stray-stdout diagnostic on the recorded trace',
      () => vscode.languages.getDiagnostics(editor.document.uri).find((d) => d.code === 'stray-stdout'),
      30_000,
      () => JSON.stringify(vscode.languages.getDiagnostics(editor.document.uri).map((d) => d.code)),
    );
    assert.match(editor.document.lineAt(stray.range.start.line).text, /Weather MCP server v1\.2 running on stdio/);
  });
});

suite('the CLI a copied command runs', () => {
  // A host starts `record` at every start of the server: from the second start on, Node (22.1
  // and later) reads the CLI's 3 MB bundle compiled instead of compiling it again (src/cli/bin.ts).
  test('keeps its compiled bundle in Node\'s compile cache for the next start', async function () {
    if (!(nodeModule as { enableCompileCache?: unknown }).enableCompileCache) return this.skip();
    const cli = join(vscode.extensions.getExtension('mcp-lens.mcp-lens')!.extensionPath, 'dist', 'cli.js');
    const tmp = mkdtempSync(join(tmpdir(), 'mcp-lens-cli-cache-'));
    try {
      // Node's own default place, under TMPDIR: the test run's NODE_COMPILE_CACHE would turn it on without the CLI.
      const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: tmp, ELECTRON_RUN_AS_NODE: '1' };
      delete env.NODE_COMPILE_CACHE;
      const cache = join(tmp, 'node-compile-cache');
      const cached = () => (existsSync(cache) ? readdirSync(cache, { recursive: true, withFileTypes: true }).filter((f) => f.isFile()).length : 0);
      for (const run of ['first', 'second']) {
        // Not spawnSync: the extension host keeps serving while the CLI runs.
        const version = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
          const child = spawn(process.execPath, [cli, '--version'], { env });
          let stdout = '';
          let stderr = '';
          child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
          child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
          child.once('close', (code) => resolve({ code, stdout, stderr }));
        });
        assert.equal(version.code, 0, version.stderr);
        assert.match(version.stdout, /^\d+\.\d+\.\d+\n$/, `${run} run`);
        assert.ok(cached() > 0, `the ${run} run left the compiled bundle in ${cache}`);
      }
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
