import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PanelState } from '../../src/extension/stderr/panel';
import { extensionApi, server, serverWhere, waitFor, stopAllServers } from './support';

function panel(name: string): Thenable<PanelState> {
  return vscode.commands.executeCommand<PanelState>('mcpLens.stderr.describe', name);
}

suite('stderr panel', () => {
  teardown(stopAllServers);

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
    // Named by the message it is: the stray line quoted by its start.
    assert.equal(card.evidence.length, 1);
    assert.match(card.evidence[0].label, /^stray stdout "Weather MCP server v1\.2/);
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

  test('a server that floods stderr with 100 000 lines: the panel keeps a capped number of rows and says how many are hidden', async function () {
    // A hang guard, not a timing check: it covers the start and the count waits below.
    this.timeout(240_000);
    const { registry } = await extensionApi();
    await server(registry, 'stderr-flood');
    await vscode.commands.executeCommand('mcpLens.startServer', 'stderr-flood');
    await serverWhere(registry, 'stderr-flood', 'running', (s) => s.state === 'running', 60_000);
    await vscode.commands.executeCommand('mcpLens.stderr.focus');
    let last: PanelState | undefined;
    const state = await waitFor(
      'every flood line to be counted by the panel',
      async () => {
        last = await panel('stderr-flood');
        const r = last.rendered;
        return last.totalLines >= 100_000 && r && r.rows + r.hidden === last.totalLines ? last : undefined;
      },
      120_000,
      () => JSON.stringify({ total: last?.totalLines, rendered: last?.rendered }),
    );
    const rendered = state.rendered!;
    assert.equal(rendered.rows, 2000, 'the DOM keeps the newest 2000 rows');
    assert.equal(rendered.hidden, state.totalLines - 2000);
    assert.equal(state.lines.at(-1)?.text, 'debug: flood line 100000 of 100000');
    // The extension host kept answering while it flooded: the server's tools were listed.
    const s = registry.get('stderr-flood');
    assert.deepEqual(s?.tools, ['echo']);

    // Every line the panel no longer shows, in an editor: Open stderr as Text (the panel's link and title action).
    const file = await vscode.commands.executeCommand<string | undefined>('mcpLens.openStderrText', 'stderr-flood');
    assert.ok(file?.endsWith('.stderr.log'), file);
    const editor = await waitFor('the stderr text in the active editor', () =>
      vscode.window.activeTextEditor?.document.uri.fsPath === file ? vscode.window.activeTextEditor : undefined,
    );
    const doc = editor.document;
    assert.equal(doc.lineCount, 100_001, 'one line per stderr line, and the empty line after the last newline');
    assert.equal(doc.lineAt(0).text, 'debug: flood line 1 of 100000');
    assert.equal(doc.lineAt(50_000).text, 'debug: flood line 50001 of 100000');
    assert.equal(doc.lineAt(99_999).text, 'debug: flood line 100000 of 100000');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  test('a Python server that never flushes: no-response, with the -u / PYTHONUNBUFFERED=1 hint on the card and in Problems', async () => {
    const { registry } = await extensionApi();
    const config = vscode.workspace.getConfiguration('mcpLens');
    await config.update('requestTimeoutMs', 1000, vscode.ConfigurationTarget.Workspace);
    try {
      const snapshot = await server(registry, 'buffered-python');
      await vscode.commands.executeCommand('mcpLens.startServer', 'buffered-python');
      await serverWhere(registry, 'buffered-python', 'in the error state', (s) => s.state === 'error', 30_000);
      let last: PanelState | undefined;
      const card = await waitFor(
        'a no-response card',
        async () => {
          last = await panel('buffered-python');
          return last.cards.find((c) => c.rule === 'no-response');
        },
        20_000,
        () => JSON.stringify(last?.cards.map((c) => c.rule)),
      );
      assert.equal(card.stage, 'transport');
      assert.equal(card.retry, true);
      assert.match(card.hint, /python -u/);
      assert.match(card.hint, /PYTHONUNBUFFERED=1/);
      const problem = await waitFor('no-response in the Problems panel', () =>
        vscode.languages.getDiagnostics(vscode.Uri.file(snapshot.file)).find((d) => d.source === 'MCP Lens' && d.code === 'no-response'),
      );
      // The entry says what happened; the fix is in the hover over the config entry.
      assert.match(problem.message, /^buffered-python: The server wrote nothing to stdout/);
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
        'vscode.executeHoverProvider',
        vscode.Uri.file(snapshot.file),
        problem.range.start,
      );
      const hoverText = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
      assert.match(hoverText, /PYTHONUNBUFFERED=1/, hoverText);
    } finally {
      await config.update('requestTimeoutMs', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });
});
