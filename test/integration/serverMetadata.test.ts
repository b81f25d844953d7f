import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { extensionApi, fixtureServerForSuite, rowsText, serverRow, serverWhere } from './support';

suite('Servers view: titles, icons and annotations', () => {
  fixtureServerForSuite('metadata', ['test/fixtures/servers/modern-metadata.mjs']);

  test('each row shows the display title over the name, annotation tags beside it, and the tooltip names icons without loading them', async () => {
    const { registry } = await extensionApi();
    await vscode.commands.executeCommand('mcpLens.startServer', 'metadata');
    await serverWhere(registry, 'metadata', 'listed', (s) => s.state === 'running' && s.tools.length === 4 && s.prompts.length === 1 && s.resources.length === 2);
    const groups = (await serverRow('metadata'))?.children ?? [];
    const rowsOf = (group: string) => groups.find((g) => g.label === group)?.children ?? [];
    const tools = rowsOf('Tools');
    const resources = rowsOf('Resources');
    const prompts = rowsOf('Prompts');

    const forecast = tools.find((r) => r.label === 'Get Forecast');
    assert.ok(forecast, rowsText(tools));
    assert.equal(forecast.description, 'get_forecast · read-only · The forecast for a city');
    // The hover starts with the name: the title is the server's free text.
    assert.match(forecast.tooltip, /^\*\*get\\_forecast\*\* — titled Get Forecast\n/);
    assert.match(forecast.tooltip, /Annotations \(the server's hints\): read-only · open world/);
    // The host is written so Markdown cannot autolink it (`https\://`).
    assert.match(forecast.tooltip, /Icon: image\/png · 48x48 · light theme · https\\:\/\/icons\.example\.com\/… \(not loaded\)/);
    // The icon drawn is our theme icon; nothing of the server's src reaches the tooltip beyond its host.
    assert.equal(forecast.icon, 'symbol-method');
    assert.doesNotMatch(forecast.tooltip, /sun\.png/);

    const del = tools.find((r) => r.label === 'Delete a City');
    assert.ok(del, `annotations.title is the display name: ${rowsText(tools)}`);
    assert.equal(del.description, 'delete_city · destructive · Removes a city');
    assert.match(del.tooltip, /destructive · idempotent/);

    // A title written as a Markdown link stays characters: the tooltip cannot become a link.
    const linky = tools.find((r) => r.description.startsWith('linky'));
    assert.ok(linky, rowsText(tools));
    // Link syntax is broken apart on the row too (shown/text.ts): a person reads it, nothing renders it.
    assert.equal(linky.label, '[Open me] (https://evil.example/x)');
    assert.doesNotMatch(linky.tooltip, /\]\(https:\/\/evil\.example\/x\)/);

    const plain = tools.find((r) => r.label === 'plain');
    assert.equal(plain?.description, 'No metadata at all');
    assert.doesNotMatch(plain?.tooltip ?? '', /Annotations|Icon:/);

    const readme = resources.find((r) => r.label === 'Read Me First');
    assert.ok(readme, rowsText(resources));
    assert.equal(readme.description, 'readme · audience: user · priority: 0.9 · memo://readme');
    assert.match(readme.tooltip, /Icon: image\/png · embedded \(34 characters\)/);
    assert.doesNotMatch(readme.tooltip, /data:image/);

    const note = resources.find((r) => r.label === 'Note by Id');
    assert.ok(note, rowsText(resources));
    assert.equal(note.icon, 'symbol-parameter');
    assert.equal(note.description, 'note · audience: assistant · priority: 0.2 · memo://notes/{id}');

    const plan = prompts.find((r) => r.label === 'Plan a Trip');
    assert.ok(plan, rowsText(prompts));
    assert.equal(plan.description, 'plan · Plans a trip');
    assert.match(plan.tooltip, /Icon: image\/svg\+xml · javascript: URI \(not loaded\)/);
    assert.doesNotMatch(plan.tooltip, /alert/);
  });
});
