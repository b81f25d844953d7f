import * as assert from 'node:assert/strict';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { FuzzToolResult } from '../../src/extension/fuzz';
import type { LoadToolResult } from '../../src/extension/load/loadCommand';
import { descendantsMatching, extensionApi, find, folder, hasProc, serverNames, waitFor } from './support';

// "Fuzz Tool…" on the SDK fixture servers named in .vscode/mcp.json: a faulty one (the crash
// is found, shrunk, and saved as a regression test) and a correct one (nothing found, and a
// Fuzz lens over each registerTool). Each run uses a process of its own, none left behind.
const repo = process.env.MCP_LENS_REPO_ROOT ?? '';
const faults = join(repo, 'test', 'fixtures', 'servers', 'fuzz', 'faults.mjs');
const correct = join(repo, 'test', 'fixtures', 'servers', 'fuzz', 'correct.mjs');
const leaks = join(repo, 'test', 'fixtures', 'servers', 'fuzz', 'leaks.mjs');
const SERVERS = `"servers": {
    "fuzz-faults": { "type": "stdio", "command": "node", "args": [${JSON.stringify(faults)}] },
    "fuzz-correct": { "type": "stdio", "command": "node", "args": [${JSON.stringify(correct)}] },
    "fuzz-leaks": { "type": "stdio", "command": "node", "args": [${JSON.stringify(leaks)}] },`;

const configFile = () => join(folder(), '.vscode', 'mcp.json');
const savedFile = () => join(folder(), '.mcp-lens', 'tests', 'fuzz-faults.mcptest.json');

