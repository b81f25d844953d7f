import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { diagnose } from '../../../src/core/diagnose';
import { McpClient, OversizeResponseError } from '../../../src/core/session/client';
import { DEFAULT_MAX_LINE_BYTES, OVERSIZE_HEAD_BYTES } from '../../../src/core/wire/framer';
import { pidAlive, until, waitForEvent } from '../transport/helpers';
import { hostile } from './helpers';

// A full collection between samples, so "memory" below is what is still held, not garbage.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const bufferBytes = () => {
  gc();
  return process.memoryUsage().arrayBuffers;
};

const MiB = 1024 * 1024;

test('a 50 MiB single-line tool result arrives whole: the exact bytes, one event, no diagnostic', async () => {
  const client = new McpClient(hostile('big-result.mjs'), { requestTimeoutMs: 60_000 });
  try {
    await client.connect();
    const result = await client.callTool('big', {});
    const text = (result.content as { text: string }[])[0]!.text;
    assert.equal(text.length, 50 * MiB);
    const unit = '0123456789abcdefghijklmnopqrstuvwxyz';
    assert.equal(text.slice(0, 36), unit);
    assert.equal(text.slice(-10), unit.repeat(Math.ceil((50 * MiB) / 36)).slice(50 * MiB - 10, 50 * MiB));
    // What the server says it wrote is exactly the event's raw line.
    const wrote = await waitForEvent(client.trace, (e) => e.dir === 'stderr' && e.raw.startsWith('wrote '), 'the byte count on stderr');
    const response = client.trace.events.find((e) => e.dir === 's2c' && e.kind === 'response' && e.raw.length > MiB)!;
    assert.equal(`wrote ${Buffer.byteLength(response.raw)} bytes`, wrote.raw);
    assert.deepEqual(diagnose(client.trace.events).filter((d) => d.severity === 'error'), []);
  } finally {
    await client.close();
  }
});

test('a 70 MiB line beyond the 64 MiB cap: an oversize event with its exact size and head, its request fails at once, an error diagnostic, reading goes on, memory stays under the cap', async () => {
  const SIZE = 70 * MiB;
  assert.ok(SIZE > DEFAULT_MAX_LINE_BYTES);
  const client = new McpClient(hostile('oversize-line.mjs'), { requestTimeoutMs: 60_000 });
  const before = bufferBytes();
  let peak = 0;
  // Sampled while the line streams in: a framer that kept the line would hold 64+ MiB here.
  const sampler = setInterval(() => (peak = Math.max(peak, bufferBytes() - before)), 100);
  try {
    await client.connect();
    // The timeout is far away: the call must fail because its answer was over the cap, not time out.
    const call = client.callTool('huge', {}, { timeoutMs: 600_000 });
    const failed = assert.rejects(call, (err: unknown) => err instanceof OversizeResponseError && /tools\/call \(id \d+\) is 73400320 bytes, over the client's line size cap/.test((err as Error).message));
    const oversize = await waitForEvent(client.trace, (e) => e.kind === 'oversize', 'the oversize event', 60_000);
    clearInterval(sampler);
    await failed;
    assert.equal(oversize.dir, 's2c');
    assert.equal(oversize.info?.bytes, SIZE);
    assert.equal(Buffer.byteLength(oversize.raw), OVERSIZE_HEAD_BYTES);
    assert.match(oversize.raw, /^\{"jsonrpc":"2.0","id":\d+,"result"/);
    // The next line is read normally.
    const after = await waitForEvent(client.trace, (e) => e.kind === 'notification' && e.seq > oversize.seq, 'the notification after it');
    assert.match(after.raw, /after the oversize line/);
    await waitForEvent(client.trace, (e) => e.dir === 'stderr' && e.raw === `wrote ${SIZE} bytes`, 'the byte count on stderr');
    // At most the cap is held while the line streams (never the line joined, twice that). The
    // slack is for backing stores a collection freed but a background sweeper has not yet
    // subtracted: on a loaded 2-core runner that lag measured up to 18 MiB (load 18). A joined
    // line would hold 128+ MiB, well above cap + slack.
    assert.ok(peak < DEFAULT_MAX_LINE_BYTES + 32 * MiB, `buffers held while the line streamed grew by ${Math.round(peak / MiB)} MiB`);

    const found = diagnose(client.trace.events).find((d) => d.rule === 'stray-stdout' && d.evidence.includes(oversize.seq));
    assert.ok(found, 'a diagnostic names the oversize line');
    assert.equal(found.severity, 'error');
    assert.match(found.message, /73400320 bytes/);
    assert.match(found.message, /64 MiB/);
  } finally {
    clearInterval(sampler);
    const pid = client.pid!;
    await client.close();
    await until(() => !pidAlive(pid), 'the server to be gone');
  }
});
