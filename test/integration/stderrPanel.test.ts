import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PanelState } from '../../src/extension/stderr/panel';
import { extensionApi, server, serverWhere, waitFor } from './support';

function panel(name: string): Thenable<PanelState> {
  return vscode.commands.executeCommand<PanelState>('mcpLens.stderr.describe', name);
}

suite('stderr panel', () => {
  teardown(async () => {
    const { registry } = await extensionApi();
    for (const s of registry.servers.filter((s) => s.state === 'running' || s.state === 'starting')) {
      await vscode.commands.executeCommand('mcpLens.stopServer', s.name);
    }
  });

  test('a server that writes a banner: the stray line flagged, a stray-stdout card with evidence, source and hint', async () => {
    const { registry } = await extensionApi();
    await server(registry, 'banner');
    await vscode.commands.executeCommand('mcpLens.startServer', 'banner');
    await serverWhere(registry, 'banner', 'running', (s) => s.state === 'running');
    await vscode.commands.executeCommand('mcpLens.stderr.focus');

    let last: PanelState | undefined;
    const state = await waitFor(
      'the panel to render a stray-stdout card with its source line',
      async () => {
        last = await panel('banner');
        const card = last.cards.find((c) => c.rule === 'stray-stdout');
        return card?.source && last.rendered?.cards.includes('stray-stdout') && last.rendered.strayRows > 0 ? last : undefined;
      },
      20_000,
      () => JSON.stringify(last),
    );
    assert.equal(state.server, 'banner');
    const card = state.cards.find((c) => c.rule === 'stray-stdout')!;
    assert.equal(card.stage, 'framing');
    assert.match(card.message, /Weather MCP server v1\.2 running on stdio/);
    assert.equal(card.retry, false);
    assert.match(card.hint, /console\.error/);
    assert.deepEqual(card.evidence.map((e) => e.label), ['stdout line']);
    assert.ok(card.source?.file.endsWith('banner-stdout.mjs'), card.source?.file);
    assert.equal(card.source?.line, 4);
    assert.equal(card.source?.label, 'banner-stdout.mjs:4');

    // The line itself, flagged among the stderr lines.
    const stray = state.lines.find((l) => l.kind === 'stray');
    assert.equal(stray?.text, 'Weather MCP server v1.2 running on stdio');
    assert.equal(stray?.seq, card.evidence[0].seq);

    // The evidence link's target: the stray row in the Messages view.
    const revealed = await vscode.commands.executeCommand<boolean>('mcpLens.revealMessage', 'banner', card.evidence[0].seq);
    assert.equal(revealed, true);
  });
});
