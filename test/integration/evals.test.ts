import * as assert from 'node:assert/strict';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { EvalOutcome } from '../../src/extension/evals/evalRuns';
import type { DescribedRow } from '../../src/extension/messages/describe';
import { extensionApi, find, folder, serverNames, waitFor } from './support';

// Eval cases in the Test Explorer, through a language model that a test extension registers
// with VS Code's chat-provider API (test/fixtures/extensions/scripted-model, loaded beside
// MCP Lens by the harness) and vscode.lm picks like any other. The model plays the script in
// each prompt (test/fixtures/models/script.mjs); every tool call runs on the real weather
// example server. The cases are the CLI's (test/fixtures/evals/weather.mcpeval.json).
const repo = process.env.MCP_LENS_REPO_ROOT ?? '';
const weather = join(repo, 'examples', 'workspace', 'servers', 'weather', 'server.mjs');
const SERVERS = `"servers": {
    "weather-evals": { "type": "stdio", "command": "node", "args": [${JSON.stringify(weather)}] },`;

interface Described {
  cases: { id: string; label: string; line: number; description?: string; outcome?: EvalOutcome }[];
}
interface ScriptedRequest {
  model: string;
  tools: string[];
  roles: string[];
}

const configFile = () => join(folder(), '.vscode', 'mcp.json');
const evalFile = () => join(folder(), 'evals', 'weather.mcpeval.json');
const describe = () => vscode.commands.executeCommand<Described>('mcpLens.evals.describe');
const byLabel = (d: Described, label: string) => d.cases.find((t) => t.label === label)!;
const settings = () => vscode.workspace.getConfiguration('mcpLens');
const SCRIPTED_1 = { vendor: 'mcp-lens-scripted', id: 'scripted-1' };

/** Run All, as a person clicks it, until every case has an outcome of a run after `afterRun`. */
async function runAll(afterRun: number, cases = 6): Promise<Described> {
  let last: Described | undefined;
  const done = async () => {
    last = await describe();
    return last.cases.length === cases && last.cases.every((c) => (c.outcome?.run ?? 0) > afterRun) ? last : undefined;
  };
  // Right after the file loads, VS Code's test service can take the request before the items reach it: click again.
  for (let attempt = 1; ; attempt++) {
    await vscode.commands.executeCommand('testing.runAll');
    const started = await waitFor('an eval run to start', async () => ((await describe()).cases.some((c) => (c.outcome?.run ?? 0) > afterRun) ? true : undefined), 20_000).catch((error: unknown) => {
      if (attempt === 3) throw error;
      return false;
    });
    if (started) return waitFor('every case to finish', done, 90_000, () => JSON.stringify(last?.cases.map((c) => [c.label, c.outcome?.status, c.outcome?.run])));
  }
}

const lastRun = async () => Math.max(0, ...(await describe()).cases.map((c) => c.outcome?.run ?? 0));

