import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { DescribedRow } from '../../src/extension/messages/describe';
import type { CallOutcome } from '../../src/extension/tools/protocol';
import { extensionApi, find, serverNames, waitFor } from './support';

// MCP Apps through the official ext-apps AppBridge, in a real VS Code: the tool panel draws
// the app (its frames run in the workbench's browser), the bridge in the extension host
// answers it, and what the app does or fails to do shows in the Messages view and Problems.
const repo = process.env.MCP_LENS_REPO_ROOT ?? '';
const apps = join(repo, 'test', 'fixtures', 'servers', 'apps');
// The published MCP Apps example (a devDependency): its app is built with the official App class.
const basic = join(repo, 'node_modules', '@modelcontextprotocol', 'server-basic-vanillajs', 'dist', 'index.js');
const SERVERS = `"servers": {
    "greeter-app": { "type": "stdio", "command": "node", "args": ["${apps}/greeter-app-server.mjs"] },
    "misbehaving-app": { "type": "stdio", "command": "node", "args": ["${apps}/misbehaving-app-server.mjs"] },
    "basic-vanillajs": { "type": "stdio", "command": "node", "args": ["${basic}", "--stdio"] },`;
const NAMES = ['greeter-app', 'misbehaving-app', 'basic-vanillajs'];
/** Where the extension writes each server run's trace (its exports say). */
let traceDir = '';

function configFile(): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'a folder is open');
  return join(folder.uri.fsPath, '.vscode', 'mcp.json');
}

function rows(name: string): Thenable<DescribedRow[]> {
  return vscode.commands.executeCommand<DescribedRow[]>('mcpLens.messages.describe', name, 1);
}

function show(list: DescribedRow[]): string {
  return list.map((r) => `${r.label} | ${r.description}`).join('\n');
}

/** Waits for Messages view rows of the server that match each pattern (label · description). */
async function lane(name: string, ...patterns: RegExp[]): Promise<DescribedRow[]> {
  let last: DescribedRow[] = [];
  return waitFor(
    `${patterns.join(', ')} in ${name}'s Messages view`,
    async () => {
      last = await rows(name);
      return patterns.every((p) => last.some((r) => p.test(`${r.label} · ${r.description}`))) ? last : undefined;
    },
    60_000,
    () => show(last),
  );
}

/** The app lane's messages in the server's trace files (the extension spills every event there). */
function laneMessages(name: string): { method?: string; params?: unknown }[] {
  const dir = traceDir;
  return readdirSync(dir)
    .filter((f) => f.startsWith(name) && f.endsWith('.mcptrace.jsonl'))
    .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n'))
    .flatMap((line) => {
      try {
        const e = JSON.parse(line) as { kind?: string; info?: { message?: { method?: string; params?: unknown } } };
        return e.kind === 'app' && e.info?.message ? [e.info.message] : [];
      } catch {
        return [];
      }
    });
}

/** The Problems entries MCP Lens put on the config file for a rule. */
function problems(rule: string): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(vscode.Uri.file(configFile())).filter((d) => d.source === 'MCP Lens' && d.code === rule);
}

async function problem(rule: string, message: RegExp): Promise<vscode.Diagnostic> {
  return waitFor(
    `${rule} matching ${message}`,
    () => problems(rule).find((d) => message.test(d.message)),
    60_000,
    () => vscode.languages.getDiagnostics(vscode.Uri.file(configFile())).map((d) => `[${String(d.code)}] ${d.message}`).join('\n'),
  );
}

async function invoke(name: string, input: object): Promise<string> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : `[${typeof part}]`)).join('');
}

async function run(server: string, tool: string, args: Record<string, unknown> = {}): Promise<CallOutcome> {
  const outcome = await vscode.commands.executeCommand<CallOutcome>('mcpLens.runTool', { server, tool, args });
  assert.equal(outcome.kind, 'result', JSON.stringify(outcome));
  return outcome;
}

