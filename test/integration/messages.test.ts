import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DescribedRow } from '../../src/extension/messages/describe';
import { extensionApi, server, serverWhere, waitFor, stopAllServers } from './support';

/** The Messages view's rows for `name`, `depth` levels deep, as the tree shows them. */
function rows(name: string, depth = 0): Thenable<DescribedRow[]> {
  return vscode.commands.executeCommand<DescribedRow[]>('mcpLens.messages.describe', name, depth);
}

function show(list: DescribedRow[]): string {
  return list.map((r) => `${r.label} | ${r.description} | ${r.icon}`).join('\n');
}

suite('Messages view', () => {
  teardown(async () => {
    await vscode.commands.executeCommand('mcpLens.messages.showAll');
    await stopAllServers();
  });

  test('a legacy handshake: one row per request and response, ids, latency, the era probe -32601 drawn neutral', async () => {
    const { registry } = await extensionApi();
    await server(registry, 'legacy');
    await vscode.commands.executeCommand('mcpLens.startServer', 'legacy');
    await serverWhere(registry, 'legacy', 'running with its tools', (s) => s.state === 'running' && s.tools.length > 0);
    let last: DescribedRow[] = [];
    const list = await waitFor(
      'tools/list to be answered in the Messages view',
      async () => {
        last = await rows('legacy', 3);
        return last.some((r) => r.label === 'tools/list #3' && / ms$/.test(r.description)) ? last : undefined;
      },
      20_000,
      () => show(last),
    );

    // The probe of the 2026-07-28 era: a legacy server answers "Method not found", as expected.
    const discover = list.find((r) => r.label === 'server/discover #1');
    assert.ok(discover, show(list));
    assert.equal(discover.icon, 'versions');
    assert.match(discover.description, /^era probe · \d+ ms · -32601$/);
    const initialize = list.find((r) => r.label === 'initialize #2');
    assert.ok(initialize, show(list));
    assert.equal(initialize.icon, 'pass');
    assert.match(initialize.description, /^\d+ ms$/);
    const initialized = list.find((r) => r.label === 'notifications/initialized');
    assert.ok(initialized, show(list));
    assert.equal(initialized.description, 'client → server');

    // In order, lifecycle facts included: spawned first, then the probe, the era, the handshake.
    const labels = list.map((r) => r.label);
    assert.equal(labels[0], 'spawned');
    assert.ok(labels.indexOf('server/discover #1') < labels.indexOf('initialize #2'));
    assert.ok(labels.indexOf('initialize #2') < labels.indexOf('notifications/initialized'));
    assert.ok(labels.some((l) => l.startsWith('era: legacy')), labels.join(', '));

    // Expanded: params and the error as a JSON tree.
    assert.deepEqual(discover.children?.map((c) => c.label), ['params', 'error']);
    const error = discover.children?.find((c) => c.label === 'error');
    assert.deepEqual(
      error?.children?.map((c) => `${c.label}: ${c.description}`),
      ['code: -32601', 'message: "Method not found: server/discover"'],
    );
    const result = initialize.children?.find((c) => c.label === 'result');
    assert.ok(result?.children?.some((c) => c.label === 'serverInfo' && c.description === '{2}'), JSON.stringify(result));
  });

  test('filters: errors only keeps the failed exchange; notifications can be hidden', async () => {
    const { registry } = await extensionApi();
    await vscode.commands.executeCommand('mcpLens.startServer', 'legacy');
    await serverWhere(registry, 'legacy', 'running with its tools', (s) => s.state === 'running' && s.tools.length > 0);
    const all = await waitFor('the handshake rows', async () => {
      const list = await rows('legacy');
      return list.some((r) => r.label === 'tools/list #3') ? list : undefined;
    });

    await vscode.commands.executeCommand('mcpLens.messages.errorsOnly');
    const errors = await rows('legacy');
    assert.deepEqual(errors.map((r) => r.label), [], `the expected era probe is no error: ${show(errors)}`);
    await vscode.commands.executeCommand('mcpLens.messages.showAll');

    await vscode.commands.executeCommand('mcpLens.messages.hideNotifications');
    const quiet = await rows('legacy');
    await vscode.commands.executeCommand('mcpLens.messages.showNotifications');
    assert.ok(!quiet.some((r) => r.label === 'notifications/initialized'), show(quiet));
    assert.equal(quiet.length, all.length - all.filter((r) => r.contextValue === 'mcpLensMessage.notification').length);
  });

  test('copy as wire line gives the exact lines; replay sends the request again with a fresh id', async () => {
    const { registry } = await extensionApi();
    await vscode.commands.executeCommand('mcpLens.startServer', 'legacy');
    await serverWhere(registry, 'legacy', 'running with its tools', (s) => s.state === 'running' && s.tools.length > 0);
    const list = await waitFor('tools/list answered', async () => (await rows('legacy')).find((r) => r.label === 'tools/list #3' && / ms$/.test(r.description)));
    const seq = Number(list.id.slice(1));

    const text = await vscode.commands.executeCommand<string>('mcpLens.messages.copyWireLine', 'legacy', seq);
    const [request, response, extra] = text.split('\n');
    assert.equal(extra, undefined);
    assert.deepEqual(JSON.parse(request), { jsonrpc: '2.0', id: 3, method: 'tools/list', params: {} });
    assert.equal(JSON.parse(response).id, 3);
    assert.equal(await vscode.env.clipboard.readText(), text);

    const result = await vscode.commands.executeCommand<{ tools?: unknown[] }>('mcpLens.messages.replay', 'legacy', seq);
    assert.ok(result?.tools?.length, JSON.stringify(result));
    const replayed = await waitFor('the replayed request as a new row', async () =>
      (await rows('legacy')).find((r) => /^tools\/list #\d+$/.test(r.label) && r.label !== 'tools/list #3' && r.icon === 'pass'),
    );
    assert.match(replayed.description, /^\d+ ms$/);
  });

  test('revealMessage jumps to the row of a cited event', async () => {
    const { registry } = await extensionApi();
    await vscode.commands.executeCommand('mcpLens.startServer', 'legacy');
    await serverWhere(registry, 'legacy', 'running with its tools', (s) => s.state === 'running' && s.tools.length > 0);
    const list = await rows('legacy');
    const initialize = list.find((r) => r.label === 'initialize #2');
    assert.ok(initialize);
    const seq = Number(initialize.id.slice(1));
    const revealed = await vscode.commands.executeCommand<boolean>('mcpLens.revealMessage', 'legacy', seq);
    assert.equal(revealed, true);
  });

  test('100 000 notifications: the view keeps the newest 5000 rows, counts the rest, and stays responsive', async function () {
    // A hang guard for a loaded machine, not a timing check.
    this.timeout(150_000);
    const { registry } = await extensionApi();
    await server(registry, 'notification-flood');
    const started = Date.now();
    await vscode.commands.executeCommand('mcpLens.startServer', 'notification-flood');
    await vscode.commands.executeCommand('mcpLens.messages.focus');
    let last: DescribedRow[] = [];
    const list = await waitFor(
      'the last notification of the flood in the view',
      async () => {
        last = await rows('notification-flood');
        return last.some((r) => r.label === 'notifications/message') && last[0]?.id === 'gap' && Number(last[0].label.replace(/\D/g, '')) >= 95_000 ? last : undefined;
      },
      120_000,
      () => `${last.length} rows; first: ${last[0]?.label}`,
    );
    const flooded = Date.now() - started;
    assert.equal(list.length, 5001, 'the gap row and the newest 5000 rows');
    assert.match(list[0].label, /^[\d,]+ earlier rows not shown$/);
    // A request sent after the flood still gets its row and its answer: the host kept up.
    await serverWhere(registry, 'notification-flood', 'running with its tools', (s) => s.state === 'running' && s.tools.length > 0, 60_000);
    // Numbers for the report, never asserted: one full describe = what a root refresh computes.
    const t0 = Date.now();
    await rows('notification-flood');
    console.log(`      [numbers] 100 000 notifications shown ${flooded} ms after start; one full refresh of ${list.length} rows: ${Date.now() - t0} ms`);
  });
});
