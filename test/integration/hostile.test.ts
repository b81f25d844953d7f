// Hostile servers in the real extension host: floods, huge messages, hangs, crashes, trees
// that ignore SIGTERM, and a server that prints its secret. The host must keep answering,
// lose no byte, leave no process, and keep the secret out of exports and the log.
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { DescribedRow } from '../../src/extension/messages/describe';
import type { PanelState } from '../../src/extension/stderr/panel';
import type { StartOutcome } from '../../src/extension/serverRegistry';
import type { CallOutcome } from '../../src/extension/tools/protocol';
import { extensionApi, hasProc, isAlive, server, serverWhere, waitFor } from './support';

const MiB = 1024 * 1024;
const workspace = () => vscode.workspace.workspaceFolders![0]!.uri.fsPath;

/** Living processes whose environment carries this server's HOSTILE_MARKER (set in mcp.json). */
function markedProcesses(name: string): number[] {
  const needle = `HOSTILE_MARKER=${workspace()}/${name}`;
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2)[0] === 'Z') continue;
      if (readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').includes(needle)) found.push(Number(entry));
    } catch {
      // gone while we looked
    }
  }
  return found;
}

function panel(name: string): Thenable<PanelState> {
  return vscode.commands.executeCommand<PanelState>('mcpLens.stderr.describe', name);
}

async function exported(name: string): Promise<{ file: string; text: string; events: any[] }> {
  const file = join(mkdtempSync(join(tmpdir(), 'mcp-lens-hostile-')), `${name}.mcptrace.jsonl`);
  const written = await vscode.commands.executeCommand<string | undefined>('mcpLens.exportTrace', name, file);
  assert.equal(written, file);
  const text = readFileSync(file, 'utf8');
  return { file, text, events: text.split('\n').filter(Boolean).map((l) => JSON.parse(l)) };
}

async function stop(name: string): Promise<void> {
  const { registry } = await extensionApi();
  const s = registry.get(name);
  if (s && (s.state === 'running' || s.state === 'starting')) await vscode.commands.executeCommand('mcpLens.stopServer', name);
}

