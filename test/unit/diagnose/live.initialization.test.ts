import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { diagnose } from '../../../src/core/diagnose/engine';
import { Trace } from '../../../src/core/trace/trace';
import { StdioTransport } from '../../../src/core/transport/stdio';
import { FAULTS, find, rejection, runFault, seqOf, waitForEvent } from './liveFault';

const init = (id: number) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });

/** Drives a fixture with raw lines (a host that gets the lifecycle wrong), waiting for each answer. */
async function raw(fixture: string, lines: { line: string; answerId?: number }[]) {
  const trace = new Trace();
  const transport = new StdioTransport({ command: process.execPath, args: [path.join(FAULTS, fixture)] }, trace);
  await transport.start();
  try {
    for (const { line, answerId } of lines) {
      await transport.send(line);
      if (answerId === undefined) continue;
      await new Promise<void>((resolve) => {
        const has = () => trace.events.some((e) => e.dir === 's2c' && e.msg && 'id' in e.msg && e.msg.id === answerId);
        if (has()) return resolve();
        const sub = trace.onEvent(() => has() && (sub.dispose(), resolve()));
      });
    }
  } finally {
    await transport.close();
  }
  return trace.events;
}

test('live request-before-initialize: a host sends tools/list first and the server answers it', async () => {
  const events = await raw('no-lifecycle-check.mjs', [{ line: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), answerId: 1 }]);
  const d = find(diagnose(events), 'request-before-initialize');
  assert.deepEqual(d.evidence, [seqOf(events, (e) => e.dir === 'c2s')]);
  assert.match(d.message, /tools\/list \(id 1\)/);
});

test('live missing-initialized: tools/list right after the initialize result', async () => {
  const events = await raw('no-lifecycle-check.mjs', [
    { line: init(1), answerId: 1 },
    { line: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }), answerId: 2 },
  ]);
  const d = find(diagnose(events), 'missing-initialized');
  const result = seqOf(events, (e) => e.dir === 's2c' && e.msg !== undefined && 'id' in e.msg && e.msg.id === 1);
  const list = seqOf(events, (e) => e.dir === 'c2s' && e.raw.includes('tools/list'));
  assert.deepEqual(d.evidence, [result, list]);
});

test('live request-before-initialize: the server asks for sampling before notifications/initialized', async () => {
  const run = await runFault('request-before-initialized.mjs', async (c) => {
    await c.connect();
    await waitForEvent(c, (e) => e.dir === 'c2s' && e.raw.includes('"srv-1"'));
  });
  assert.deepEqual(run.live, run.offline);
  const d = find(run.offline, 'request-before-initialize');
  assert.equal(d.evidence[1], seqOf(run.events, (e) => e.dir === 's2c' && e.raw.includes('sampling/createMessage')));
  assert.match(d.message, /sampling\/createMessage/);
});

test('live version-mismatch: initialize answered with "1999-01-01"', async () => {
  const run = await runFault('wrong-version.mjs', (c) => c.connect());
  assert.deepEqual(run.live, run.offline);
  const d = find(run.offline, 'version-mismatch');
  assert.match(d.message, /"1999-01-01".*offered "2025-11-25"/);
  assert.equal(d.evidence[1], seqOf(run.events, (e) => e.dir === 's2c' && e.raw.includes('1999-01-01')));
  assert.equal(d.severity, 'error');
});

test('live unsupported-version: -32022 with data.supported and no common version', async () => {
  const run = await runFault('unsupported-version.mjs', async (c) => rejection(c.connect()));
  assert.deepEqual(run.live, run.offline);
  const d = find(run.offline, 'unsupported-version');
  assert.match(d.message, /server\/discover \(id \d+\) was rejected with -32022/);
  assert.match(d.message, /supports 2099-01-01/);
  assert.equal(d.severity, 'error');
  assert.equal(d.evidence.length, 2);
});

test('live missing-meta: a modern server that looks for the version outside _meta', async () => {
  const run = await runFault('meta-in-wrong-place.mjs', async (c) => {
    const info = await c.connect();
    assert.equal(info.era, 'modern');
    await rejection(c.listAll('tools/list'));
  });
  assert.deepEqual(run.live, run.offline);
  const d = find(run.offline, 'missing-meta');
  assert.match(d.message, /tools\/list \(id \d+\)/);
  assert.match(d.message, /although the request carried _meta protocolVersion "2026-07-28"/);
  assert.equal(run.offline.filter((x) => x.rule === 'invalid-params').length, 0);
});

test('live no-discover: claims 2026-07-28 in initialize, answers server/discover -32601', async () => {
  const run = await runFault('claims-modern-no-discover.mjs', (c) => c.connect());
  assert.deepEqual(run.live, run.offline);
  const d = find(run.offline, 'no-discover');
  assert.match(d.message, /"2026-07-28".*error -32601/);
  const discover = seqOf(run.events, (e) => e.dir === 'c2s' && e.raw.includes('server/discover'));
  assert.equal(d.evidence[1], discover);
});
