import { test } from 'node:test';
import assert from 'node:assert/strict';
import { diagnose } from '../../../src/core/diagnose';
import { McpClient } from '../../../src/core/session/client';
import { until, waitForEvent } from '../transport/helpers';
import { count, hostile } from './helpers';

const MiB = 1024 * 1024;

test('a stderr flood of 100 000 lines and 10 MiB without a newline: every line an event, the unterminated tail kept whole at the end, requests answered meanwhile', async () => {
  const client = new McpClient(hostile('stderr-flood.mjs'));
  await client.connect();
  // Asked while the flood is still being written.
  assert.deepEqual((await client.listAll('tools/list')).map((t) => t.name), ['echo', 'flushed']);
  const isFlood = (e: { dir: string; raw: string }) => e.dir === 'stderr' && e.raw.startsWith('flood ');
  await until(() => count(client.trace.events, isFlood) === 100_000, 'all 100 000 flood lines', 20_000);
  const lines = client.trace.events.filter(isFlood);
  assert.equal(lines[0]!.raw, 'flood 1 of 100000');
  assert.equal(lines.at(-1)!.raw, 'flood 100000 of 100000');
  assert.ok(lines.every((e, i) => e.raw === `flood ${i + 1} of 100000`), 'in order, none lost or merged');
  const result = await client.callTool('echo', { text: 'still here' });
  assert.deepEqual(result.content, [{ type: 'text', text: 'still here' }]);

  // Once the server has handed its tail to the pipe, the stop cannot cut it short.
  assert.deepEqual((await client.callTool('flushed', {})).content, [{ type: 'text', text: 'flushed' }]);
  await client.close();
  // The 10 MiB with no newline is one event once the stream ends, flagged partial.
  const tail = await waitForEvent(client.trace, (e) => e.dir === 'stderr' && e.raw.startsWith('yyyy'), 'the unterminated stderr tail');
  assert.equal(tail.raw.length, 10 * MiB);
  assert.ok(/^y+$/.test(tail.raw));
  assert.equal(tail.info?.partial, true);
  assert.equal(client.trace.events.at(-1)!.kind, 'exited');
});

test('malformed lines between valid ones: each is one event of the right kind, valid messages still read, diagnostics name them', async () => {
  // 3 stray lines a round stays under the engine's 50-per-rule cap, so every one is reported.
  const ROUNDS = 12;
  const client = new McpClient(hostile('malformed-interleaved.mjs', { HOSTILE_ROUNDS: String(ROUNDS) }));
  try {
    await client.connect();
    await waitForEvent(client.trace, (e) => e.dir === 'stderr' && e.raw === `wrote ${ROUNDS} rounds`, 'the end of the rounds');
    // The last line of the last round is on stdout before the stderr note; a ping orders the rest.
    await client.request('ping');
    const s2c = client.trace.events.filter((e) => e.dir === 's2c');
    const data = (e: (typeof s2c)[number]) => (e.msg as { params?: { data?: string } } | undefined)?.params?.data ?? '';
    assert.equal(count(s2c, (e) => e.kind === 'notification' && /^valid \d+$/.test(data(e))), ROUNDS);
    assert.equal(count(s2c, (e) => e.kind === 'notification' && /^after cut \d+$/.test(data(e))), ROUNDS);
    assert.equal(count(s2c, (e) => e.kind === 'stray' && e.raw.includes('"data":"cut ')), ROUNDS);
    assert.equal(count(s2c, (e) => e.kind === 'stray' && /^plain text \d+$/.test(e.raw)), ROUNDS);
    assert.equal(count(s2c, (e) => e.kind === 'not-jsonrpc'), ROUNDS);
    assert.equal(count(s2c, (e) => e.kind === 'stray' && e.raw.endsWith('},}')), ROUNDS);
    // Nothing else appeared and nothing was glued together.
    assert.equal(count(s2c, (e) => !!e.multiline || e.glued !== undefined), 0);

    const diagnostics = diagnose(client.trace.events);
    const stray = diagnostics.filter((d) => d.rule === 'stray-stdout');
    assert.equal(stray.length, 3 * ROUNDS);
    assert.equal(stray.filter((d) => d.severity === 'error' && /broken JSON/.test(d.message)).length, 2 * ROUNDS);
    assert.equal(diagnostics.filter((d) => d.rule === 'not-jsonrpc').length, ROUNDS);
  } finally {
    await client.close();
  }
});