suite('hostile servers', function () {
  this.timeout(120_000);
  let ticks = 0;
  let maxGap = 0;
  const phase = (what: string) => {
    console.log(`[hostile] ${what}: longest host stall so far ${Math.round(maxGap)} ms`);
    maxGap = 0;
  };
  let ticker: NodeJS.Timeout | undefined;
  setup(() => {
    ticks = 0;
    // Advances only while the extension host's event loop is free: a frozen host stops it.
    let lastTick = performance.now();
    maxGap = 0;
    ticker = setInterval(() => {
      ticks++;
      const now = performance.now();
      maxGap = Math.max(maxGap, now - lastTick);
      lastTick = now;
    }, 5);
  });
  teardown(async () => {
    clearInterval(ticker);
    for (const name of ['hostile-flood', 'hostile-big', 'hostile-oversize', 'hostile-malformed', 'hostile-hang', 'hostile-crash-mid', 'hostile-tree', 'hostile-secret']) await stop(name);
  });

  test('a stderr flood (100 000 lines, then 10 MiB without a newline): commands keep answering while it floods, every line is counted, stopping leaves no process', async () => {
    const { registry } = await extensionApi();
    await server(registry, 'hostile-flood');
    await vscode.commands.executeCommand('mcpLens.stderr.focus');
    const tickAtStart = ticks;
    const starting = vscode.commands.executeCommand<StartOutcome>('mcpLens.startServer', 'hostile-flood');
    // While it floods (paced over a second or more): other commands answer and the host's timers run.
    let answeredMidFlood = 0;
    let ticksMidFlood = tickAtStart;
    let last: PanelState | undefined;
    const deadline = Date.now() + 60_000;
    for (;;) {
      await vscode.commands.executeCommand('mcpLens.refreshServers');
      last = await panel('hostile-flood');
      if (last.totalLines > 0 && last.totalLines < 100_000) {
        answeredMidFlood++;
        ticksMidFlood = ticks;
      }
      if (last.totalLines >= 100_000) break;
      if (Date.now() > deadline) throw new Error(`the flood did not finish: ${last.totalLines} lines`);
      // Polling: the next look a little later.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.ok(answeredMidFlood >= 1, 'refreshServers and the panel answered while the flood was under way');
    assert.ok(ticksMidFlood > tickAtStart, 'the extension host kept running its timers while the server flooded');
    assert.deepEqual(await starting, { ok: true });
    await serverWhere(registry, 'hostile-flood', 'running with its tools', (s) => s.state === 'running' && s.tools.includes('echo'));
    assert.equal(last.lines.at(-1)?.text, 'flood 100000 of 100000');

    // The server has handed its 10 MiB tail to the pipe (it may still sit in the server's queue
    // while a loaded host reads; a stop then would SIGTERM it mid-write, as it should).
    const flushed = await vscode.commands.executeCommand<CallOutcome>('mcpLens.runTool', { server: 'hostile-flood', tool: 'flushed', args: {} });
    assert.equal(flushed.kind, 'result', JSON.stringify(flushed).slice(0, 500));

    const pids = markedProcesses('hostile-flood');
    assert.equal(pids.length, 1);
    await vscode.commands.executeCommand('mcpLens.stopServer', 'hostile-flood');
    assert.deepEqual(pids.filter(isAlive), []);
    // The unterminated 10 MiB arrives as one line when the stream ends; nothing was dropped.
    const { events } = await exported('hostile-flood');
    // It left on its own at the end of stdin, not by the stop's SIGTERM.
    assert.equal(events.find((e) => e.kind === 'exited')?.raw, 'server exited (code 0)');
    const stderr = events.filter((e) => e.dir === 'stderr');
    assert.equal(stderr.filter((e) => e.raw.startsWith('flood ')).length, 100_000);
    const tail = stderr.find((e) => e.raw.startsWith('yyyy'));
    assert.equal(tail?.raw.length, 10 * MiB);
    assert.equal(tail?.info?.partial, true);
    const after = await panel('hostile-flood');
    assert.equal(after.totalLines, 100_001, 'the panel counts the tail too');
  });

  test('a 50 MiB tool result: the host keeps answering, the tree shows the size and a clipped text, copy and export give the exact bytes', async () => {
    const { registry } = await extensionApi();
    await server(registry, 'hostile-big');
    const tickAtStart = ticks;
    const outcome = await vscode.commands.executeCommand<CallOutcome>('mcpLens.runTool', { server: 'hostile-big', tool: 'big', args: {} });
    assert.ok(outcome.kind === 'result', JSON.stringify(outcome).slice(0, 500));
    const text = (outcome.result.content as { text: string }[])[0]!.text;
    assert.equal(text.length, 50 * MiB);
    phase('50 MiB call returned');
    await vscode.commands.executeCommand('mcpLens.refreshServers');
    assert.ok(ticks > tickAtStart, 'timers ran while 50 MiB went through the host');

    const rows = await vscode.commands.executeCommand<DescribedRow[]>('mcpLens.messages.describe', 'hostile-big', 4);
    const call = rows.find((r) => r.label.startsWith('tools/call big'));
    assert.ok(call, rows.map((r) => r.label).join(', '));
    assert.match(call.description, /50\.0 MiB/);
    const flat = (r: DescribedRow): DescribedRow[] => [r, ...(r.children ?? []).flatMap(flat)];
    const leaf = flat(call).find((r) => /\(52428800 characters\)$/.test(r.description));
    assert.ok(leaf, 'the text shows clipped with its length');
    assert.ok(leaf.description.length < 300);
    phase('tree described');

    const { events } = await exported('hostile-big');
    phase('exported and read back');
    const response = events.find((e) => e.dir === 's2c' && e.kind === 'response' && e.raw.length > MiB);
    const wrote = events.find((e) => e.dir === 'stderr' && e.raw.startsWith('wrote '));
    assert.equal(`wrote ${Buffer.byteLength(response.raw)} bytes`, wrote?.raw);
    const request = events.find((e) => e.dir === 'c2s' && e.msg?.id === response.msg.id);
    phase('checked the export');
    const copied = await vscode.commands.executeCommand<string>('mcpLens.messages.copyWireLine', 'hostile-big', request.seq);
    assert.equal(copied, `${request.raw}\n${response.raw}`);
    phase('copied');
  });

  test('a 70 MiB line beyond the cap: an oversize row and an error card with its size; the server goes on', async () => {
    const { registry } = await extensionApi();
    await server(registry, 'hostile-oversize');
    await vscode.commands.executeCommand('mcpLens.startServer', 'hostile-oversize');
    await serverWhere(registry, 'hostile-oversize', 'running', (s) => s.state === 'running' && s.tools.includes('huge'));
    const call = vscode.commands.executeCommand<CallOutcome>('mcpLens.runTool', { server: 'hostile-oversize', tool: 'huge', args: {} });
    let last: PanelState | undefined;
    const state = await waitFor('the oversize card', async () => {
      last = await panel('hostile-oversize');
      return last.cards.some((c) => /73400320 bytes is over the 64 MiB line cap/.test(c.message)) ? last : undefined;
    }, 60_000, () => JSON.stringify(last?.cards));
    const card = state.cards.find((c) => /line cap/.test(c.message))!;
    assert.equal(card.rule, 'stray-stdout');
    assert.equal(card.severity, 'error');
    const rows = await vscode.commands.executeCommand<DescribedRow[]>('mcpLens.messages.describe', 'hostile-oversize', 0);
    assert.ok(rows.some((r) => /line over the size cap/.test(r.description) || /line over the size cap/.test(r.label)), rows.map((r) => `${r.label} | ${r.description}`).join('\n'));
    const outcome = await call;
    assert.ok(outcome.kind !== 'result' && outcome.kind !== 'notSent' && /is 73400320 bytes, over the client's line size cap/.test(outcome.message), JSON.stringify(outcome));
    assert.equal(registry.get('hostile-oversize')?.state, 'running', 'the server goes on');
    await stop('hostile-oversize');
    assert.deepEqual(markedProcesses('hostile-oversize'), []);
  });

  test('a server that hangs after initialize: it runs, commands keep answering, stop ends it', async () => {
    const { registry } = await extensionApi();
    await server(registry, 'hostile-hang');
    const starting = vscode.commands.executeCommand<StartOutcome>('mcpLens.startServer', 'hostile-hang');
    await serverWhere(registry, 'hostile-hang', 'running', (s) => s.state === 'running');
    await vscode.commands.executeCommand('mcpLens.refreshServers');
    const pids = markedProcesses('hostile-hang');
    assert.equal(pids.length, 1);
    assert.equal(await vscode.commands.executeCommand<boolean>('mcpLens.stopServer', 'hostile-hang'), true);
    await starting;
    assert.deepEqual(pids.filter(isAlive), []);
    assert.equal(registry.get('hostile-hang')?.state, 'stopped');
  });

  test('a crash loop: each start fails with the exit code and the stderr reason; nothing is left running', async () => {
    const { registry } = await extensionApi();
    await server(registry, 'hostile-crash-loop');
    for (let i = 0; i < 3; i++) {
      const outcome = await vscode.commands.executeCommand<StartOutcome>(i === 0 ? 'mcpLens.startServer' : 'mcpLens.restartServer', 'hostile-crash-loop');
      assert.ok(!outcome.ok, JSON.stringify(outcome));
      assert.match(outcome.reason, /code 3/);
      assert.ok(outcome.failure?.stderrTail.some((l) => /fatal: cannot read config/.test(l)), JSON.stringify(outcome.failure));
      assert.equal(registry.get('hostile-crash-loop')?.state, 'error');
    }
    assert.deepEqual(markedProcesses('hostile-crash-loop'), []);
  });

  test('a server that crashes mid-response: the call fails, the half line is kept, the state is crashed', async () => {
    const { registry } = await extensionApi();
    await server(registry, 'hostile-crash-mid');
    const outcome = await vscode.commands.executeCommand<CallOutcome>('mcpLens.runTool', { server: 'hostile-crash-mid', tool: 'echo', args: { text: 'x' } });
    assert.notEqual(outcome.kind, 'result', JSON.stringify(outcome));
    await serverWhere(registry, 'hostile-crash-mid', 'crashed', (s) => s.state === 'crashed' && s.exitCode === 1);
    const state = await waitFor('the crashed and partial-line cards', async () => {
      const p = await panel('hostile-crash-mid');
      return p.cards.some((c) => c.rule === 'crashed') && p.cards.some((c) => c.rule === 'partial-line') ? p : undefined;
    });
    assert.ok(state.cards.find((c) => c.rule === 'partial-line')?.severity === 'error');
    assert.deepEqual(markedProcesses('hostile-crash-mid'), []);
  });

  test('malformed lines between valid ones: the server runs, each bad line is a row and a card', async () => {
    const { registry } = await extensionApi();
    await server(registry, 'hostile-malformed');
    await vscode.commands.executeCommand('mcpLens.startServer', 'hostile-malformed');
    await serverWhere(registry, 'hostile-malformed', 'running', (s) => s.state === 'running' && s.tools.includes('echo'));
    const state = await waitFor('30 stray-stdout cards and 10 not-jsonrpc', async () => {
      const p = await panel('hostile-malformed');
      return p.cards.filter((c) => c.rule === 'stray-stdout').length === 30 && p.cards.filter((c) => c.rule === 'not-jsonrpc').length === 10 ? p : undefined;
    });
    assert.equal(state.lines.filter((l) => l.kind === 'stray').length >= 30, true);
    const rows = await vscode.commands.executeCommand<DescribedRow[]>('mcpLens.messages.describe', 'hostile-malformed', 0);
    assert.equal(rows.filter((r) => r.label === 'notifications/message').length, 20);
  });

  test('a server that ignores SIGTERM with grandchildren that ignore it too: stop leaves no process of its tree', async function () {
    if (!hasProc) this.skip();
    const { registry } = await extensionApi();
    await server(registry, 'hostile-tree');
    await vscode.commands.executeCommand('mcpLens.startServer', 'hostile-tree');
    await serverWhere(registry, 'hostile-tree', 'running', (s) => s.state === 'running');
    const pids = await waitFor('the server and its two grandchildren', () => {
      const found = markedProcesses('hostile-tree');
      return found.length === 3 ? found : undefined;
    });
    await vscode.commands.executeCommand('mcpLens.stopServer', 'hostile-tree');
    await waitFor('every process of the tree to be gone', () => pids.every((p) => !isAlive(p)), 15_000, () => pids.filter(isAlive).join(' '));
    assert.deepEqual(markedProcesses('hostile-tree'), []);
  });

  test('secrets: a server that prints its API_TOKEN: neither the exported trace, the trace file at rest nor the log contains it', async () => {
    const { registry, logUri, traceDir } = await extensionApi();
    await server(registry, 'hostile-secret');
    // Every message verbatim in the log too, so that nothing escapes the redaction by being summarised.
    const settings = vscode.workspace.getConfiguration('mcpLens');
    await settings.update('trace.server', 'verbose', vscode.ConfigurationTarget.Workspace);
    let outcome: CallOutcome;
    try {
      outcome = await vscode.commands.executeCommand<CallOutcome>('mcpLens.runTool', { server: 'hostile-secret', tool: 'echo', args: { text: 'hi' } });
    } finally {
      await settings.update('trace.server', undefined, vscode.ConfigurationTarget.Workspace);
    }
    assert.ok(outcome.kind === 'result', JSON.stringify(outcome));
    // The server did see and echo the secret: the result (shown to the user who asked) holds it.
    assert.match(JSON.stringify(outcome.result), /using token sk-secret-123/);
    await waitFor('the stderr lines', async () => (await panel('hostile-secret')).totalLines >= 2);
    const { text, events } = await exported('hostile-secret');
    assert.ok(events.some((e) => e.dir === 'stderr' && /^config: API_TOKEN=/.test(e.raw)), 'the line is exported, masked');
    assert.ok(!text.includes('sk-secret-123'), 'the exported trace holds the secret');
    await stop('hostile-secret');
    // The log channel's file (flushed by the time the server's exit is logged).
    const logText = () => (existsSync(logUri) ? readdirSync(logUri).filter((f) => f.startsWith('MCP Lens')).map((f) => readFileSync(join(logUri, f), 'utf8')).join('\n') : '');
    const log = await waitFor('the log to show the server stopped', () => {
      const text = logText();
      return /\[hostile-secret\] server exited/.test(text) ? text : undefined;
    });
    assert.match(log, /\[hostile-secret\] stderr: config: API_TOKEN=/);
    assert.ok(!log.includes('sk-secret-123'), 'the log holds the secret');
    // The run's own file in the extension's storage, which export reads from.
    const files = readdirSync(traceDir).filter((f) => f.startsWith('hostile-secret') && f.endsWith('.mcptrace.jsonl'));
    assert.ok(files.length > 0, `no trace file of hostile-secret in ${traceDir}`);
    const atRest = files.map((f) => readFileSync(join(traceDir, f), 'utf8')).join('\n');
    assert.match(atRest, /config: API_TOKEN=/);
    assert.ok(!atRest.includes('sk-secret-123'), 'the trace file at rest holds the secret');
  });
});