suite('Fuzz Tool', () => {
  let original = '';

  suiteSetup(async () => {
    const { registry } = await extensionApi();
    original = await readFile(configFile(), 'utf8');
    await writeFile(configFile(), original.replace('"servers": {', SERVERS));
    await waitFor('the fuzz servers', () => find(registry, 'fuzz-faults') && find(registry, 'fuzz-correct') && find(registry, 'fuzz-leaks'), 20_000, () => serverNames(registry).join(', '));
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await writeFile(configFile(), original);
    await rm(savedFile(), { force: true });
  });

  test('Fuzz Tool… finds the crash of divide with its smallest input and saves it as a regression test', async () => {
    const result = await vscode.commands.executeCommand<FuzzToolResult>('mcpLens.fuzzTool', { server: 'fuzz-faults', tool: 'divide', runs: 40, seed: 5, save: true });
    assert.ok(result, 'the command returns its report');
    assert.deepEqual(result.report.findings.map((f) => [f.rule, f.args]), [['crashed', { a: 0, b: 0 }]]);
    assert.ok(result.starts >= 2, 'the server was started again after the crash');
    assert.equal(result.savedTo, savedFile());
    const saved = JSON.parse(await readFile(savedFile(), 'utf8'));
    assert.equal(saved.server, 'fuzz-faults');
    assert.deepEqual(saved.tests.map((t: { tool: string; arguments: unknown }) => [t.tool, t.arguments]), [['divide', { a: 0, b: 0 }]]);
    const { registry } = await extensionApi();
    assert.equal(find(registry, 'fuzz-faults')?.state, 'stopped', 'the configured server itself was never started');
    if (hasProc) assert.deepEqual(descendantsMatching('faults.mjs'), [], 'no fuzzed process left running');
  });

  test('Fuzz Tool… on a server that keeps 3 MiB per call: no per-call fault, memory-growth across the run', async () => {
    const result = await vscode.commands.executeCommand<FuzzToolResult>('mcpLens.fuzzTool', { server: 'fuzz-leaks', tool: 'remember', runs: 40, seed: 3 });
    assert.ok(result);
    assert.deepEqual(result.report.findings, []);
    assert.deepEqual(result.run.map((d) => d.rule), ['memory-growth']);
    if (hasProc) assert.deepEqual(descendantsMatching('leaks.mjs'), [], 'no fuzzed process left running');
  });

  test('the correct server: no finding, and a Fuzz lens over each of its registered tools', async () => {
    const result = await vscode.commands.executeCommand<FuzzToolResult>('mcpLens.fuzzTool', { server: 'fuzz-correct', tool: 'shout', runs: 30, seed: 2 });
    assert.ok(result);
    assert.deepEqual(result.report.findings, []);
    assert.deepEqual(result.run, [], 'its memory does not grow with the calls');
    assert.equal(result.report.calls, 30);
    await vscode.workspace.openTextDocument(correct);
    const lines = (await readFile(correct, 'utf8')).split('\n').flatMap((l, i) => (/^server\.registerTool\(/.test(l) ? [i] : []));
    const fuzzLenses = await waitFor('Fuzz lenses', async () => {
      const found = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', vscode.Uri.file(correct));
      const fuzz = (found ?? []).filter((l) => l.command?.command === 'mcpLens.fuzzTool');
      return fuzz.length === lines.length ? fuzz : undefined;
    });
    assert.deepEqual(fuzzLenses.map((l) => l.command?.title), lines.map(() => 'Fuzz'));
  });
});

suite('Load Test Tool', () => {
  const delay = join(repo, 'test', 'fixtures', 'servers', 'fuzz', 'delay.mjs');
  const leaking = join(repo, 'test', 'fixtures', 'servers', 'fuzz', 'leaks.mjs');
  let original = '';

  suiteSetup(async () => {
    const { registry } = await extensionApi();
    original = await readFile(configFile(), 'utf8');
    await writeFile(configFile(), original.replace('"servers": {', `"servers": {\n    "fuzz-delay": { "type": "stdio", "command": "node", "args": [${JSON.stringify(delay)}] },\n    "load-leaks": { "type": "stdio", "command": "node", "args": [${JSON.stringify(leaking)}] },`));
    await waitFor('the delay server', () => find(registry, 'fuzz-delay') && find(registry, 'load-leaks'), 20_000, () => serverNames(registry).join(', '));
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await writeFile(configFile(), original);
  });

  test('Load Test Tool… makes the calls asked for, every latency includes the delay, and its panel shows the figures and the charts', async () => {
    const run = await vscode.commands.executeCommand<LoadToolResult>('mcpLens.loadTestTool', { server: 'fuzz-delay', tool: 'wait', args: { ms: 40 }, concurrency: 4, requests: 24 });
    assert.ok(run, 'the command returns its result');
    assert.equal(run.result.requests, 24);
    assert.equal(run.result.ok, 24);
    assert.ok(run.result.latency.minMs >= 39.9, `min ${run.result.latency.minMs} ms includes the 40 ms delay`);
    // What the panel's page shows, read back from its DOM.
    const drawn = run.drawn;
    assert.ok(drawn, 'the panel drew the run');
    assert.equal(drawn.heading, 'Load test of wait');
    assert.deepEqual(Object.keys(drawn.latency), ['min', 'p50', 'p90', 'p99', 'max', 'mean']);
    assert.equal(drawn.latency.p99, `${run.result.latency.p99Ms} ms`);
    assert.ok(Number.parseFloat(drawn.latency.min) >= 39.9, drawn.latency.min);
    assert.deepEqual(drawn.requests, { total: '24', ok: '24', 'error rate': '0%' });
    assert.equal(drawn.histogramBars, run.result.histogram.length);
    assert.ok(drawn.histogramBars >= 1);
    assert.equal(drawn.throughputBars, run.result.timeline.length);
    assert.equal(drawn.cpuPoints, run.samples.length);
    assert.equal(drawn.memoryPoints, run.samples.length);
    if (hasProc) assert.ok(drawn.memoryPoints >= 1, 'the server was sampled');
    assert.match(drawn.captions[0], /^Latency histogram/);
    assert.match(drawn.captions[1], /^Throughput over time/);
    assert.ok(drawn.notes.some((n) => /this machine's/.test(n)), drawn.notes.join('\n'));
    assert.deepEqual(drawn.findings, [], 'a server that keeps nothing per call');
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.ok(tab?.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith('mcpLens.load'), 'the panel is the active tab');
    assert.equal(tab?.label, 'Load: wait of fuzz-delay');
    if (hasProc) assert.deepEqual(descendantsMatching('delay.mjs'), [], 'the load-tested process is stopped');
  });

  test('Load Test Tool… on a server that keeps 3 MiB per call: the panel shows memory-growth and the memory climbing', async () => {
    const run = await vscode.commands.executeCommand<LoadToolResult>('mcpLens.loadTestTool', { server: 'load-leaks', tool: 'remember', args: { note: 'x' }, concurrency: 1, requests: 30 });
    assert.ok(run?.drawn, 'the panel drew the run');
    assert.equal(run.result.ok, 30);
    assert.deepEqual(run.drawn.findings, ['memory-growth']);
    assert.ok(run.drawn.memoryPoints >= 6, `${run.drawn.memoryPoints} memory readings drawn`);
    if (hasProc) assert.deepEqual(descendantsMatching('leaks.mjs'), [], 'the load-tested process is stopped');
  });
});
