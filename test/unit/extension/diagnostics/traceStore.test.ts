// Each run's full trace file in the extension's storage: named per server and time, the last few kept.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import {
  createSessionTrace,
  pruneTraceFiles,
  safeServerName,
  stderrTextFileOf,
  traceFilesOf,
} from '../../../../src/extension/diagnostics/traceStore';

function tempDir(t: { after: (fn: () => void) => void }): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-store-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

test('a session trace spills to <server>-<time>.mcptrace.jsonl in a directory it creates', async (t) => {
  const dir = path.join(tempDir(t), 'traces');
  const { trace, spill } = createSessionTrace(dir, 'my server/1', 5, new Date('2026-11-29T20:00:14.123Z'));
  assert.equal(path.basename(spill.path), 'my_server_1-2026-11-29T20-00-14-123Z.mcptrace.jsonl');
  assert.ok(fs.existsSync(spill.path), 'created before the first event');
  for (let i = 0; i < 40; i++) trace.append({ dir: 'stderr', kind: 'log', raw: `line ${i}` });
  assert.ok(trace.events.length < 40 && trace.evicted > 0);
  const lines: string[] = [];
  for await (const line of trace.lines()) lines.push(line);
  assert.equal(lines.length, 40);
  assert.equal(JSON.parse(lines[0]!).raw, 'line 0');
  spill.close();
});

test('two runs in the same millisecond get two files', (t) => {
  const dir = tempDir(t);
  const at = new Date('2026-11-29T20:00:14.123Z');
  const a = createSessionTrace(dir, 'demo', 5, at);
  const b = createSessionTrace(dir, 'demo', 5, at);
  assert.notEqual(a.spill.path, b.spill.path);
  assert.equal(traceFilesOf(dir, 'demo').length, 2);
});

test('pruning keeps the newest files of that server, never one in use, and no other server’s', (t) => {
  const dir = tempDir(t);
  const made: string[] = [];
  for (let i = 0; i < 6; i++) made.push(createSessionTrace(dir, 'demo', 5, new Date(Date.UTC(2026, 10, 29, 20, 0, i))).spill.path);
  const other = createSessionTrace(dir, 'demo-two', 5, new Date(Date.UTC(2026, 10, 29, 19))).spill.path;
  fs.writeFileSync(path.join(dir, 'demo-notes.txt'), 'mine');
  // Open stderr as Text wrote beside two runs: the text goes with its trace, and stays with a kept one.
  for (const run of [made[1]!, made[4]!]) fs.writeFileSync(stderrTextFileOf(run), 'stderr line\n');
  const removed = pruneTraceFiles(dir, 'demo', new Set([made[0]!]), 3);
  assert.deepEqual(removed.sort(), [made[1], made[2]].sort());
  assert.ok(!fs.existsSync(stderrTextFileOf(made[1]!)), 'the stderr text of a removed run should go with it');
  assert.ok(fs.existsSync(stderrTextFileOf(made[4]!)), 'the stderr text of a kept run should stay');
  assert.equal(stderrTextFileOf(made[4]!), made[4]!.replace(/\.mcptrace\.jsonl$/, '.stderr.log'));
  assert.deepEqual(traceFilesOf(dir, 'demo'), [made[0], made[3], made[4], made[5]]);
  assert.ok(fs.existsSync(other) && fs.existsSync(path.join(dir, 'demo-notes.txt')));
});

test('server names become safe file name prefixes', () => {
  assert.equal(safeServerName('weather'), 'weather');
  assert.equal(safeServerName('..\\evil:name'), '__evil_name');
  assert.equal(safeServerName(''), 'server');
});