suite('MCP Apps bridge', function () {
  // An app's handshake deadline (15 s) and a cold start of the app servers fit in this.
  this.timeout(120_000);
  let original = '';

  suiteSetup(async () => {
    const api = await extensionApi();
    const registry = api.registry;
    traceDir = api.traceDir;
    original = await readFile(configFile(), 'utf8');
    await writeFile(configFile(), original.replace('"servers": {', SERVERS));
    await waitFor('the app servers', () => NAMES.every((n) => find(registry, n)), 20_000, () => serverNames(registry).join(', '));
  });

  suiteTeardown(async () => {
    const { registry } = await extensionApi();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const name of NAMES) if (find(registry, name)?.state === 'running') await vscode.commands.executeCommand('mcpLens.stopServer', name);
    await writeFile(configFile(), original);
    await waitFor('the app servers to go', () => NAMES.every((n) => !find(registry, n)), 20_000, () => serverNames(registry).join(', '));
  });

  test('an app initialises against the bridge, and gets the input and the result of the call', async () => {
    await run('greeter-app', 'greet', { name: 'Ada' });
    // The handshake, then the call's input and result, each a row of the app lane.
    await lane(
      'greeter-app',
      /^ui\/initialize #\d+ · app → host$/,
      /^ui\/notifications\/initialized · app → host$/,
      /^ui\/notifications\/tool-input · host → app$/,
      /^ui\/notifications\/tool-result · host → app$/,
    );
    assert.deepEqual(problems('app-not-initialized'), [], 'the greeter app initialised');
    assert.deepEqual(problems('app-protocol-violation'), []);
  });

  test('an app-only tool (visibility ["app"]) is left out of the language-model tools: not listed, and a call is refused', async () => {
    await run('greeter-app', 'greet', { name: 'Grace' });
    const listed = await invoke('mcpLens_listCapabilities', { server: 'greeter-app', kind: 'tools' });
    assert.match(listed, /^2 tools:\n- greet\(name\*: string\)/);
    assert.match(listed, /\n- add\(a\*: number, b\*: number\)/);
    assert.match(listed, /\n\(1 app-only tool left out: callable by its app only, hidden from models\)$/);
    assert.doesNotMatch(listed, /reset_greeting/);
    const refused = await vscode.lm.invokeTool('mcpLens_callTool', { input: { server: 'greeter-app', tool: 'reset_greeting' }, toolInvocationToken: undefined }).then(
      () => 'answered',
      (error: Error) => error.message,
    );
    assert.match(refused, /"reset_greeting" of "greeter-app" is an app-only tool \(_meta\.ui\.visibility without "model"\): hosts let only its MCP App call it, never a model\./);
    // The editor's own Run Tool still runs it (its developer may): the mark is in the pick (e2e apps).
    const outcome = await run('greeter-app', 'reset_greeting');
    assert.ok(outcome.kind === 'result' && !outcome.isError, JSON.stringify(outcome));
  });

  test('the published example server-basic-vanillajs: its app initialises, gets the result, and breaks no rule', async () => {
    const outcome = await run('basic-vanillajs', 'get-time');
    assert.ok(outcome.kind === 'result' && !outcome.isError, JSON.stringify(outcome));
    await lane(
      'basic-vanillajs',
      /^ui\/initialize #\d+ · app → host$/,
      /^ui\/notifications\/initialized · app → host$/,
      /^ui\/notifications\/tool-result · host → app$/,
    );
    // Errors and warnings only: zod inside the official App class probes for eval, and when
    // the frame reports that refusal it is an info note (app-csp-violation), not a broken rule.
    const broken = (d: vscode.Diagnostic) => d.severity <= vscode.DiagnosticSeverity.Warning;
    const ours = vscode.languages.getDiagnostics(vscode.Uri.file(configFile())).filter((d) => String(d.code).startsWith('app-') && d.message.includes('ui://get-time/') && broken(d));
    assert.deepEqual(ours.map((d) => `[${String(d.code)}] ${d.message}`), []);
  });

  test('Open App Preview draws the app with a sample input from the linking tool, and runs no tool', async () => {
    const count = (list: DescribedRow[], pattern: RegExp) => list.filter((r) => pattern.test(`${r.label} · ${r.description}`)).length;
    const TOOL_INPUT = /^ui\/notifications\/tool-input · host → app$/;
    const GREET_CALL = /^tools\/call greet #\d+ · (?!app)/;
    const before = await rows('greeter-app');
    const opened = await vscode.commands.executeCommand<{ server: string; uri: string; tool?: string; input: Record<string, unknown> }>('mcpLens.openAppPreview', { server: 'greeter-app', uri: 'ui://greeter/app.html' });
    assert.deepEqual(opened, { server: 'greeter-app', uri: 'ui://greeter/app.html', tool: 'greet', input: { name: 'sample name' } });
    let last: DescribedRow[] = [];
    await waitFor('a second tool input for the previewed app', async () => {
      last = await rows('greeter-app');
      return count(last, TOOL_INPUT) > count(before, TOOL_INPUT);
    }, 60_000, () => show(last));
    // The input the app got is the sample: the lane's message, in the run's trace file.
    await waitFor('the sample input in the trace file', () => laneMessages('greeter-app').some((m) => m.method === 'ui/notifications/tool-input' && JSON.stringify(m.params) === '{"arguments":{"name":"sample name"}}'), 20_000);
    assert.equal(count(last, GREET_CALL), count(before, GREET_CALL), `no tools/call greet was sent:\n${show(last)}`);
    assert.ok(count(before, GREET_CALL) >= 1, `the first test's call is in the view:\n${show(before)}`);
  });

  test('an app-initiated tools/call goes through the bridge to the server; a tool it does not list is diagnosed', async () => {
    // The leaky app calls no_such_tool as soon as it has connected: the lane has its request,
    // the client ⇄ server lane the tools/call it caused, and the app gets the server's answer.
    await run('misbehaving-app', 'leaky');
    await lane('misbehaving-app', /^tools\/call no_such_tool #\d+ · app → host$/, /^tools\/call no_such_tool #\d+ · (?!app)/);
    const d = await problem('app-unknown-tool', /leaky\.html.*no_such_tool/);
    assert.equal(d.severity, vscode.DiagnosticSeverity.Warning);
    // The script it adds at run time has no nonce: a note that MCP Lens refused it, not a broken rule.
    const inline = await problem('app-csp-violation', /^misbehaving-app: MCP Lens refused an inline script of the app "ui:\/\/misbehaving\/leaky\.html" \("script-src-elem"\)/);
    assert.equal(inline.severity, vscode.DiagnosticSeverity.Information);
  });

  test('an app that never initialises is diagnosed, naming what it never sent', async () => {
    await run('misbehaving-app', 'silent');
    await lane('misbehaving-app', /^ui\/notifications\/sandbox-resource-ready · host → app$/);
    const d = await problem('app-not-initialized', /silent\.html/);
    assert.match(d.message, /never sent ui\/initialize within 15 s of being loaded/);
    assert.equal(d.severity, vscode.DiagnosticSeverity.Error);
  });

  test('messages that break the Apps protocol: each refusal of the bridge is diagnosed', async () => {
    await run('misbehaving-app', 'rude');
    // The bridge's own answers to the app's requests are in the lane, as the app got them.
    await lane('misbehaving-app', /^ui\/make-coffee #"rude-2" · app → host$/, /^error #"rude-2" · host → app$/, /^error #"rude-3" · host → app$/);
    const unknown = await problem('app-protocol-violation', /ui\/make-coffee.*-32601/);
    assert.equal(unknown.severity, vscode.DiagnosticSeverity.Warning);
    const params = await problem('app-protocol-violation', /ui\/open-link.*-32602/);
    assert.equal(params.severity, vscode.DiagnosticSeverity.Error);
    await problem('app-protocol-violation', /rude\.html.*Unknown message type/);
    await problem('app-protocol-violation', /rude\.html.*Invalid params for notification ui\/notifications\/size-changed/);
  });
});