suite('Evals in the Test Explorer: a model from the chat-provider API against the real server', () => {
  let original = '';

  suiteSetup(async () => {
    const { registry } = await extensionApi();
    original = await readFile(configFile(), 'utf8');
    await writeFile(configFile(), original.replace('"servers": {', SERVERS));
    await waitFor('the weather-evals server', () => find(registry, 'weather-evals'), 20_000, () => serverNames(registry).join(', '));
    const cases = await readFile(join(repo, 'test', 'fixtures', 'evals', 'weather.mcpeval.json'), 'utf8');
    const text = cases.replace(/^\s*"\$schema".*\n/m, '').replace(/"server": \{ "command": \[[^\]]*\] \}/, '"server": "weather-evals"');
    assert.match(text, /"server": "weather-evals"/);
    await mkdir(join(folder(), 'evals'), { recursive: true });
    await writeFile(evalFile(), text);
    await settings().update('evals.model', SCRIPTED_1, vscode.ConfigurationTarget.Workspace);
  });

  suiteTeardown(async () => {
    const { registry } = await extensionApi();
    for (const key of ['evals.model', 'evals.maxTokens']) await settings().update(key, undefined, vscode.ConfigurationTarget.Workspace);
    if (find(registry, 'weather-evals')?.state === 'running') await vscode.commands.executeCommand('mcpLens.stopServer', 'weather-evals');
    await writeFile(configFile(), original);
    await rm(join(folder(), 'evals'), { recursive: true, force: true });
  });

  test('the test extension\'s model is one vscode.lm offers, with tool calling', async () => {
    const models = await waitFor('the scripted model in vscode.lm', async () => {
      const found = await vscode.lm.selectChatModels({ vendor: 'mcp-lens-scripted' });
      return found.length ? found : undefined;
    });
    assert.deepEqual(models.map((m) => [m.vendor, m.id, m.family]).sort(), [['mcp-lens-scripted', 'scripted-1', 'scripted'], ['mcp-lens-scripted', 'scripted-2', 'scripted']]);
  });

  test('each case is a row under its file, placed at its name', async () => {
    // The Testing view may be open already (an earlier suite): Refresh Tests, as a person does.
    await vscode.commands.executeCommand('workbench.view.testing.focus');
    await vscode.commands.executeCommand('testing.refreshTests');
    const d = await waitFor('six eval cases', async () => {
      const x = await describe();
      return x.cases.length === 6 ? x : undefined;
    });
    const text = await readFile(evalFile(), 'utf8');
    const lineOf = (name: string) => text.split('\n').findIndex((l) => l.includes(`"name": "${name}"`)) + 1;
    assert.deepEqual(
      d.cases.map((c) => [c.label, c.line]),
      ['right pick', 'wrong tool', 'hallucinated tool', 'schema-breaking arguments', 'multi-step', 'refusal'].map((n) => [n, lineOf(n)]),
    );
  });

  test('Run All: outcomes, counts and tokens as the script says; failures at the expectation they broke', async () => {
    await vscode.commands.executeCommand('workbench.view.testing.focus');
    const before = ((await vscode.commands.executeCommand<ScriptedRequest[]>('mcpLensTest.scriptedModel.requests')) ?? []).length;
    const d = await runAll(await lastRun());
    const status = Object.fromEntries(d.cases.map((c) => [c.label, `${c.outcome!.status} ${c.outcome!.score?.passes}/${c.outcome!.score?.runs}`]));
    assert.deepEqual(status, {
      'right pick': 'passed 2/2',
      'wrong tool': 'failed 0/2',
      'hallucinated tool': 'failed 0/2',
      'schema-breaking arguments': 'passed 1/1',
      'multi-step': 'passed 2/2',
      refusal: 'passed 2/2',
    });
    assert.equal(byLabel(d, 'right pick').description, '2/2 · 100%');
    // 10 tokens per message sent, 5 per answer (the test extension's counts), as the CLI's table: 480 in, 110 out.
    const sum = (f: (o: EvalOutcome) => number) => d.cases.reduce((n, c) => n + f(c.outcome!), 0);
    assert.equal(sum((o) => o.score!.inputTokens), 480);
    assert.equal(sum((o) => o.score!.outputTokens), 110);
    const right = byLabel(d, 'right pick').outcome!.score!;
    assert.deepEqual([right.inputTokens, right.outputTokens, right.steps], [80, 20, 2]);
    assert.equal(byLabel(d, 'multi-step').outcome!.score!.steps, 3);

    const text = (await readFile(evalFile(), 'utf8')).split('\n');
    const lineAfter = (name: string, key: string) => {
      const at = text.findIndex((l) => l.includes(`"name": "${name}"`));
      return text.findIndex((l, i) => i >= at && l.includes(`"${key}"`)) + 1;
    };
    const wrong = byLabel(d, 'wrong tool').outcome!;
    assert.deepEqual(wrong.messages, [{ message: 'expected a call to get_forecast; the model called get_air_quality (repetitions 1, 2 of 2)', line: lineAfter('wrong tool', 'tool') }]);
    const hallucinated = byLabel(d, 'hallucinated tool').outcome!;
    assert.deepEqual(hallucinated.score!.hallucinatedTools, ['get_weather']);
    assert.ok(hallucinated.messages.some((m) => m.message === 'hallucinated tool: get_weather (not offered by the server)'), JSON.stringify(hallucinated.messages));
    const schema = byLabel(d, 'schema-breaking arguments').outcome!.score!;
    assert.deepEqual([schema.schemaBreaking, schema.offeredCalls, schema.hallucinatedArgs], [1, 1, ['get_forecast.colour']]);

    // The transcript in the run's output: the prompt, the model's call with its arguments, the server's result, the answer.
    const output = byLabel(d, 'right pick').outcome!.output;
    assert.match(output, /── right pick · repetition 1 · mcp-lens-scripted:scripted-1 ──/);
    assert.match(output, /user: What is the weather in Lisbon\?/);
    assert.match(output, /model calls get_forecast \{"city":"Lisbon"\}  \[10 in, 5 out, \d+ ms\]/);
    assert.match(output, /↳ get_forecast: .*Lisbon/);
    assert.match(output, /model: Here it is: [\s\S]*Lisbon[\s\S]*\[30 in, 5 out/);
    assert.match(output, /✓ right pick: 2\/2 passed \(100%, 95% interval 34%–100%; needs 100%\)/);
    assert.match(byLabel(d, 'refusal').outcome!.output, /model: I cannot help with that/);

    // The model was asked 22 times (2+2+2 steps × 2, 2, 2 repetitions; 1×2; 2×3; 2×1) and offered the server's tools as listed.
    const requests = (await vscode.commands.executeCommand<ScriptedRequest[]>('mcpLensTest.scriptedModel.requests')).slice(before);
    assert.equal(requests.length, 22);
    assert.deepEqual([...new Set(requests.map((r) => r.tools.join(',')))], ['get_forecast,convert_temperature,get_air_quality']);
  });

  test('the tool lens: over each tool\'s definition, the last score of the cases that name it; a click runs those cases again', async () => {
    const lenses = async () => (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', vscode.Uri.file(weather))) ?? [];
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(vscode.Uri.file(weather)));
    const evalLenses = (all: vscode.CodeLens[]) => all.filter((l) => l.command?.command === 'mcpLens.evals.runCases');
    const all = await waitFor('the eval lenses over the weather server', async () => {
      const found = await lenses();
      return evalLenses(found).length === 2 ? found : undefined;
    });
    // Beside each tool's Run lens; get_air_quality, which no case names, has none.
    const runLine = (tool: string) => all.find((l) => l.command?.command === 'mcpLens.runTool' && (l.command.arguments?.[0] as { tool: string }).tool === tool)?.range.start.line;
    const shown = evalLenses(all).map((l) => [l.range.start.line, l.command!.title.replace(/ \(weather-evals\)$/, '')]);
    // get_forecast: right pick 2/2, wrong tool 0/2, hallucinated tool 0/2, schema-breaking 1/1, refusal (notTools) 2/2.
    assert.deepEqual(shown, [
      [runLine('get_forecast'), 'evals: 3/5 cases · 5/9 runs (56%)'],
      [runLine('convert_temperature'), 'evals: 1/1 cases · 2/2 runs (100%)'],
    ]);
    assert.equal(runLine('get_air_quality') !== undefined, true);

    const before = await describe();
    const click = evalLenses(all).find((l) => l.command!.title.startsWith('evals: 1/1'))!.command!;
    await vscode.commands.executeCommand(click.command, ...(click.arguments ?? []));
    const after = await describe();
    const reran = after.cases.filter((c) => (c.outcome?.run ?? 0) > (byLabel(before, c.label).outcome?.run ?? 0)).map((c) => c.label);
    assert.deepEqual(reran, ['multi-step']);
    assert.equal(byLabel(after, 'multi-step').outcome!.status, 'passed');
  });

  test('the conversation is in the server\'s Messages view, beside the calls it made', async () => {
    const rows = await vscode.commands.executeCommand<DescribedRow[]>('mcpLens.messages.describe', 'weather-evals', 0);
    const lane = rows.filter((r) => r.description.startsWith('mcp-lens-scripted:scripted-1 · right pick #1'));
    const expected: [RegExp, string][] = [
      [/^user: What is the weather in Lisbon\? @call get_forecast/, 'account'],
      [/^model: calls get_forecast\(\{"city":"Lisbon"\}\) \[10 in, 5 out/, 'sparkle'],
      [/^results: get_forecast: .*Lisbon/, 'tools'],
      [/^model: Here it is: .*Lisbon/, 'sparkle'],
    ];
    assert.equal(lane.length, expected.length, lane.map((r) => r.label).join('\n'));
    lane.forEach((r, i) => {
      assert.match(r.label, expected[i][0]);
      assert.equal(r.icon, expected[i][1]);
    });
    assert.ok(rows.some((r) => r.label.startsWith('tools/call')), rows.map((r) => r.label).join('\n'));
  });

  test('the token cap stops the run: the case it hit fails, the cases after it do not run', async () => {
    // right pick: 10 + 30 in, 5 + 5 out in its first repetition = 50 tokens.
    await settings().update('evals.maxTokens', 50, vscode.ConfigurationTarget.Workspace);
    try {
      const d = await runAll(await lastRun());
      const right = byLabel(d, 'right pick').outcome!;
      assert.equal(right.status, 'failed');
      assert.deepEqual([right.score!.passes, right.score!.runs], [1, 2]);
      assert.ok(right.messages.some((m) => m.message.startsWith('the run reached mcpLens.evals.maxTokens before this step')), JSON.stringify(right.messages));
      for (const c of d.cases.filter((x) => x.label !== 'right pick')) assert.deepEqual([c.label, c.outcome!.status, c.outcome!.messages[0].message], [c.label, 'skipped', 'not run: the run reached mcpLens.evals.maxTokens (50 tokens)']);
    } finally {
      await settings().update('evals.maxTokens', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });

  test('no model that matches: every case errors with one sentence saying what VS Code has', async () => {
    await settings().update('evals.model', { vendor: 'no-such-vendor' }, vscode.ConfigurationTarget.Workspace);
    try {
      const d = await runAll(await lastRun());
      for (const c of d.cases) {
        assert.equal(c.outcome!.status, 'errored');
        assert.match(c.outcome!.messages[0].message, /^No language model matches the setting mcpLens\.evals\.model \{"vendor":"no-such-vendor"\}; the models VS Code has are mcp-lens-scripted:scripted-[12], mcp-lens-scripted:scripted-[12]\.$/);
      }
    } finally {
      await settings().update('evals.model', SCRIPTED_1, vscode.ConfigurationTarget.Workspace);
    }
  });

  test('several models and no setting: the person picks one, and the runs after use it without asking', async () => {
    await settings().update('evals.model', undefined, vscode.ConfigurationTarget.Workspace);
    try {
      let chosen: string | undefined;
      let settled = false;
      const choosing = Promise.resolve(vscode.commands.executeCommand<string | undefined>('mcpLens.evals.chooseModel')).then((c) => {
        chosen = c;
        settled = true;
      });
      // As a person does: the quick pick of the two models is open; Enter takes the first.
      await waitFor('the model to be picked', async () => {
        if (!settled) await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
        return settled ? true : undefined;
      });
      await choosing;
      assert.match(chosen ?? '', /^mcp-lens-scripted:scripted-[12]$/);
      const d = await runAll(await lastRun());
      assert.deepEqual([...new Set(d.cases.map((c) => c.outcome!.model))], [chosen]);
      assert.equal(byLabel(d, 'right pick').outcome!.status, 'passed');
    } finally {
      await settings().update('evals.model', SCRIPTED_1, vscode.ConfigurationTarget.Workspace);
    }
  });

  test('a server that exits during a case (the editor\'s session of it): that case fails, the next runs on the server started again', async () => {
    // The workspace's "legacy" server (legacy-basic.mjs), whose crash tool exits it; the cases are the CLI's.
    const crash = join(folder(), 'evals', 'crash.mcpeval.json');
    const cases = await readFile(join(repo, 'test', 'fixtures', 'evals', 'crash.mcpeval.json'), 'utf8');
    await writeFile(crash, cases.replace(/"server": \{ "command": \[[^\]]*\] \}/, '"server": "legacy"'));
    await vscode.commands.executeCommand('testing.refreshTests');
    try {
      await waitFor('eight eval cases', async () => ((await describe()).cases.length === 8 ? true : undefined));
      const d = await runAll(await lastRun(), 8);
      const crashed = byLabel(d, 'crashes the server').outcome!;
      assert.equal(crashed.status, 'failed');
      assert.match(crashed.messages[0].message, /^the server went away during crash/);
      const after = byLabel(d, 'after the restart').outcome!;
      assert.equal(after.status, 'passed', JSON.stringify(after.messages));
      assert.match(after.output, /model: still here/);
      const { registry } = await extensionApi();
      assert.equal(find(registry, 'legacy')?.state, 'running');
    } finally {
      const { registry } = await extensionApi();
      if (find(registry, 'legacy')?.state === 'running') await vscode.commands.executeCommand('mcpLens.stopServer', 'legacy');
      await rm(crash, { force: true });
    }
  });
});
