import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { OpenSkillOutcome } from '../../src/extension/skills/openSkill';
import { extensionApi, find, fixtureServerForSuite, rowsText, serverRow, serverWhere } from './support';

// The MCP Skills extension (SEP-2640) in the Servers view: the official v2 SDK's SkillsExtension
// (test/fixtures/servers/corpus/skills.mjs over stdio) publishes three skills, one per page.
const REFUNDS = 'skill://acme/billing/refunds/SKILL.md';

suite('Servers view: the skills a server publishes', () => {
  fixtureServerForSuite('skills', ['test/fixtures/servers/corpus/skills.mjs', '--stdio']);

  test('a Skills group lists every page, each skill by name with its URI and description as text', async () => {
    const { registry } = await extensionApi();
    await vscode.commands.executeCommand('mcpLens.startServer', 'skills');
    await serverWhere(registry, 'skills', 'listed its skills', (s) => s.state === 'running' && s.skills.length === 3);
    const groups = (await serverRow('skills', 3))?.children ?? [];
    const group = groups.find((g) => g.label === 'Skills');
    assert.ok(group, rowsText(groups));
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
