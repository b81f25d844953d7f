import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ProtocolError } from '../../../src/core/session/client';
import { find, rejection, runFault, seqOf } from './liveFault';

test('live undeclared-capability: capabilities {} then resources/read -32601 cites the initialize result', async () => {
  const run = await runFault('empty-capabilities-resources-read.mjs', async (c) => {
    await c.connect();
    await c.listAll('resources/list');
    const err = await rejection(c.request('resources/read', { uri: 'file:///notes.txt' }));
    assert.ok(err instanceof ProtocolError);
    assert.equal(err.code, -32601);
  });
  assert.deepEqual(run.live, run.offline);
  const d = find(run.offline, 'undeclared-capability');
  const initResult = seqOf(run.events, (e) => e.dir === 's2c' && e.raw.includes('"protocolVersion"'));
  const notFound = seqOf(run.events, (e) => e.dir === 's2c' && e.seq > initResult && e.raw.includes('-32601'));
  assert.deepEqual(d.evidence, [initResult, notFound]);
  assert.equal(d.stage, 'negotiation');
  assert.match(d.message, /resources\/read "file:\/\/\/notes.txt"/);
  assert.match(d.message, /declares no "resources" capability/);
  // It also listed the resource it cannot read: the capability was never declared.
  assert.match(find(run.offline, 'capability-not-declared').message, /resources\/list returned 1 resource \(notes\.txt\)/);
});

test('live capability-not-declared: tools listed without the tools capability', async () => {
  const run = await runFault('tools-without-capability.mjs', async (c) => {
    await c.connect();
    assert.equal(c.info?.capabilities.tools, undefined);
    await c.listAll('tools/list');
  });
  assert.deepEqual(run.live, run.offline);
  const d = find(run.offline, 'capability-not-declared');
  const initResult = seqOf(run.events, (e) => e.dir === 's2c' && e.raw.includes('"protocolVersion"'));
  assert.equal(d.evidence[0], initResult);
  assert.match(d.message, /tools\/list returned 1 tool \(echo\)/);
  assert.equal(d.severity, 'error');
});
