import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { FAULTS, find, rejection, runFault, seqOf } from './liveFault';

test('live spawn-failed: a command that does not exist', async () => {
  const run = await runFault('', async (c) => rejection(c.connect()), { command: 'mcp-lens-no-such-command-xyz' });
  assert.deepEqual(run.live, run.offline);
  const d = find(run.offline, 'spawn-failed');
  assert.equal(d.stage, 'transport');
  assert.match(d.message, /mcp-lens-no-such-command-xyz.*ENOENT/);
  assert.deepEqual(d.evidence, [seqOf(run.events, (e) => e.kind === 'spawn-failed')]);
  assert.equal(run.offline.length, 1);
});

test('live spawn-failed: EACCES on a script that is not executable', async () => {
  const run = await runFault('', async (c) => rejection(c.connect()), { command: path.join(FAULTS, 'not-executable.sh') });
  const d = find(run.offline, 'spawn-failed');
  assert.match(d.message, /EACCES/);
  assert.match(d.hint, /chmod \+x/);
});

test('live exited-early: a missing module; cites the exit and stderr, quotes "Cannot find module"', async () => {
  const run = await runFault('exit-early.mjs', async (c) => rejection(c.connect()));
  assert.deepEqual(run.live, run.offline);
  const d = find(run.offline, 'exited-early');
  const exit = seqOf(run.events, (e) => e.kind === 'exited');
  assert.equal(d.evidence[0], exit);
  const telling = seqOf(run.events, (e) => e.dir === 'stderr' && e.raw.includes('Cannot find module'));
  assert.ok(d.evidence.includes(telling));
  assert.ok(d.evidence.slice(1).every((s) => run.events[s - 1].dir === 'stderr'));
  assert.match(d.message, /code 1/);
  assert.match(d.message, /Cannot find module '.*not-built-yet\.mjs'/);
  assert.equal(d.retry, false); // a missing module is missing on every start
  assert.deepEqual(run.offline.filter((x) => x.rule === 'crashed'), []);
});

test('live crashed: the tools/call handler throws; the call is listed with the exit', async () => {
  let callSeq = 0;
  const run = await runFault('crash-on-call.mjs', async (c) => {
    await c.connect();
    await c.listAll('tools/list');
    const p = c.callTool('echo', { text: 'hi' });
    callSeq = c.trace.events[c.trace.events.length - 1].seq;
    await rejection(p);
  });
  assert.deepEqual(run.live, run.offline);
  const d = find(run.offline, 'crashed');
  const exit = seqOf(run.events, (e) => e.kind === 'exited');
  assert.equal(d.evidence[0], callSeq);
  assert.equal(d.evidence[1], exit);
  assert.match(d.message, /tools\/call "echo" \(id \d+\)/);
  assert.match(d.message, /database connection lost/);
  assert.equal(d.severity, 'error');
});

test('live no-response: a server that never writes to stdout', async () => {
  const run = await runFault('never-answers.mjs', async (c) => rejection(c.connect()), { client: { probeTimeoutMs: 300, requestTimeoutMs: 500 } });
  assert.deepEqual(run.live, run.offline);
  const d = find(run.offline, 'no-response');
  assert.ok(d.evidence.includes(seqOf(run.events, (e) => e.kind === 'timeout')));
  assert.doesNotMatch(d.hint, /PYTHONUNBUFFERED/);
  assert.deepEqual(run.offline.filter((x) => x.rule === 'timeout' || x.rule === 'exited-early'), []);
});

test('live no-response: a block-buffered Python server gets the -u / PYTHONUNBUFFERED=1 hint', async () => {
  const run = await runFault('', async (c) => rejection(c.connect()), {
    command: 'python3',
    args: [path.join(FAULTS, 'buffered-python.py')],
    // An empty value turns Python's unbuffered mode off even when the test's own env sets it.
    env: { PYTHONUNBUFFERED: '' },
    // probeMaxWaitMs: a block-buffered server writes nothing at all, so the probe would wait its 10 s silent-start bound.
    client: { probeTimeoutMs: 300, probeMaxWaitMs: 300, requestTimeoutMs: 500 },
  });
  const d = find(run.offline, 'no-response');
  assert.match(d.hint, /python -u/);
  assert.match(d.hint, /PYTHONUNBUFFERED=1/);
});

test('live exited-early (Python): the traceback is quoted by its exception line', async () => {
  const run = await runFault('', async (c) => rejection(c.connect()), { command: 'python3', args: [path.join(FAULTS, 'exit-early-python.py')] });
  assert.deepEqual(run.live, run.offline);
  const d = find(run.offline, 'exited-early');
  assert.match(d.message, /ModuleNotFoundError: No module named 'mcp_lens_fixture_package_that_is_not_installed'/);
  assert.match(d.hint, /pip install|uv add/);
  assert.ok(d.evidence.includes(seqOf(run.events, (e) => e.dir === 'stderr' && e.raw.startsWith('ModuleNotFoundError'))));
});
