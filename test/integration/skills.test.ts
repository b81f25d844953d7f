import * as assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ServerRowShown } from '../../src/extension/serversDescribe';
import type { OpenSkillOutcome } from '../../src/extension/skills/openSkill';
import { extensionApi, find, serverNames, serverRow, serverWhere, waitFor } from './support';

// The MCP Skills extension (SEP-2640) in the Servers view: the official v2 SDK's SkillsExtension
// (test/fixtures/servers/corpus/skills.mjs over stdio) publishes three skills, one per page.
const repo = process.env.MCP_LENS_REPO_ROOT ?? '';
const SERVERS = `"servers": {
    "skills": { "type": "stdio", "command": "node", "args": ["${repo}/test/fixtures/servers/corpus/skills.mjs", "--stdio"] },`;
const REFUNDS = 'skill://acme/billing/refunds/SKILL.md';

function configFile(): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'a folder is open');
  return join(folder.uri.fsPath, '.vscode', 'mcp.json');
}

function show(rows: ServerRowShown[] | undefined): string {
  return (rows ?? []).map((r) => `${r.label} | ${r.description} | ${r.icon}`).join('\n');
}

suite('Servers view: the skills a server publishes', () => {
  let original = '';

  suiteSetup(async () => {
    const { registry } = await extensionApi();
    original = await readFile(configFile(), 'utf8');
    await writeFile(configFile(), original.replace('"servers": {', SERVERS));
    await waitFor('the skills server', () => find(registry, 'skills'), 20_000, () => serverNames(registry).join(', '));
  });

  suiteTeardown(async () => {
    const { registry } = await extensionApi();
    if (find(registry, 'skills')?.state === 'running') await vscode.commands.executeCommand('mcpLens.stopServer', 'skills');
    await writeFile(configFile(), original);
    await waitFor('the skills server to go', () => !find(registry, 'skills'), 20_000, () => serverNames(registry).join(', '));
  });

  test('a Skills group lists every page, each skill by name with its URI and description as text', async () => {
    const { registry } = await extensionApi();
    await vscode.commands.executeCommand('mcpLens.startServer', 'skills');
    await serverWhere(registry, 'skills', 'listed its skills', (s) => s.state === 'running' && s.skills.length === 3);
    const groups = (await serverRow('skills', 3))?.children ?? [];
    const group = groups.find((g) => g.label === 'Skills');
    assert.ok(group, show(groups));
    assert.equal(group.description, '3');
    assert.equal(group.icon, 'book');
    const rows = group.children ?? [];
    assert.deepEqual(
      rows.map((r) => r.label),
      ['refunds', 'git-workflow', 'pdf-processing'],
    );
    assert.equal(rows[0]?.description, `${REFUNDS} · Process a refund request per company policy`);
    // The server's description is drawn as text: link syntax broken apart, the zero-width space written out.
    const git = rows[1];
    assert.ok(git);
    assert.doesNotMatch(git.description, /\]\(https:/);
    assert.doesNotMatch(git.description, /\u200b/);
    assert.match(git.description, /see \[the guide\] \(https:\/\/evil\.example\/git\)/);
    assert.doesNotMatch(git.tooltip, /\]\(https:\/\/evil/);
    assert.match(rows[0]?.tooltip ?? '', /Files: 2 files, \d+ bytes, each with its SHA-256 digest/);
  });

  test('opening a skill reads its SKILL.md now, verifies it and shows it read-only as plain text', async () => {
    const outcome = await vscode.commands.executeCommand<OpenSkillOutcome>('mcpLens.openSkill', { server: find((await extensionApi()).registry, 'skills')?.key, uri: REFUNDS });
    assert.ok('opened' in outcome, JSON.stringify(outcome));
    const document = outcome.opened;
    // A content provider's document: VS Code opens it read-only; plain text, never rendered.
    assert.equal(document.uri.scheme, 'mcp-lens-result');
    assert.equal(document.languageId, 'plaintext');
    assert.equal(document.getText(), '---\nname: refunds\ndescription: Process a refund request per company policy\nmetadata:\n  version: "2.1"\n---\n\nCheck the order date first; examples/email.md is the reply to send.\n');
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), document.uri.toString());
  });
});
