import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { extensionApi, find, server, serverRow, serverWhere, stopAllServers, waitFor } from './support';

type Row = Awaited<ReturnType<typeof serverRow>>;

function ours(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'MCP Lens');
}

/** The Probes row under a server, once the probes after Start are done. */
async function probesRow(name: string): Promise<NonNullable<Row>> {
  return waitFor(`the Probes row under "${name}"`, async () => (await serverRow(name, 2))?.children?.find((c) => c.label === 'Probes'), 60_000);
}

suite('Probes after Start', () => {
  // The harness turns them off for the other suites, which read exact traces.
  const setting = (on: boolean) => vscode.workspace.getConfiguration('mcpLens').update('probes.onStart', on, vscode.ConfigurationTarget.Global);
  suiteSetup(() => setting(true));
  suiteTeardown(() => setting(false));
  teardown(stopAllServers);

  test('ping answered with an error: the Servers view lists the probes, Problems has ping-failed', async () => {
    const { registry } = await extensionApi();
    await server(registry, 'probe-ping-error');
    await vscode.commands.executeCommand('mcpLens.startServer', 'probe-ping-error');
    await serverWhere(registry, 'probe-ping-error', 'running', (s) => s.state === 'running');
    const row = await probesRow('probe-ping-error');
    assert.match(row.description, /^\d+ ran · \d+ skipped/);
    const probes = (await serverRow('probe-ping-error', 3))?.children?.find((c) => c.label === 'Probes')?.children ?? [];
    const ping = probes.find((p) => p.label === 'ping');
    assert.equal(ping?.description, 'ran', JSON.stringify(probes));
    // A 2025-era session has nothing to compare with 2026-07-28: said, not hidden.
    assert.ok(probes.some((p) => p.label === 'legacy-era' && /^skipped: /.test(p.description)), JSON.stringify(probes));
    const config = vscode.Uri.file(find(registry, 'probe-ping-error')!.file);
    const found = await waitFor('ping-failed in Problems', () => ours(config).find((d) => d.code === 'ping-failed'));
    assert.equal(found.severity, vscode.DiagnosticSeverity.Error);
    assert.match(found.message, /^probe-ping-error: ping was answered with error -32603 /);
  });

  test('a 2026-07-28 stdio server that never looks at _meta: the stateless probe\'s raw requests are in the Messages view, Problems has request-meta-mishandled and no client fault', async () => {
    const { registry } = await extensionApi();
    await server(registry, 'probe-meta-unchecked');
    await vscode.commands.executeCommand('mcpLens.startServer', 'probe-meta-unchecked');
    await serverWhere(registry, 'probe-meta-unchecked', 'running', (s) => s.state === 'running');
    await probesRow('probe-meta-unchecked');
    const probes = (await serverRow('probe-meta-unchecked', 3))?.children?.find((c) => c.label === 'Probes')?.children ?? [];
    assert.equal(probes.find((p) => p.label === 'stateless')?.description, 'ran', JSON.stringify(probes));
    const config = vscode.Uri.file(find(registry, 'probe-meta-unchecked')!.file);
    const found = await waitFor('three request-meta-mishandled in Problems', () => {
      const d = ours(config).filter((x) => x.code === 'request-meta-mishandled');
      return d.length === 3 ? d : undefined;
    });
    assert.match(found[0].message, /^probe-meta-unchecked: A server\/discover without _meta was answered with a result: .* -32602/);
    assert.equal(found[0].severity, vscode.DiagnosticSeverity.Error);
    // The probe's own malformed requests are not read as MCP Lens's fault.
    const codes = ours(config).filter((d) => d.message.startsWith('probe-meta-unchecked:')).map((d) => String(d.code));
    assert.deepEqual(codes.filter((c) => c !== 'request-meta-mishandled'), [], codes.join(', '));
    const rows = await vscode.commands.executeCommand<{ label: string }[]>('mcpLens.messages.describe', 'probe-meta-unchecked', 0);
    assert.ok(rows.some((r) => /^server\/discover/.test(r.label)) && rows.some((r) => /^mcp-lens\/no-such-method/.test(r.label)), rows.map((r) => r.label).join('\n'));
  });

  test('a clean SDK server: every probe that applies runs, and none is a warning or an error', async () => {
    const { registry } = await extensionApi();
    await server(registry, 'probe-clean');
    await vscode.commands.executeCommand('mcpLens.startServer', 'probe-clean');
    await serverWhere(registry, 'probe-clean', 'running', (s) => s.state === 'running');
    const probes = (await probesRow('probe-clean')) && ((await serverRow('probe-clean', 3))?.children?.find((c) => c.label === 'Probes')?.children ?? []);
    for (const id of ['ping', 'logging', 'completion', 'resources-read', 'unknown-resource', 'prompts-get', 'subscribe']) {
      assert.equal(probes.find((p) => p.label === id)?.description, 'ran', `${id}: ${JSON.stringify(probes)}`);
    }
    const config = vscode.Uri.file(find(registry, 'probe-clean')!.file);
    const serious = ours(config).filter((d) => d.message.startsWith('probe-clean:') && d.severity <= vscode.DiagnosticSeverity.Warning);
    assert.deepEqual(serious.map((d) => `${String(d.code)}: ${d.message}`), []);
  });
});
