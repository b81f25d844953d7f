import { test } from 'node:test';
import assert from 'node:assert/strict';
import { diagnose } from '../../../src/core/diagnose';
import { ConnectionClosedError, McpClient, RequestTimeoutError } from '../../../src/core/session/client';
import { pidAlive, until, waitForEvent } from '../transport/helpers';
import { hostile, processesWithMarker, uniqueMarker } from './helpers';

test('a server that hangs after initialize: the request times out with a timeout diagnostic, close() still ends it', async () => {
  const client = new McpClient(hostile('hangs-after-initialize.mjs'), { requestTimeoutMs: 3000, transport: { graceMs: 300 } });
  await client.connect();
  await assert.rejects(client.listAll('tools/list'), (err: unknown) => err instanceof RequestTimeoutError && /tools\/list/.test((err as Error).message));
  const pid = client.pid!;
  await client.close();
  assert.equal(pidAlive(pid), false);
  const timeout = diagnose(client.trace.events).find((d) => d.rule === 'timeout');
  assert.ok(timeout, 'a timeout diagnostic');
  assert.match(timeout.message, /tools\/list/);
  // It ignored the end of stdin, so it was signalled.
  assert.ok(client.trace.events.some((e) => e.dir === 'stderr' && e.raw === 'stdin closed, still hanging'));
  assert.equal(client.trace.events.at(-1)!.info?.signal, 'SIGTERM');
});

test('a server that crashes mid-response: the call fails as closed, the half line is kept, crashed and partial-line name it', async () => {
  const client = new McpClient(hostile('crash-mid-response.mjs'));
  await client.connect();
  await assert.rejects(client.callTool('echo', { text: 'x' }), (err: unknown) => err instanceof ConnectionClosedError && /exited \(code 1\)/.test((err as Error).message));
  const partial = await waitForEvent(client.trace, (e) => e.kind === 'partial', 'the partial line');
  const call = client.trace.events.find((e) => e.dir === 'c2s' && (e.msg as { method?: string }).method === 'tools/call')!;
  const full = JSON.stringify({ jsonrpc: '2.0', id: (call.msg as { id: number }).id, result: { content: [{ type: 'text', text: 'half of this answer is lost' }] } });
  assert.equal(partial.raw, full.slice(0, Math.floor(full.length / 2)), 'exactly the bytes written');
  const diagnostics = diagnose(client.trace.events);
  const crashed = diagnostics.find((d) => d.rule === 'crashed');
  assert.ok(crashed, 'crashed');
  assert.match(crashed.message, /tools\/call/);
  assert.ok(diagnostics.some((d) => d.rule === 'partial-line' && d.severity === 'error' && d.evidence.includes(partial.seq)));
  assert.ok(client.trace.events.some((e) => e.dir === 'stderr' && e.raw === 'fatal: out of memory while answering'));
  await client.close();
});

test('a crash loop: five starts in a row each fail with exited-early and the stderr reason, nothing left running', async () => {
  const pids: number[] = [];
  for (let i = 0; i < 5; i++) {
    const client = new McpClient(hostile('crash-loop.mjs'));
    await assert.rejects(client.connect());
    pids.push(client.pid!);
    await client.exited;
    const early = diagnose(client.trace.events).find((d) => d.rule === 'exited-early');
    assert.ok(early, `start ${i + 1}: exited-early`);
    assert.match(early.message, /code 3/);
    assert.match(early.message, /fatal: cannot read config/);
    await client.close();
  }
  assert.deepEqual(pids.filter(pidAlive), []);
});

test('a server that ignores SIGTERM and has grandchildren that ignore it too: close() leaves no process of its tree', { skip: process.platform !== 'linux' }, async () => {
  const marker = uniqueMarker();
  const client = new McpClient(hostile('sigterm-tree.mjs', { HOSTILE_MARKER: marker }), { transport: { graceMs: 300 } });
  await client.connect();
  const line = await waitForEvent(client.trace, (e) => e.dir === 'stderr' && e.raw.startsWith('grandchildren '), 'the grandchildren pids');
  const grandchildren = line.raw.split(' ').slice(1).map(Number);
  assert.equal(processesWithMarker('HOSTILE_MARKER', marker).length, 3);
  await client.close();
  await until(() => processesWithMarker('HOSTILE_MARKER', marker).length === 0, 'every process of the tree to be gone', 5000);
  assert.deepEqual([client.pid!, ...grandchildren].filter(pidAlive), []);
  assert.ok(client.trace.events.some((e) => e.dir === 'stderr' && e.raw === 'ignoring SIGTERM'), 'it was asked with SIGTERM first');
  assert.equal(client.trace.events.filter((e) => e.kind === 'exited').at(-1)!.info?.signal, 'SIGKILL');
});
