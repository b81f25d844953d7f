import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { OversizeResponseError } from '../../../src/core/session/client';
import { LineFramer } from '../../../src/core/wire/framer';
import { FAULTS, find, rejection, runFault, waitForEvent } from '../diagnose/liveFault';

const CAP = 64 * 1024;

test('framer: an oversize line names its top-level id even when it comes after the result, in any chunking', () => {
  const line = Buffer.from(`{"result":{"text":"${'y'.repeat(3 * CAP)}","id":"inner"},"jsonrpc":"2.0","id":5}\n`);
  for (const chunk of [line.length, 4096, 777, 1]) {
    const framer = new LineFramer(CAP);
    const frames = [];
    for (let at = 0; at < line.length; at += chunk) frames.push(...framer.push(line.subarray(at, at + chunk)));
    assert.equal(frames.length, 1);
    assert.equal(frames[0]!.oversize, line.length - 1);
    assert.equal(frames[0]!.id, 5, `chunks of ${chunk}`);
  }
});

test('a response over the cap with result before id fails its call at once: no timeout, no cancel for an answered request', async () => {
  let error: Error | undefined;
  const run = await runFault(
    'oversize-result-first.mjs',
    async (c) => {
      await c.connect();
      // The timeout is far away: the call must fail because its answer was over the cap.
      error = await rejection(c.callTool('huge', {}, { timeoutMs: 60_000 }));
      await waitForEvent(c, (e) => e.kind === 'notification' && /after the oversize line/.test(e.raw));
    },
    { command: process.execPath, args: [path.join(FAULTS, 'oversize-result-first.mjs'), String(4 * CAP)], client: { transport: { maxLineBytes: CAP } } },
  );
  assert.ok(error instanceof OversizeResponseError, String(error));
  assert.match(error.message, /The response to tools\/call \(id \d+\) is \d+ bytes, over the client's line size cap/);
  const oversize = run.events.find((e) => e.kind === 'oversize')!;
  const call = run.events.find((e) => e.dir === 'c2s' && e.msg && 'method' in e.msg && e.msg.method === 'tools/call')!;
  assert.equal(oversize.info?.id, (call.msg as { id: number }).id);
  assert.match(oversize.raw, /^\{"result":\{"content"/, 'the head holds no id');
  assert.equal(run.events.filter((e) => e.kind === 'timeout').length, 0);
  assert.equal(run.events.filter((e) => e.dir === 'c2s' && e.msg && 'method' in e.msg && e.msg.method === 'notifications/cancelled').length, 0);
  const d = find(run.offline, 'stray-stdout');
  // The request it answered is the proving event, then the line.
  assert.deepEqual(d.evidence, [call.seq, oversize.seq]);
  assert.match(d.message, /It answered tools\/call "huge" \(id \d+\), which fails without it/);
  assert.equal(d.severity, 'error');
});
