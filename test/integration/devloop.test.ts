import * as assert from 'node:assert/strict';
import { copyFile, mkdir, readFile, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { DebugOutcome } from '../../src/extension/devloop/debugAttach';
import type { DescribedRow } from '../../src/extension/messages/describe';
import type { CallOutcome } from '../../src/extension/tools/protocol';
import type { PanelState } from '../../src/extension/stderr/panel';
import { extensionApi, find, folder, restoreFile, saved, serverNames, serverWhere, waitFor } from './support';

// A server that reads its tools from devloop/tools.json, copied into the workspace copy:
// "weather" restarts when that file is saved (dev.watch); "weather-debug" is debugged.
const repo = process.env.MCP_LENS_REPO_ROOT ?? '';
const fixtures = join(repo, 'test', 'fixtures', 'servers');
const SERVERS = `"servers": {
    "weather": { "type": "stdio", "command": "node", "args": ["\${workspaceFolder}/devloop/weather.mjs"], "dev": { "watch": ["devloop/*.json"] } },
    "weather-debug": { "type": "stdio", "command": "node", "args": ["\${workspaceFolder}/devloop/weather.mjs"] },`;

const forecast = {
  name: 'get_forecast',
  description: 'Forecast for a city',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};
const neverAnswers = { name: 'never-answers', description: 'Is received and never answered', inputSchema: { type: 'object' } };

interface LastDiff {
  message: string;
  summary: string;
  changes: string[];
  breaking: number;
  lost: string[];
  evals?: { ids: string[]; cases: string[] };
  separator?: string;
  reason?: string;
  before: string;
  after: string;
}

const configFile = () => join(folder(), '.vscode', 'mcp.json');
const devDir = () => join(folder(), 'devloop');
const stderrOf = (server: string) => vscode.commands.executeCommand<PanelState>('mcpLens.stderr.describe', server);

suite('dev loop: restart on save, list diff, debugger attach', () => {
  let original = '';

  suiteSetup(async () => {
    const { registry } = await extensionApi();
    await mkdir(devDir(), { recursive: true });
    await copyFile(join(fixtures, 'tools-from-json.mjs'), join(devDir(), 'weather.mjs'));
    await copyFile(join(fixtures, 'lib-line-server.mjs'), join(devDir(), 'lib-line-server.mjs'));
    await copyFile(join(fixtures, 'lib-stdio-loop.mjs'), join(devDir(), 'lib-stdio-loop.mjs'));
    await writeFile(join(devDir(), 'tools.json'), JSON.stringify([forecast, neverAnswers], null, 2));
    original = await readFile(configFile(), 'utf8');
    await writeFile(configFile(), original.replace('"servers": {', SERVERS));
    await waitFor('the dev-loop servers', () => find(registry, 'weather') && find(registry, 'weather-debug'), 20_000, () => serverNames(registry).join(', '));
  });

  suiteTeardown(async () => {
    const { registry } = await extensionApi();
    vscode.debug.removeBreakpoints(vscode.debug.breakpoints);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const name of ['weather', 'weather-debug']) if (find(registry, name)?.state === 'running') await vscode.commands.executeCommand('mcpLens.stopServer', name);
    await writeFile(configFile(), original);
    await waitFor('the dev-loop servers to go', () => !find(registry, 'weather') && !find(registry, 'weather-debug'), 20_000, () => serverNames(registry).join(', '));
    await rm(devDir(), { recursive: true, force: true });
  });

  // The server's two tools as the first test starts from them, its retry too: a failed attempt
  // leaves tools.json saved with three, and the server running them. (The tests after it go on
  // from its three tools.)
  async function twoTools(): Promise<void> {
    const { registry } = await extensionApi();
    if (find(registry, 'weather')?.state === 'running') await vscode.commands.executeCommand('mcpLens.stopServer', 'weather');
    await restoreFile(join(devDir(), 'tools.json'), JSON.stringify([forecast, neverAnswers], null, 2));
  }

  test('saving tools.json restarts the server, keeps the trace, reports the lost call and the diff', async () => {
    const { registry } = await extensionApi();
    await twoTools();
    const earlier = (await vscode.commands.executeCommand<LastDiff | undefined>('mcpLens.devloop.lastDiff', 'weather'))?.after;
    await vscode.commands.executeCommand('mcpLens.startServer', 'weather');
    await serverWhere(registry, 'weather', 'running with its two tools', (s) => s.state === 'running' && s.tools.length === 2);

    // A call the server never answers is in flight when the file is saved.
    const lostCall = vscode.commands.executeCommand<CallOutcome>('mcpLens.runTool', { server: 'weather', tool: 'never-answers', args: {} });
    await waitFor('the server to receive the call', async () => (await stderrOf('weather')).lines.some((l) => l.text === 'received tools/call never-answers'));

    const tools = vscode.Uri.file(join(devDir(), 'tools.json'));
    const doc = await vscode.workspace.openTextDocument(tools);
    const changed = [
      { ...forecast, inputSchema: { ...forecast.inputSchema, properties: { ...forecast.inputSchema.properties, units: { type: 'string', enum: ['metric', 'imperial'] } }, required: ['city', 'units'] } },
      neverAnswers,
      { name: 'get_alerts', description: 'Weather alerts for a US state', inputSchema: { type: 'object', properties: { state: { type: 'string' } } } },
    ];
    const edit = new vscode.WorkspaceEdit();
    edit.replace(tools, new vscode.Range(0, 0, doc.lineCount, 0), JSON.stringify(changed, null, 2));
    assert.ok(await vscode.workspace.applyEdit(edit));
    await saved(doc);

    // The diff of the restart the save caused: the one that brought the third tool. (Under load a
    // watcher event for the file's first write can come after the start and restart it once more
    // before, with nothing changed: ci4, ci33.)
    await serverWhere(registry, 'weather', 'running with three tools', (s) => s.state === 'running' && s.tools.length === 3, 30_000);
    const diff = await waitFor('the restart diff', async () => {
      const last = await vscode.commands.executeCommand<LastDiff | undefined>('mcpLens.devloop.lastDiff', 'weather');
      return last && last.after !== earlier && last.summary !== 'no changes to tools, resources or prompts' ? last : undefined;
    }, 30_000);
    assert.equal(diff.reason, 'saving tools.json');
    // The tool definitions' token cost (o200k_base) before → after, and per tool whose cost changed.
    assert.equal(diff.summary, '1 tool added, 1 schema changed — 1 change breaks callers; 57 → 106 tokens (+49)');
    assert.equal(diff.message, 'weather restarted after saving tools.json: 1 tool added, 1 schema changed — 1 change breaks callers; 57 → 106 tokens (+49)');
    assert.deepEqual(diff.changes, [
      '+ tool get_alerts added',
      '~ tool get_forecast: inputSchema.units added (string, required) — breaking: callers that do not send the new required field are rejected',
      'tokens (o200k_base): 57 → 106 (+49)',
      'tokens: get_forecast 35 → 52 (+17)',
      'tokens: get_alerts +32 (added)',
    ]);
    assert.equal(diff.breaking, 1);
    assert.equal(diff.lost.length, 1);
    assert.match(diff.lost[0], /^tools\/call "never-answers" \(id \d+\)$/);
    assert.equal(diff.separator, `— restarted after saving tools.json; lost without an answer: ${diff.lost[0]} —`);

    // The caller hears of it: the call ends instead of waiting forever.
    const outcome = await lostCall;
    assert.equal(outcome?.kind, 'closed', JSON.stringify(outcome));
    const after = await serverWhere(registry, 'weather', 'running with three tools', (s) => s.state === 'running' && s.tools.length === 3);
    assert.deepEqual([...after.tools].sort(), ['get_alerts', 'get_forecast', 'never-answers']);
    // One trace across the restart: the first run's stderr is still there.
    const panel = await stderrOf('weather');
    assert.ok(panel.lines.some((l) => l.text === 'received tools/call never-answers'), JSON.stringify(panel.lines));

    // Show Diff: the diff editor on the two read-only documents.
    await vscode.commands.executeCommand('mcpLens.showToolDiff', 'weather');
    const tab = await waitFor('the diff editor', () => {
      const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      return input instanceof vscode.TabInputTextDiff && input.modified.scheme === 'mcp-lens-diff' ? input : undefined;
    });
    const [before, afterDoc] = await Promise.all([vscode.workspace.openTextDocument(tab.original), vscode.workspace.openTextDocument(tab.modified)]);
    assert.ok(!before.getText().includes('get_alerts') && afterDoc.getText().includes('"get_alerts"'), afterDoc.getText());
    assert.ok(afterDoc.getText().includes('"units"'));
  });

  test('a tool description changed on save: the diff names the eval cases that expect or forbid the tool, and runs exactly those', async () => {
    const { registry } = await extensionApi();
    // Cases over "weather" through the scripted model (test/fixtures/extensions/scripted-model): it plays the @call/@answer script in each prompt.
    const evalDir = join(folder(), 'devloop-evals');
    const evalPath = join(evalDir, 'weather.mcpeval.json');
    const cases = [
      { name: 'forecast', prompt: 'Oslo? @call get_forecast {"city":"Oslo","units":"metric"} @answer done', expect: { tool: 'get_forecast' } },
      { name: 'alerts', prompt: 'Alerts? @call get_alerts {"state":"CA"} @answer none', expect: { tool: 'get_alerts' } },
      { name: 'no forecast', prompt: 'Hello @answer hello', expect: { notTools: ['get_forecast'] } },
    ];
    const settings = vscode.workspace.getConfiguration('mcpLens');
    await settings.update('evals.model', { vendor: 'mcp-lens-scripted', id: 'scripted-1' }, vscode.ConfigurationTarget.Workspace);
    await mkdir(evalDir, { recursive: true });
    await writeFile(evalPath, JSON.stringify({ server: 'weather', cases }, null, 2));
    // Found at once, whether or not the file watcher has caught up with the new folder.
    await vscode.commands.executeCommand('testing.refreshTests');
    type Described = { cases: { id: string; label: string; outcome?: { status: string; run: number } }[] };
    const ours = async () => (await vscode.commands.executeCommand<Described>('mcpLens.evals.describe')).cases.filter((c) => c.id.includes('devloop-evals'));
    try {
      await waitFor('the three eval cases', async () => ((await ours()).length === 3 ? true : undefined));
      await serverWhere(registry, 'weather', 'running with three tools', (s) => s.state === 'running' && s.tools.length === 3);
      const previous = await vscode.commands.executeCommand<LastDiff>('mcpLens.devloop.lastDiff', 'weather');

      // Only get_forecast's description changes.
      const tools = vscode.Uri.file(join(devDir(), 'tools.json'));
      const doc = await vscode.workspace.openTextDocument(tools);
      const list = JSON.parse(doc.getText()) as { name: string; description: string }[];
      const changed = list.map((t) => (t.name === 'get_forecast' ? { ...t, description: 'The forecast for a city, by its name' } : t));
      const edit = new vscode.WorkspaceEdit();
      edit.replace(tools, new vscode.Range(0, 0, doc.lineCount, 0), JSON.stringify(changed, null, 2));
      assert.ok(await vscode.workspace.applyEdit(edit));
      await saved(doc);

      const diff = await waitFor('the restart diff with its evals', async () => {
        const d = await vscode.commands.executeCommand<LastDiff>('mcpLens.devloop.lastDiff', 'weather');
        return d && d.message !== previous.message ? d : undefined;
      }, 30_000);
      const named = ['devloop-evals/weather.mcpeval.json › forecast', 'devloop-evals/weather.mcpeval.json › no forecast'];
      assert.deepEqual(diff.evals?.cases, named);
      assert.match(diff.message, /^weather restarted after saving tools\.json: .*; 2 eval cases to rerun: devloop-evals\/weather\.mcpeval\.json › forecast, devloop-evals\/weather\.mcpeval\.json › no forecast$/);
      assert.deepEqual(diff.changes.filter((c) => !c.startsWith('tokens')), ['~ tool get_forecast: description changed']);

      // The diff's "Rerun Evals": exactly those two run, on the restarted server.
      await vscode.commands.executeCommand('mcpLens.evals.runCases', diff.evals!.ids);
      const after = await ours();
      assert.deepEqual(after.map((c) => [c.label, c.outcome?.status]), [['forecast', 'passed'], ['alerts', undefined], ['no forecast', 'passed']]);
    } finally {
      await settings.update('evals.model', undefined, vscode.ConfigurationTarget.Workspace);
      await rm(evalDir, { recursive: true, force: true });
      // Its rows go with it, whether or not the file watcher saw the delete.
      await vscode.commands.executeCommand('testing.refreshTests');
    }
  });

  test('debugging a Python server without the Python debugger extension says what to install', async function () {
    if (vscode.extensions.getExtension('ms-python.debugpy') || vscode.extensions.getExtension('ms-python.python')) return this.skip();
    const { registry } = await extensionApi();
    const outcome = await vscode.commands.executeCommand<DebugOutcome>('mcpLens.debugServer', 'python-print');
    assert.equal(outcome?.ok, false);
    assert.match(outcome && !outcome.ok ? outcome.reason : '', /Python Debugger extension \(ms-python\.debugpy/);
    // Nothing was started for a debugger that cannot attach.
    assert.equal(find(registry, 'python-print')?.state, 'stopped');
  });

  test('debugging a Node server: the debugger attaches and stops in the tool handler', async function () {
    // A hang guard, not a timing check: a loaded machine attaches and ends js-debug slowly.
    this.timeout(180_000);
    const { registry } = await extensionApi();
    const script = join(devDir(), 'weather.mjs');
    const line = (await readFile(script, 'utf8')).split('\n').findIndex((l) => l.includes('const answer ='));
    assert.ok(line > 0, 'the handler line');
    vscode.debug.addBreakpoints([new vscode.SourceBreakpoint(new vscode.Location(vscode.Uri.file(script), new vscode.Position(line, 0)))]);

    const seen: string[] = [];
    const live = new Map<string, vscode.DebugSession>();
    const sessionEvents = [
      vscode.debug.onDidStartDebugSession((d) => live.set(d.id, d)),
      vscode.debug.onDidTerminateDebugSession((d) => live.delete(d.id)),
    ];
    const stops: { session: vscode.DebugSession; threadId: number; reason: string }[] = [];
    const tracker = vscode.debug.registerDebugAdapterTrackerFactory('*', {
      createDebugAdapterTracker: (session) => ({
        onDidSendMessage: (m: { type?: string; event?: string; body?: { threadId: number; reason: string } }) => {
          if (m.type === 'event' && m.event !== 'loadedSource') seen.push(`${session.name}: ${m.event}`);
          if (m.type === 'event' && m.event === 'stopped' && m.body) stops.push({ session, threadId: m.body.threadId, reason: m.body.reason });
        },
      }),
    });
    try {
      const outcome = await vscode.commands.executeCommand<DebugOutcome>('mcpLens.debugServer', 'weather-debug');
      assert.ok(outcome?.ok, JSON.stringify(outcome));
      await serverWhere(registry, 'weather-debug', 'running with its tools', (s) => s.state === 'running' && s.tools.includes('get_forecast'));

      const call = vscode.commands.executeCommand<CallOutcome>('mcpLens.runTool', { server: 'weather-debug', tool: 'get_forecast', args: { city: 'Oslo', units: 'metric' } });
      const stop = await waitFor('the debugger to stop at the breakpoint', () => stops.find((s) => s.reason === 'breakpoint'), 30_000, () => JSON.stringify({ seen, breakpoints: vscode.debug.breakpoints.length }));
      const trace = (await stop.session.customRequest('stackTrace', { threadId: stop.threadId })) as { stackFrames: { name: string; line: number; source?: { path?: string } }[] };
      const top = trace.stackFrames[0];
      assert.equal(top.name, 'handleCall');
      assert.equal(top.line, line + 1);
      assert.ok(top.source?.path?.endsWith('weather.mjs'), JSON.stringify(top.source));

      await stop.session.customRequest('continue', { threadId: stop.threadId });
      const result = await call;
      assert.equal(result?.kind, 'result', JSON.stringify(result));
      assert.deepEqual(result?.kind === 'result' && result.result.content, [{ type: 'text', text: 'get_forecast answered {"city":"Oslo","units":"metric"}' }]);

      // Stopping the server ends its debug sessions.
      await vscode.commands.executeCommand('mcpLens.stopServer', 'weather-debug');
      await serverWhere(registry, 'weather-debug', 'stopped', (s) => s.state === 'stopped');
      await waitFor('the debug sessions to end', () => live.size === 0, 60_000, () => [...live.values()].map((d) => d.name).join(', '));
    } finally {
      tracker.dispose();
      for (const d of sessionEvents) d.dispose();
    }
  });

  test('a change event for a file written before the server started restarts nothing (a watcher event that came late)', async () => {
    const { registry } = await extensionApi();
    await twoTools();
    await vscode.commands.executeCommand('mcpLens.startServer', 'weather');
    await serverWhere(registry, 'weather', 'running', (s) => s.state === 'running');
    // The restarts of this server, as the Messages view shows them (one separator row each).
    const restarts = async () =>
      ((await vscode.commands.executeCommand<DescribedRow[]>('mcpLens.messages.describe', 'weather', 0)) ?? [])
        .map((r) => `${r.label} ${r.description}`)
        .filter((text) => /restarted after saving/.test(text));
    const before = (await restarts()).length;
    try {
      // Written an hour ago, as far as its mtime says, and appearing now under the watched glob
      // (a rename keeps the mtime): what a late event for an old write looks like.
      const hourAgo = new Date(Date.now() - 3_600_000);
      await writeFile(join(devDir(), 'stale.tmp'), '[]');
      await utimes(join(devDir(), 'stale.tmp'), hourAgo, hourAgo);
      await rename(join(devDir(), 'stale.tmp'), join(devDir(), 'stale.json'));
      // A file written now restarts it, once, naming that file alone.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await writeFile(join(devDir(), 'fresh.json'), '[]');
      const after = await waitFor('the restart for fresh.json', async () => ((await restarts()).some((t) => t.includes('fresh.json')) ? restarts() : undefined), 30_000);
      assert.equal(after.length, before + 1, JSON.stringify(after));
      assert.doesNotMatch(after.at(-1) ?? '', /stale\.json/);
    } finally {
      await rm(join(devDir(), 'stale.json'), { force: true });
      await rm(join(devDir(), 'fresh.json'), { force: true });
    }
  });
});
