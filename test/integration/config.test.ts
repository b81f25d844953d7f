import * as assert from 'node:assert/strict';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, join } from 'node:path';
import * as vscode from 'vscode';
import { extensionApi, find, server, serverNames, serverRow, waitFor } from './support';

// The fixture workspace is test/integration/workspaces/servers (a copy of it).
function workspaceFile(...parts: string[]): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'a folder is open');
  return join(folder.uri.fsPath, ...parts);
}

suite('config files', () => {
  test('lists the servers of every config file in the workspace', async () => {
    const { registry } = await extensionApi();
    // .mcp.json is half-written, yet its one server can still be read.
    const expected = ['cursor-listed', 'grandchild', 'half-written', 'legacy', 'modern'];
    await waitFor('the fixture servers', () => expected.every((n) => find(registry, n)), 20_000, () => serverNames(registry).join(', '));
    assert.equal(find(registry, 'legacy')?.config.file.kind, 'vscode');
    assert.equal(find(registry, 'cursor-listed')?.config.file.kind, 'cursor');
  });

  test('a broken config file gives a problem naming the file; the other servers still load', async () => {
    const { registry } = await extensionApi();
    await server(registry, 'legacy');
    const broken = registry.problems.filter((p) => basename(p.file) === '.mcp.json');
    assert.ok(broken.length > 0, `a problem for .mcp.json, got ${JSON.stringify(registry.problems)}`);
    assert.equal(broken[0].severity, 'error');
    assert.match(broken[0].message, /JSON/);
    assert.ok(broken[0].line, 'the problem has a line');

    const field = registry.problems.find((p) => p.server === 'no-command');
    assert.ok(field, 'the server without a command has a problem');
    assert.ok(field.file.endsWith(join('.cursor', 'mcp.json')), field.file);
    assert.match(field.message, /command/);
    // Its sibling in the same file is still listed.
    assert.ok(find(registry, 'cursor-listed'));
    assert.equal(find(registry, 'no-command'), undefined);
  });

  test('a server added to .vscode/mcp.json on disk appears without a reload', async () => {
    const { registry } = await extensionApi();
    await server(registry, 'legacy');
    const file = workspaceFile('.vscode', 'mcp.json');
    const original = await readFile(file, 'utf8');
    const added = original.replace('"servers": {', '"servers": {\n    "added-later": { "command": "node", "args": ["--version"] },');
    assert.notEqual(added, original);
    try {
      await writeFile(file, added);
      await waitFor('"added-later" to appear', () => find(registry, 'added-later'), 20_000, () => serverNames(registry).join(', '));
    } finally {
      await writeFile(file, original);
    }
    await waitFor('"added-later" to go again', () => !find(registry, 'added-later'), 20_000, () => serverNames(registry).join(', '));
  });

  test('Refresh Servers re-reads the config files', async () => {
    const { registry } = await extensionApi();
    await server(registry, 'legacy');
    let changes = 0;
    const listener = registry.onDidChange(() => (changes += 1));
    try {
      await vscode.commands.executeCommand('mcpLens.refreshServers');
      await waitFor('a change event after refresh', () => changes > 0);
    } finally {
      listener.dispose();
    }
    const names = serverNames(registry);
    for (const name of ['cursor-listed', 'grandchild', 'half-written', 'legacy', 'modern']) assert.ok(names.includes(name), names.join(', '));
  });

  test('the user-level files the hosts read are read too, each server shown with its file and line', async () => {
    const { registry } = await extensionApi();
    await server(registry, 'legacy');
    // The harness gives the editor a home of its own: these files are the test's alone.
    const claude = join(homedir(), '.claude.json');
    const copilot = join(homedir(), '.copilot', 'mcp-config.json');
    const project = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';
    const text = ['{', '  "mcpServers": {', '    "claude-user": { "command": "node", "args": ["--version"] }', '  },', '  "projects": {', `    ${JSON.stringify(project)}: {`, '      "mcpServers": { "claude-project": { "command": "node", "args": ["--version"] } }', '    }', '  }', '}'].join('\n');
    try {
      await writeFile(claude, text);
      await mkdir(join(homedir(), '.copilot'), { recursive: true });
      await writeFile(copilot, '{\n  "mcpServers": {\n    "copilot-user": { "type": "http", "url": "http://127.0.0.1:9/mcp" }\n  }\n}\n');
      await vscode.commands.executeCommand('mcpLens.refreshServers');
      await waitFor('the user-level servers', () => ['claude-user', 'claude-project', 'copilot-user'].every((n) => find(registry, n)), 20_000, () => serverNames(registry).join(', '));
      const tooltip = async (name: string) => (await serverRow(name, 0))?.tooltip ?? '';
      assert.match(await tooltip('claude-user'), new RegExp(`\\.claude\\.json \\(Claude Code, user\\), line 3 \\(${escape(claude)}\\)`));
      assert.match(await tooltip('claude-project'), new RegExp(`\\.claude\\.json \\(Claude Code, this project\\), line 7 \\(${escape(claude)}\\)`));
      assert.match(await tooltip('copilot-user'), new RegExp(`mcp-config\\.json \\(Copilot CLI, user\\), line 3 \\(${escape(copilot)}\\)`));
      // A workspace file's server keeps its short name and line.
      assert.match(await tooltip('legacy'), /\.vscode\/mcp\.json, line \d+/);
    } finally {
      await rm(claude, { force: true });
      await rm(join(homedir(), '.copilot'), { recursive: true, force: true });
      await vscode.commands.executeCommand('mcpLens.refreshServers');
    }
    await waitFor('the user-level servers to go again', () => !find(registry, 'claude-user') && !find(registry, 'copilot-user'), 20_000, () => serverNames(registry).join(', '));
  });
});

/** A path as it shows in the tooltip (Markdown-escaped by SafeMarkdown), as a regular expression. */
function escape(file: string): string {
  return file.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, (c) => `\\\\?\\${c}`);
}
