import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RequestTimeoutError } from '../../../src/core/session/client';
import { find, rejection, runFault, seqOf, waitForEvent } from './liveFault';

test('live progress-not-increasing: 50 then 20', async () => {
  const seen: number[] = [];
  const run = await runFault('progress-decreasing.mjs', async (c) => {
    await c.connect();
    await c.callTool('echo', { text: 'x' }, { onProgress: (p) => seen.push(p.progress) });
  });
  assert.deepEqual(run.live, run.offline);
  const d = find(run.offline, 'progress-not-increasing');
  const progress = run.events.filter((e) => e.raw.includes('notifications/progress')).map((e) => e.seq);
  assert.deepEqual(d.evidence, progress);
  assert.match(d.message, /from 50 to 20/);
});

test('live message-after-cancel: the server answers a call the user cancelled', async () => {
  const run = await runFault('answers-after-cancel.mjs', async (c) => {
    await c.connect();
    const abort = new AbortController();
    const call = c.callTool('echo', { text: 'slow' }, { signal: abort.signal });
    await waitForEvent(c, (e) => e.dir === 'c2s' && e.raw.includes('tools/call'));
    abort.abort('changed my mind');
    await rejection(call);
    await waitForEvent(c, (e) => e.dir === 's2c' && e.raw.includes('finished anyway'));
  });
  assert.deepEqual(run.live, run.offline);
  const d = find(run.offline, 'message-after-cancel');
  assert.equal(d.evidence[1], seqOf(run.events, (e) => e.raw.includes('finished anyway')));
  assert.match(d.message, /tools\/call "echo"/);
});

test('live pagination-loop: nextCursor "page-2" forever', async () => {
  const run = await runFault('pagination-loop.mjs', async (c) => {
    await c.connect();
    await c.listAll('tools/list');
  });
  assert.deepEqual(run.live, run.offline);
  const d = find(run.offline, 'pagination-loop');
  assert.match(d.message, /"page-2"/);
  assert.equal(d.severity, 'error');
});

test('live timeout: tools/call never answered', async () => {
  const run = await runFault(
    'hangs-on-call.mjs',
    async (c) => {
      await c.connect();
      const err = await rejection(c.callTool('echo', { text: 'x' }, { timeoutMs: 400 }));
      assert.ok(err instanceof RequestTimeoutError);
    },
  );
  assert.deepEqual(run.live, run.offline);
  const d = find(run.offline, 'timeout');
  assert.equal(d.evidence[1], seqOf(run.events, (e) => e.kind === 'timeout'));
  assert.match(d.message, /tools\/call "echo" \(id \d+\) got no response within \d+ ms/);
  assert.equal(run.offline.filter((x) => x.rule === 'no-response').length, 0);
});
