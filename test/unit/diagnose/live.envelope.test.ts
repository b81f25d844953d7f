import assert from 'node:assert/strict';
import { test } from 'node:test';
import { find, runFault, seqOf, waitForEvent } from './liveFault';

test('live unknown-response-id: a response for id 4242', async () => {
  const run = await runFault('unknown-response-id.mjs', async (c) => {
    await c.connect();
    await c.listAll('tools/list');
    await waitForEvent(c, (e) => e.raw.includes('4242'));
  });
  const d = find(run.offline, 'unknown-response-id');
  assert.deepEqual(d.evidence, [seqOf(run.events, (e) => e.raw.includes('4242'))]);
  assert.match(d.message, /id 4242/);
});

test('live duplicate-response: tools/list answered twice', async () => {
  const run = await runFault('duplicate-response.mjs', async (c) => {
    await c.connect();
    await c.listAll('tools/list');
    const isList = (x: { dir: string; raw: string }) => x.dir === 's2c' && x.raw.includes('"result":{"tools"');
    await waitForEvent(c, () => c.trace.events.filter(isList).length >= 2);
  });
  assert.deepEqual(run.live, run.offline);
  const d = find(run.offline, 'duplicate-response');
  const answers = run.events.filter((e) => e.dir === 's2c' && e.raw.includes('"result":{"tools"')).map((e) => e.seq);
  assert.deepEqual(d.evidence, answers);
});

test('live null-id: an error with id null among real answers', async () => {
  const run = await runFault('null-id.mjs', async (c) => {
    await c.connect();
    await c.listAll('tools/list');
  });
  const d = find(run.offline, 'null-id');
  assert.deepEqual(d.evidence, [seqOf(run.events, (e) => e.raw.includes('"id":null'))]);
  assert.match(d.message, /-32603 "cache warm-up failed"/);
});

test('live result-and-error: both members in a tools/call response', async () => {
  const run = await runFault('result-and-error.mjs', async (c) => {
    await c.connect();
    await c.callTool('echo', { text: 'x' }).catch(() => undefined);
  });
  const d = find(run.offline, 'result-and-error');
  assert.match(d.message, /tools\/call/);
});

test('live reply-to-notification: notifications/initialized answered', async () => {
  const run = await runFault('reply-to-notification.mjs', async (c) => {
    await c.connect();
    await waitForEvent(c, (e) => e.raw.includes('"id":null'));
  });
  assert.deepEqual(run.live, run.offline);
  const d = find(run.offline, 'reply-to-notification');
  const note = seqOf(run.events, (e) => e.dir === 'c2s' && e.raw.includes('notifications/initialized'));
  assert.deepEqual(d.evidence, [note, seqOf(run.events, (e) => e.raw.includes('"id":null'))]);
  assert.equal(run.offline.filter((x) => x.rule === 'null-id').length, 0);
});

test('live schema-violation: a tool without inputSchema and an unknown content type', async () => {
  const run = await runFault('schema-violation.mjs', async (c) => {
    await c.connect();
    await c.listAll('tools/list');
    await c.callTool('shout', {});
  });
  assert.deepEqual(run.live, run.offline);
  const ds = run.offline.filter((x) => x.rule === 'schema-violation');
  assert.equal(ds.length, 2);
  assert.match(ds[0].message, /ListToolsResult of the 2025-11-25 schema: \/result\/tools\/0 must have required property 'inputSchema'/);
  assert.match(ds[1].message, /CallToolResult of the 2025-11-25 schema: \/result\/content\/0/);
});
