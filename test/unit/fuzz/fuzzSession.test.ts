/**
 * A hung call on a real SDK server: cancelled with notifications/cancelled; the server keeps
 * its session when it still answers, and is started again when it is stuck.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { FuzzSession } from '../../../src/core/fuzz/fuzzSession';

const HANGS = fileURLToPath(new URL('../../fixtures/servers/fuzz/hangs.mjs', import.meta.url));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

test('a hung call is cancelled; a server that still answers keeps its session, a stuck one is started again', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-lens-hang-'));
  const log = join(dir, 'cancelled.log');
  const session = new FuzzSession(
    { command: process.execPath, args: [HANGS, log] },
    { clientInfo: { name: 'test', version: '0' }, requestTimeoutMs: 5000, probeTimeoutMs: 3000 },
  );
  try {
    await session.tools();
    const hung = await session.call('save_note', { text: 'x'.repeat(300) }, { timeoutMs: 300 });
    assert.equal(hung.end, 'hung');
    assert.equal(hung.timeoutMs, 300, 'the deadline it was given, not the session timeout');
    assert.deepEqual(
      hung.diagnostics.map((d) => d.rule),
      ['timeout'],
    );
    assert.equal(readFileSync(log, 'utf8'), 'cancelled 300\n', 'the server got notifications/cancelled');
    assert.equal((await session.call('echo', { text: 'hi' })).end, 'result');
    assert.equal(session.starts, 1, 'still answering: the same session');

    const stuck = await session.call('tokenize', { text: 'y'.repeat(300) }, { timeoutMs: 300 });
    assert.equal(stuck.end, 'hung');
    const [first] = session.pids;
    assert.equal(alive(first!), false, 'the stuck server was ended');
    assert.equal((await session.call('echo', { text: 'hi' })).end, 'result');
    assert.equal(session.starts, 2, 'and started again for the next call');
  } finally {
    await session.close();
    rmSync(dir, { recursive: true, force: true });
  }
  assert.deepEqual(session.pids.filter(alive), [], 'no server process left');
});

// A loaded machine, made on purpose: once it has listed, the server's thread runs at nice 19
// beside one busy shell per core at nice 5, so it gets a few percent of a core (10-20 ms of CPU
// in a 300 ms window, under the 30 ms the CPU alone needed). It is busy all the same: runnable,
// waiting for a core.
test(
  'a server starved by a loaded machine while it works on the dropped call is started again',
  { skip: process.platform !== 'linux' },
  async () => {
    const session = new FuzzSession(
      { command: process.execPath, args: [HANGS] },
      { clientInfo: { name: 'test', version: '0' }, requestTimeoutMs: 20_000, probeTimeoutMs: 10_000 },
    );
    let hogs: ChildProcess[] = [];
    try {
      await session.tools();
      // Only for the dropped call: the server starts and lists at its usual speed.
      setPriority(session.pids[0]!, 19);
      hogs = Array.from({ length: availableParallelism() }, () =>
        spawn('nice', ['-n', '5', 'sh', '-c', 'while :; do :; done'], { stdio: 'ignore' }),
      );
      const hung = await session.call('reindex', { text: 'z'.repeat(300) }, { timeoutMs: 300 });
      assert.equal(hung.end, 'hung');
      assert.equal(alive(session.pids[0]!), false, 'the starved server still at work on the dropped call was ended');
      for (const hog of hogs) hog.kill('SIGKILL');
      // Before close(): a session closed and called again starts a server whatever happened before.
      assert.equal((await session.call('echo', { text: 'hi' })).end, 'result');
      assert.equal(session.starts, 2, 'and started again for the next call');
    } finally {
      for (const hog of hogs) hog.kill('SIGKILL');
      await session.close();
    }
    assert.deepEqual(session.pids.filter(alive), [], 'no server process left');
  },
);

test('a server that still answers but keeps working on the call it was told to drop is started again', async () => {
  const session = new FuzzSession(
    { command: process.execPath, args: [HANGS] },
    { clientInfo: { name: 'test', version: '0' }, requestTimeoutMs: 5000, probeTimeoutMs: 3000 },
  );
  try {
    await session.tools();
    const hung = await session.call('reindex', { text: 'z'.repeat(300) }, { timeoutMs: 300 });
    assert.equal(hung.end, 'hung');
    const [first] = session.pids;
    assert.equal(alive(first!), false, 'the server still at work on the dropped call was ended');
    assert.equal((await session.call('echo', { text: 'hi' })).end, 'result');
    assert.equal(session.starts, 2, 'and started again for the next call');
  } finally {
    await session.close();
  }
  assert.deepEqual(session.pids.filter(alive), [], 'no server process left');
});
