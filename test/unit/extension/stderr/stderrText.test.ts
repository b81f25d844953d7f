// Open stderr as Text writes what the stderr panel shows, every line of the run, read back from
// the session's trace (on disk beyond its in-memory window), secrets masked.
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { Trace } from '../../../../src/core/trace/trace';
import { redactor } from '../../../../src/extension/traceLog';
import { createSessionTrace } from '../../../../src/extension/diagnostics/traceStore';
import { writeStderrText } from '../../../../src/extension/stderr/stderrText';

const SECRET = 'sk-live-424242';
const mask = redactor([SECRET]);

function tempFile(name: string): string {
  return join(mkdtempSync(join(tmpdir(), 'mcp-lens-stderr-text-')), name);
}

/** A run with every kind of event; returns the lines the file must hold, in order. */
function run(trace: Trace): string[] {
  const expected: string[] = [];
  trace.append({ dir: 'meta', kind: 'spawned', raw: 'spawned pid 1: node server.mjs', info: { pid: 1 } });
  trace.append({ dir: 'stderr', raw: `starting with key ${SECRET}` });
  expected.push('starting with key ••••');
  trace.append({ dir: 's2c', kind: 'stray', raw: 'Server ready on stdio' });
  expected.push('[stdout] Server ready on stdio');
  const initialize = { jsonrpc: '2.0' as const, id: 1, result: { protocolVersion: '2025-11-25', capabilities: {} } };
  trace.append({ dir: 's2c', kind: 'response', raw: JSON.stringify(initialize), msg: initialize, glued: 'banner ' });
  expected.push('[stdout] banner ');
  const log = { jsonrpc: '2.0' as const, method: 'notifications/message', params: { level: 'warning', logger: 'db', data: 'slow query' } };
  trace.append({ dir: 's2c', kind: 'notification', raw: JSON.stringify(log), msg: log });
  expected.push('[warning] db: slow query');
  const progress = { jsonrpc: '2.0' as const, method: 'notifications/progress', params: { progressToken: 1, progress: 1 } };
  trace.append({ dir: 's2c', kind: 'notification', raw: JSON.stringify(progress), msg: progress });
  trace.append({
    dir: 'c2s',
    kind: 'request',
    raw: '{"jsonrpc":"2.0","id":2,"method":"tools/call"}',
    msg: { jsonrpc: '2.0', id: 2, method: 'tools/call' },
  });
  // A 4 MB result that quotes what a stderr event and a log entry look like: it is no line of stderr.
  const text = `{"seq":1,"t":1,"dir":"stderr","raw":"not mine"} "notifications/message" ${'x'.repeat(4_000_000)}`;
  const big = { jsonrpc: '2.0' as const, id: 2, result: { content: [{ type: 'text', text }] } };
  trace.append({ dir: 's2c', kind: 'response', raw: JSON.stringify(big), msg: big });
  for (let i = 1; i <= 10_000; i++) {
    trace.append({ dir: 'stderr', raw: `debug: line ${i} of 10000` });
    expected.push(`debug: line ${i} of 10000`);
  }
  trace.append({ dir: 'meta', kind: 'exited', raw: 'server exited with code 0', info: { code: 0, signal: null } });
  return expected;
}

test('a windowed session: every stderr line, stray stdout and log entry in order, read from disk, the secret masked', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-lens-stderr-text-'));
  const { trace } = createSessionTrace(dir, 'demo', 100);
  const expected = run(trace);
  assert.ok(trace.evicted > 9_000, `most events should be on disk only, ${trace.evicted} are`);
  const file = join(dir, 'demo.stderr.log');
  assert.equal(await writeStderrText(trace.lines(), mask, file), expected.length);
  assert.equal(readFileSync(file, 'utf8'), `${expected.join('\n')}\n`);
});

test('a session kept in memory writes the same, masked though its events are not', async () => {
  const trace = new Trace();
  const expected = run(trace);
  const file = tempFile('demo.stderr.log');
  assert.equal(await writeStderrText(trace.lines(), mask, file), expected.length);
  const text = readFileSync(file, 'utf8');
  assert.ok(!text.includes(SECRET), 'the secret leaked');
  assert.equal(text, `${expected.join('\n')}\n`);
});

test('a trace that cannot be read back: the error is thrown and no partial file is left', async () => {
  async function* failing(): AsyncIterable<string> {
    yield JSON.stringify({ seq: 1, t: 1, dir: 'stderr', raw: 'first line' });
    throw new Error('the trace file could not be read');
  }
  const file = tempFile('demo.stderr.log');
  await assert.rejects(writeStderrText(failing(), mask, file), /could not be read/);
  assert.equal(existsSync(file), false);
});

test('a file that cannot be written: the error is thrown, with its path', async () => {
  const trace = new Trace();
  trace.append({ dir: 'stderr', raw: 'a line' });
  const file = join(tempFile('x'), 'no-such-folder', 'demo.stderr.log');
  await assert.rejects(
    writeStderrText(trace.lines(), mask, file),
    (error: NodeJS.ErrnoException) => error.code === 'ENOENT' && error.message.includes(file),
  );
});
