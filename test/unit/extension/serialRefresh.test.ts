// Listings of one list run one at a time, and the newest one is what is shown: a
// list_changed refresh during the first listing (real child process, paginated) must not
// be overwritten by the older listing finishing later.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { diagnose } from '../../../src/core/diagnose/engine';
import { McpClient } from '../../../src/core/session/client';
import { SerialRefresh } from '../../../src/extension/serialRefresh';
import { fixture, waitForEvent } from '../transport/helpers';

function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

test('runs of one key never overlap; asks while one waits fold into it; other keys run alongside', async () => {
  const refresh = new SerialRefresh<string>();
  const log: string[] = [];
  const first = gate();
  const a1 = refresh.run('tools', async () => {
    log.push('tools 1 start');
    await first.promise;
    log.push('tools 1 end');
  });
  const a2 = refresh.run('tools', async () => void log.push('tools 2'));
  const a3 = refresh.run('tools', async () => void log.push('tools 3'));
  const p1 = refresh.run('prompts', async () => void log.push('prompts 1'));
  await p1;
  assert.deepEqual(log, ['tools 1 start', 'prompts 1']);
  first.open();
  await Promise.all([a1, a2, a3]);
  assert.deepEqual(log, ['tools 1 start', 'prompts 1', 'tools 1 end', 'tools 2']);
  assert.equal(a2, a3);
});

test('a failed run does not stop the next one', async () => {
  const refresh = new SerialRefresh<string>();
  const failed = refresh.run('tools', async () => {
    throw new Error('boom');
  });
  const next = refresh.run('tools', async () => undefined);
  await assert.rejects(failed, /boom/);
  await next;
});

test('overlapping listings of a paginated server: the refresh started by list_changed is the one that lands', { timeout: 30_000 }, async (t) => {
  const client = new McpClient(fixture('lifecycle/overlapping-listings.mjs'), { probeTimeoutMs: 500, probeMaxWaitMs: 500 });
  t.after(() => client.close());
  await client.connect();
  const refresh = new SerialRefresh<'tools'>();
  let shown: string[] = [];
  const list = () => refresh.run('tools', async () => void (shown = (await client.listAll('tools/list')).map((tool) => String(tool.name))));
  let refreshed: Promise<void> | undefined;
  client.onNotification((e) => {
    if ((e.msg as { method?: string }).method === 'notifications/tools/list_changed') refreshed = list();
  });
  await list();
  await waitForEvent(client.trace, (e) => e.kind === 'notification', 'list_changed');
  await refreshed;
  assert.deepEqual(shown, ['alpha_v2', 'beta_v2', 'gamma_v2']);
  assert.deepEqual(diagnose(client.trace.events).filter((d) => d.rule === 'pagination-loop'), []);
});

test('two listings that really overlap on the wire are two cursor chains: no pagination-loop', { timeout: 30_000 }, async (t) => {
  const client = new McpClient(fixture('lifecycle/overlapping-listings.mjs'), { probeTimeoutMs: 500, probeMaxWaitMs: 500 });
  t.after(() => client.close());
  await client.connect();
  const [older, newer] = await Promise.all([client.listAll('tools/list'), client.listAll('tools/list')]);
  assert.equal(older.length, 3);
  assert.equal(newer.length, 3);
  assert.deepEqual(diagnose(client.trace.events).filter((d) => d.rule === 'pagination-loop'), []);
});
