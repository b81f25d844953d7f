// One exit, one sentence: the same process exit (code, signal, stderr line) is told the same way
// by every surface a unit test can reach — the core story, `mcp-lens check`'s summary, a CLI
// failure, the Servers row and failed-start text of the editor, `mcp-lens mcp`'s session state,
// the diagnostics' card, and the trace that the stdio transport and the record proxy write.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { exitSentence, exitStory } from '../../../src/core/diagnose/exitStory';
import { diagnose } from '../../../src/core/diagnose/engine';
import { McpClient } from '../../../src/core/session/client';
import { parseTraceText } from '../../../src/core/trace/jsonl';
import type { TraceEvent } from '../../../src/core/trace/event';
import { describeFailure as cliFailure } from '../../../src/cli/commands/session';
import { HeldSession } from '../../../src/cli/mcp/heldSession';
import { summarize } from '../../../src/cli/summary';
import { describeFailure as editorFailure } from '../../../src/extension/failure';
import { rowText } from '../../../src/extension/serverRow';
import { buildCli, NODE, runCli } from './helpers';

const REASON = "Error: Cannot find module './build/index.js'";
const DIES = ['-e', `console.error("starting"); console.error(${JSON.stringify(REASON)}); process.exit(3)`];
const SENTENCE = `exited (code 3): ${REASON}`;
const dir = mkdtempSync(join(tmpdir(), 'mcp-lens-exit-'));

before(buildCli);
after(() => rmSync(dir, { recursive: true, force: true }));

function exitedEvent(events: readonly TraceEvent[]): TraceEvent {
  const exited = events.find((e) => e.dir === 'meta' && e.kind === 'exited');
  assert.ok(exited, 'the trace records the exit');
  return exited;
}

test('a server that dies at start is told as the same sentence by the core, the CLI, the editor and the trace', async () => {
  const client = new McpClient({ command: NODE, args: DIES }, { probeTimeoutMs: 3000 });
  const error = await client.connect().then(
    () => assert.fail('connect() should have failed'),
    (e: unknown) => e,
  );
  await client.exited;
  await client.close();
  const events = client.trace.events;
  const story = exitStory(events)!;
  assert.equal(exitSentence(story), SENTENCE);
  // The CLI: a failed command, and `check`'s summary of the run.
  assert.equal(cliFailure(client, error), `the server ${SENTENCE}`);
  assert.equal(summarize(events).exit, SENTENCE);
  // The editor: the failed start's row and notification, and the row of a crash with the same facts.
  assert.equal(editorFailure(events, error).message, SENTENCE);
  const row = rowText({ transport: 'stdio', state: { kind: 'crashed', code: story.code, signal: story.signal, reason: story.reason, stderrTail: [] } });
  assert.equal(row.full, SENTENCE);
  assert.equal(row.short, `${REASON} · exited (code 3)`);
  // The diagnostics' card says the same exit, and when it came.
  const card = diagnose(events).find((d) => d.rule === 'exited-early');
  assert.ok(card?.message.startsWith(`The server ${exitSentence({ code: 3, signal: null }, 'before answering its first request')}`), card?.message);
  // The trace line (read by `mcp-lens mcp`'s read_messages and the CLI's trace view).
  assert.equal(exitedEvent(events).raw, 'server exited (code 3)');
});

test('mcp-lens mcp: the held session states the same sentence', async () => {
  const held = new HeldSession('dies', { command: NODE, args: DIES }, 10_000);
  await held.start();
  await held.client?.exited;
  assert.equal(held.stateText(), `failed: the server ${SENTENCE}`);
  assert.equal(exitSentence(exitStory(held.trace.events)!), SENTENCE);
  await held.stop();
});

test('the record proxy writes the exit as the stdio transport does, and its trace tells the same sentence', async () => {
  const out = join(dir, 'dies.mcptrace.jsonl');
  const run = await runCli(['record', '--out', out, '--', NODE, ...DIES], { input: '' });
  assert.equal(run.code, 3);
  const events = parseTraceText(readFileSync(out, 'utf8')).events;
  assert.equal(exitedEvent(events).raw, 'server exited (code 3)');
  assert.equal(exitSentence(exitStory(events)!), SENTENCE);
});
