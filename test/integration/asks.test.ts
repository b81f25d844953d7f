import * as assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { PendingAsk } from '../../src/extension/asks/askBroker';
import type { AskReply } from '../../src/extension/asks/askProtocol';
import type { DescribedRow } from '../../src/extension/messages/describe';
import type { CallOutcome } from '../../src/extension/tools/protocol';
import { extensionApi, find, serverNames, waitFor } from './support';

// The SDK ask-back fixtures (v1: legacy elicitation/create and sampling/createMessage requests,
// v2: the same asks inside 2026-07-28 input_required rounds), answered in the tool panel that
// runs the call, through the commands its webview's buttons stand for.
const repo = process.env.MCP_LENS_REPO_ROOT ?? '';
const v1 = join(repo, 'test', 'fixtures', 'servers', 'sdk-v1-asks.mjs');
const v2 = join(repo, 'test', 'fixtures', 'servers', 'sdk-v2-asks.mjs');
const everything = join(repo, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');
const tasks2026 = join(repo, 'test', 'fixtures', 'servers', 'corpus', 'tasks.mjs');
const SERVERS = `"servers": {
    "asks-v1": { "type": "stdio", "command": "node", "args": ["${v1}"] },
    "tasks-2026": { "type": "stdio", "command": "node", "args": ["${tasks2026}", "--stdio"] },
    "everything-tasks": { "type": "stdio", "command": "node", "args": ["${everything}", "stdio"] },
    "asks-v2": { "type": "stdio", "command": "node", "args": ["${v2}"] },`;

function configFile(): string {
  const f = vscode.workspace.workspaceFolders?.[0];
  assert.ok(f, 'a folder is open');
  return join(f.uri.fsPath, '.vscode', 'mcp.json');
}

/** Runs a tool in its panel; answers the one ask it brings with `answer`; returns the tool's JSON. */
async function runAnswering(server: string, tool: string, answer: (ask: PendingAsk) => Omit<AskReply, 'id'>): Promise<{ ask: PendingAsk; json: unknown }> {
  const running = vscode.commands.executeCommand<CallOutcome>('mcpLens.runTool', { server, tool, args: {} });
  const ask = await waitFor(`the ask of ${server} ${tool}`, async () => (await vscode.commands.executeCommand<PendingAsk[]>('mcpLens.asks.pending'))[0], 30_000);
  await vscode.commands.executeCommand('mcpLens.asks.answer', { ...answer(ask), id: ask.ask.id });
  const outcome = await running;
  assert.equal(outcome.kind, 'result', JSON.stringify(outcome));
  const text = outcome.kind === 'result' ? (outcome.result.content as { text: string }[])[0]!.text : '';
  return { ask, json: JSON.parse(text) };
}

suite('the server asks back (elicitation, sampling) in the tool panel', () => {
  let original = '';

  suiteSetup(async () => {
    const { registry } = await extensionApi();
    original = await readFile(configFile(), 'utf8');
    await writeFile(configFile(), original.replace('"servers": {', SERVERS));
    await waitFor('the ask-back servers', () => find(registry, 'asks-v1') && find(registry, 'asks-v2'), 20_000, () => serverNames(registry).join(', '));
  });

  suiteTeardown(async () => {
    const { registry } = await extensionApi();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const name of ['asks-v1', 'asks-v2', 'everything-tasks', 'tasks-2026']) if (find(registry, name)?.state === 'running') await vscode.commands.executeCommand('mcpLens.stopServer', name);
    await writeFile(configFile(), original);
    await waitFor('the ask-back servers to go', () => !find(registry, 'asks-v1') && !find(registry, 'asks-v2') && !find(registry, 'everything-tasks') && !find(registry, 'tasks-2026'), 20_000, () => serverNames(registry).join(', '));
  });

  test('legacy form elicitation answered: shown in the tool panel, the fields left out take their defaults', async () => {
    const { ask, json } = await runAnswering('asks-v1', 'signup', () => ({ type: 'askAnswer', action: 'accept', content: { name: 'Grace', seats: 3 } }));
    assert.equal(ask.shownIn, 'tool');
    assert.equal(ask.ask.kind, 'form');
    assert.equal(ask.ask.kind === 'form' && ask.ask.message, 'Your details');
    assert.deepEqual(json, { action: 'accept', content: { name: 'Grace', plan: 'free', seats: 3 } });
  });

  test('legacy form elicitation: content that breaks the requestedSchema is refused, the ask stays open', async () => {
    const running = vscode.commands.executeCommand<CallOutcome>('mcpLens.runTool', { server: 'asks-v1', tool: 'signup', args: {} });
    const ask = await waitFor('the signup ask', async () => (await vscode.commands.executeCommand<PendingAsk[]>('mcpLens.asks.pending'))[0], 30_000);
    await vscode.commands.executeCommand('mcpLens.asks.answer', { type: 'askAnswer', id: ask.ask.id, action: 'accept', content: { name: 'Grace', seats: 0 } });
    const still = await vscode.commands.executeCommand<PendingAsk[]>('mcpLens.asks.pending');
    assert.deepEqual(still.map((p) => p.ask.id), [ask.ask.id], 'seats 0 is below the minimum: not sent');
    await vscode.commands.executeCommand('mcpLens.asks.answer', { type: 'askAnswer', id: ask.ask.id, action: 'decline' });
    const outcome = await running;
    assert.equal(outcome.kind, 'result');
  });

  test('legacy form elicitation declined and cancelled', async () => {
    assert.deepEqual((await runAnswering('asks-v1', 'signup', () => ({ type: 'askAnswer', action: 'decline' }))).json, { action: 'decline' });
    assert.deepEqual((await runAnswering('asks-v1', 'signup', () => ({ type: 'askAnswer', action: 'cancel' }))).json, { action: 'cancel' });
  });

  test('legacy URL elicitation: the full URL and its domain; "I went there" accepts', async () => {
    const { ask, json } = await runAnswering('asks-v1', 'authorize', () => ({ type: 'askAnswer', action: 'accept' }));
    assert.equal(ask.ask.kind, 'url');
    if (ask.ask.kind === 'url') {
      assert.equal(ask.ask.url, 'https://auth.example.com/approve?x=1');
      assert.equal(ask.ask.domain, 'auth.example.com');
    }
    assert.deepEqual(json, { action: 'accept' });
  });

  test('legacy sampling answered by hand: the request is shown, the typed reply is the model\'s', async () => {
    const { ask, json } = await runAnswering('asks-v1', 'summarize', () => ({ type: 'askReply', text: 'It debugs servers.' }));
    assert.equal(ask.ask.kind, 'sample');
    if (ask.ask.kind === 'sample') {
      assert.equal(ask.ask.request.systemPrompt, 'You summarize.');
      assert.deepEqual(ask.ask.request.messages, [{ role: 'user', blocks: ['Summarize: MCP Lens debugs MCP servers.'] }]);
      assert.equal(ask.ask.request.maxTokens, 50);
      assert.deepEqual(JSON.parse(ask.ask.request.preferences ?? '{}'), { hints: [{ name: 'small' }], speedPriority: 0.8 });
    }
    const reply = json as { role: string; content: { type: string; text: string } };
    assert.equal(reply.role, 'assistant');
    assert.deepEqual(reply.content, { type: 'text', text: 'It debugs servers.' });
  });

  test('legacy sampling declined: the server gets -1 "User rejected sampling request"', async () => {
    const running = vscode.commands.executeCommand<CallOutcome>('mcpLens.runTool', { server: 'asks-v1', tool: 'summarize', args: {} });
    const ask = await waitFor('the sampling ask', async () => (await vscode.commands.executeCommand<PendingAsk[]>('mcpLens.asks.pending'))[0], 30_000);
    await vscode.commands.executeCommand('mcpLens.asks.answer', { type: 'askAnswer', id: ask.ask.id, action: 'decline' });
    const outcome = await running;
    // The v1 SDK turns the rejected createMessage into the tool's error result.
    const text = outcome.kind === 'result' ? JSON.stringify(outcome.result) : outcome.kind === 'protocolError' ? outcome.message : '';
    assert.match(text, /-1\b.*User rejected sampling request/, JSON.stringify(outcome));
  });

  test('modern (input_required rounds): form answered, then sampling answered by hand', async () => {
    const confirm = await runAnswering('asks-v2', 'confirm', () => ({ type: 'askAnswer', action: 'accept', content: { sure: true } }));
    assert.equal(confirm.ask.shownIn, 'tool');
    assert.deepEqual(confirm.json, { kind: 'elicit', action: 'accept', content: { sure: true } });
    const summary = await runAnswering('asks-v2', 'summarize', () => ({ type: 'askReply', text: 'A protocol.' }));
    assert.deepEqual((summary.json as { content: unknown }).content, { type: 'text', text: 'A protocol.' });
  });

  test('an ask outside any tool-panel call (an agent\'s mcpLens_callTool) opens an ask panel of its own', async () => {
    const invoked = vscode.lm.invokeTool('mcpLens_callTool', { input: { server: 'asks-v1', tool: 'signup' }, toolInvocationToken: undefined });
    const ask = await waitFor('the signup ask', async () => (await vscode.commands.executeCommand<PendingAsk[]>('mcpLens.asks.pending'))[0], 30_000);
    assert.equal(ask.shownIn, 'panel');
    await vscode.commands.executeCommand('mcpLens.asks.answer', { type: 'askAnswer', id: ask.ask.id, action: 'decline' });
    const result = await invoked;
    const text = result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
    assert.match(text, /"action":\s*"decline"/);
  });

  test('Messages view: the rounds of a call and the server requests it caused sit under it', async () => {
    const rows = (server: string) => vscode.commands.executeCommand<DescribedRow[]>('mcpLens.messages.describe', server, 1);
    const show = (list: DescribedRow[]) => list.map((r) => `${r.label} | ${r.description} | ${(r.children ?? []).map((c) => c.label).join(', ')}`).join('\n');

    await runAnswering('asks-v2', 'confirm', () => ({ type: 'askAnswer', action: 'accept', content: { sure: true } }));
    const modern = await waitFor('the confirm call with its rounds', async () => (await rows('asks-v2')).filter((r) => /^tools\/call confirm #\d+$/.test(r.label)).pop());
    assert.match(modern.description, /^\d+ ms · 2 rounds$/, modern.description);
    assert.equal(modern.icon, 'pass');
    const [params, inputRequired, retry, ...rest] = modern.children ?? [];
    assert.deepEqual([params?.label, inputRequired?.label, rest.length], ['params', 'result', 0], show([modern]));
    assert.match(retry.label, /^tools\/call confirm #\d+$/);
    assert.match(retry.description, /^round 2 · \d+ ms$/);
    // No retry stands alone at the top.
    assert.ok(!(await rows('asks-v2')).some((r) => r.description.startsWith('round ')), show(await rows('asks-v2')));

    await runAnswering('asks-v1', 'signup', () => ({ type: 'askAnswer', action: 'decline' }));
    const legacy = await waitFor('the signup call with its elicitation', async () => (await rows('asks-v1')).filter((r) => /^tools\/call signup #\d+$/.test(r.label) && / ms/.test(r.description)).pop());
    assert.match(legacy.description, /1 server request/, legacy.description);
    const ask = legacy.children?.find((c) => c.label.startsWith('elicitation/create'));
    assert.ok(ask, show([legacy]));
    assert.match(ask.description, /^from server · \d+ ms$/);
    assert.ok(!(await rows('asks-v1')).some((r) => r.label.startsWith('elicitation/create')), 'the ask is not also a top-level row');
  });

  test('a task (server-everything, 2025-11-25): run from the tool panel, its question answered there, polled to the result; the Messages view groups it', async () => {
    const running = vscode.commands.executeCommand<CallOutcome>('mcpLens.runTool', { server: 'everything-tasks', tool: 'simulate-research-query', args: { topic: 'lenses', ambiguous: true } });
    const status = await waitFor('the panel to show the running task', async () => (await vscode.commands.executeCommand<{ tool: string; task?: { status: string } }[]>('mcpLens.tools.running'))[0]?.task, 30_000);
    assert.match(status.status, /^(working|input_required)$/);
    const ask = await waitFor('the clarification the task asks for', async () => (await vscode.commands.executeCommand<PendingAsk[]>('mcpLens.asks.pending'))[0], 30_000);
    assert.equal(ask.shownIn, 'tool');
    await vscode.commands.executeCommand('mcpLens.asks.answer', { type: 'askAnswer', id: ask.ask.id, action: 'accept', content: { interpretation: 'technical' } });
    const outcome = await running;
    assert.equal(outcome.kind, 'result', JSON.stringify(outcome));
    if (outcome.kind !== 'result') return;
    assert.equal(outcome.task?.status, 'completed');
    assert.match((outcome.result.content as { text: string }[])[0]!.text, /Research Report: lenses \(technical\)/);

    const rows = await vscode.commands.executeCommand<DescribedRow[]>('mcpLens.messages.describe', 'everything-tasks', 1);
    const call = rows.find((r) => /^tools\/call simulate-research-query #\d+$/.test(r.label));
    assert.ok(call, rows.map((r) => r.label).join(', '));
    assert.match(call.description, /task completed/);
    assert.equal(call.icon, 'pass');
    const inside = (call.children ?? []).map((c) => c.label.replace(/ #\d+$/, ''));
    for (const m of ['tasks/get', 'tasks/result', 'elicitation/create', 'notifications/tasks/status']) assert.ok(inside.includes(m), `${m} under the call: ${inside.join(', ')}`);
    assert.ok(!rows.some((r) => r.label.startsWith('tasks/')), 'no task request at the top level');
  });

  test('a task cancelled from the tool panel: tasks/cancel is sent and the call ends cancelled', async () => {
    const running = vscode.commands.executeCommand<CallOutcome>('mcpLens.runTool', { server: 'everything-tasks', tool: 'simulate-research-query', args: { topic: 'slow' } });
    await waitFor('the running task', async () => (await vscode.commands.executeCommand<{ task?: { status: string } }[]>('mcpLens.tools.running'))[0]?.task?.status === 'working', 30_000);
    await vscode.commands.executeCommand('mcpLens.tools.cancel', { tool: 'simulate-research-query' });
    const outcome = await running;
    assert.equal(outcome.kind, 'cancelled', JSON.stringify(outcome));
    const call = await waitFor('the cancelled task in the Messages view', async () =>
      (await vscode.commands.executeCommand<DescribedRow[]>('mcpLens.messages.describe', 'everything-tasks', 1)).filter((r) => r.label.startsWith('tools/call simulate-research-query') && /task cancelled/.test(r.description)).pop(),
    );
    assert.equal(call.icon, 'circle-slash');
    assert.ok(call.children?.some((c) => c.label.startsWith('tasks/cancel')), JSON.stringify(call.children?.map((c) => c.label)));
  });

  test('a 2026-07-28 task (the tasks extension): run as a task from the tool panel, its input answered there and sent with tasks/update; the Messages view keeps its lane under the call', async () => {
    const running = vscode.commands.executeCommand<CallOutcome>('mcpLens.runTool', { server: 'tasks-2026', tool: 'confirm_delete', args: { filename: 'notes.txt' }, asTask: true });
    const ask = await waitFor('the question the task asks', async () => (await vscode.commands.executeCommand<PendingAsk[]>('mcpLens.asks.pending'))[0], 30_000);
    assert.equal(ask.shownIn, 'tool');
    const status = (await vscode.commands.executeCommand<{ tool: string; task?: { status: string } }[]>('mcpLens.tools.running'))[0]?.task;
    assert.equal(status?.status, 'input_required');
    await vscode.commands.executeCommand('mcpLens.asks.answer', { type: 'askAnswer', id: ask.ask.id, action: 'accept', content: { confirm: true } });
    const outcome = await running;
    assert.equal(outcome.kind, 'result', JSON.stringify(outcome));
    if (outcome.kind !== 'result') return;
    assert.equal(outcome.task?.status, 'completed');
    assert.equal((outcome.result.content as { text: string }[])[0]!.text, 'deleted notes.txt');

    const call = await waitFor('the task in the Messages view', async () =>
      (await vscode.commands.executeCommand<DescribedRow[]>('mcpLens.messages.describe', 'tasks-2026', 1)).find((r) => /^tools\/call confirm_delete #\d+$/.test(r.label) && /task completed/.test(r.description)),
    );
    assert.equal(call.icon, 'pass');
    const inside = (call.children ?? []).map((c) => c.label.replace(/ #\d+$/, ''));
    for (const m of ['tasks/get', 'tasks/update', 'subscriptions/listen']) assert.ok(inside.includes(m), `${m} under the call: ${inside.join(', ')}`);
    const rows = await vscode.commands.executeCommand<DescribedRow[]>('mcpLens.messages.describe', 'tasks-2026', 1);
    assert.ok(!rows.some((r) => r.label.startsWith('tasks/') || r.label.startsWith('subscriptions/listen')), 'no task request at the top level');
  });

  test('a 2026-07-28 task cancelled from the tool panel: tasks/cancel is sent and the call ends cancelled', async () => {
    const running = vscode.commands.executeCommand<CallOutcome>('mcpLens.runTool', { server: 'tasks-2026', tool: 'slow_compute', args: { seconds: 60 }, asTask: true });
    await waitFor('the running task', async () => (await vscode.commands.executeCommand<{ task?: { status: string } }[]>('mcpLens.tools.running'))[0]?.task?.status === 'working', 30_000);
    await vscode.commands.executeCommand('mcpLens.tools.cancel', { tool: 'slow_compute' });
    const outcome = await running;
    assert.equal(outcome.kind, 'cancelled', JSON.stringify(outcome));
    const call = await waitFor('the cancelled task in the Messages view', async () =>
      (await vscode.commands.executeCommand<DescribedRow[]>('mcpLens.messages.describe', 'tasks-2026', 1)).filter((r) => r.label.startsWith('tools/call slow_compute') && r.children?.some((c) => c.label.startsWith('tasks/cancel'))).pop(),
    );
    assert.match(call.description, /task (working|cancelled)/);
  });
});
