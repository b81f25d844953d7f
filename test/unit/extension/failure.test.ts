import { test } from 'node:test';
import assert from 'node:assert/strict';
import { McpClient } from '../../../src/core/session/client';
import { describeFailure, stderrTail } from '../../../src/extension/failure';

// Real child processes: the reason shown in the Servers view comes from the trace they leave.
async function failedStart(command: string, args: string[]): Promise<ReturnType<typeof describeFailure>> {
  const client = new McpClient({ command, args }, { probeTimeoutMs: 3000 });
  try {
    await client.connect();
  } catch (error) {
    await client.exited.catch(() => undefined);
    return describeFailure(client.trace.events, error);
  } finally {
    await client.close();
  }
  assert.fail('connect() should have failed');
}

test('a command that does not exist: the spawn failure, with the PATH hint', async () => {
  const failure = await failedStart('mcp-lens-no-such-command', []);
  assert.match(failure.message, /mcp-lens-no-such-command/);
  assert.match(failure.message, /ENOENT/);
  assert.deepEqual(failure.stderrTail, []);
});

test('a server that dies at once: its exit code and its last stderr line', async () => {
  const failure = await failedStart(process.execPath, ['-e', 'console.error("starting"); console.error("Error: Cannot find module \'./build/index.js\'"); process.exit(3)']);
  assert.equal(failure.message, "exited (code 3): Error: Cannot find module './build/index.js'");
  // A missing module is missing on every start.
  assert.equal(failure.retry, false);
  assert.deepEqual(failure.stderrTail, ['starting', "Error: Cannot find module './build/index.js'"]);
});

test('the stderr tail keeps the last lines, oldest first, without blank ones', () => {
  const events = ['a', '', 'b', 'c'].map((raw, i) => ({ seq: i + 1, t: i, dir: 'stderr' as const, raw }));
  assert.deepEqual(stderrTail(events, 2), ['b', 'c']);
});
