// While `mcp-lens fuzz` waits on a call (a hang costs its timeout), a terminal shows which
// call and which kind of input: one status line on stderr, redrawn in place, cleared before
// the tool's result is printed. A pipe gets none of it. The terminal is a real one: `script`
// runs the CLI on a pseudo-terminal.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { before, test } from 'node:test';
import { promisify } from 'node:util';
import { buildCli, CLI, FIXTURES, NODE, runCli } from './helpers';

before(buildCli);

const CLEAR = '\r\u001b[2K';
const ARGS = ['fuzz', 'save_note', '--runs', '12', '--seed', '4', '--timeout', '1000', '--', NODE, `${FIXTURES}fuzz/hangs.mjs`];
const quoted = (arg: string) => `'${arg.replace(/'/g, "'\\''")}'`;

test('on a terminal: a status line names the call in flight and its kind of input, and is cleared before the result', async () => {
  const command = [NODE, CLI, ...ARGS].map(quoted).join(' ');
  // The run finds the hang, so the CLI (and script with it) exits 1: its output is what counts.
  const stdout = await promisify(execFile)('script', ['-qec', command, '/dev/null'], { env: { ...process.env, NO_COLOR: '1' }, timeout: 120_000 }).then(
    (done) => done.stdout,
    (failed: { stdout?: string }) => failed.stdout ?? '',
  );
  assert.match(stdout, /\r\u001b\[2Kfuzzing save_note, call 1: valid/);
  assert.match(stdout, /\r\u001b\[2Kfuzzing save_note, call \d+: text: longer than maxLength 5000/, 'the hanging kind of input is named while it is waited on');
  const result = stdout.search(/✗ save_note \d+ calls/);
  assert.ok(result > 0, stdout);
  const lastCleared = stdout.lastIndexOf(CLEAR, result);
  assert.equal(stdout.slice(lastCleared + CLEAR.length, result), '', 'the status line is cleared, and the result written where it was');
});

test('in a pipe: no status line, the output is the same lines as ever', async () => {
  const run = await runCli(ARGS);
  assert.doesNotMatch(run.stderr + run.stdout, /\u001b\[2K|fuzzing save_note, call/);
  assert.match(run.stdout, /✗ save_note \d+ calls/);
});
