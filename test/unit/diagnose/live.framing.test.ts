import assert from 'node:assert/strict';
import { test } from 'node:test';
import { find, runFault, seqOf } from './liveFault';

// A correct session over a framing fault: the client still connects and lists the tools.
async function connectAndList(c: import('../../../src/core/session/client').McpClient) {
  await c.connect();
  const tools = await c.listAll('tools/list');
  assert.deepEqual(tools.map((t) => t.name), ['echo']);
}

test('live stray-stdout: the console.log banner is flagged and the session still works', async () => {
  const run = await runFault('banner-stdout.mjs', connectAndList);
  assert.deepEqual(run.live, run.offline);
  const d = find(run.offline, 'stray-stdout');
  assert.deepEqual(d.evidence, [seqOf(run.events, (e) => e.kind === 'stray')]);
  assert.match(d.message, /Weather MCP server v1\.2 running on stdio/);
  assert.equal(d.stage, 'framing');
  assert.equal(d.severity, 'error');
  assert.deepEqual(run.offline.filter((x) => x.severity === 'error').map((x) => x.rule), ['stray-stdout']);
});

test('live glued-output: "ready " before the first response; the message is recovered', async () => {
  const run = await runFault('glued-ready.mjs', connectAndList);
  assert.deepEqual(run.live, run.offline);
  const d = find(run.offline, 'glued-output');
  const glued = run.events.find((e) => e.glued !== undefined)!;
  assert.deepEqual(d.evidence, [glued.seq]);
  assert.ok(glued.msg, 'the glued message was recovered');
  assert.match(d.message, /"ready "/);
  assert.equal(d.severity, 'error');
});

test('live multiline-json: pretty-printed messages', async () => {
  const run = await runFault('pretty-printed.mjs', connectAndList);
  assert.deepEqual(run.live, run.offline);
  const ds = run.offline.filter((x) => x.rule === 'multiline-json');
  assert.ok(ds.length >= 2);
  assert.ok(ds.every((d) => run.events[d.evidence[0] - 1].multiline));
  assert.match(ds[0].message, /over \d+ stdout lines/);
});

test('live not-jsonrpc: a status object on stdout', async () => {
  const run = await runFault('not-jsonrpc.mjs', connectAndList);
  const d = find(run.offline, 'not-jsonrpc');
  assert.deepEqual(d.evidence, [seqOf(run.events, (e) => e.kind === 'not-jsonrpc')]);
  assert.match(d.message, /"jsonrpc" is missing/);
  assert.match(d.message, /"status":"ready"/);
  assert.equal(d.severity, 'error');
});

test('live partial-line: a goodbye without a newline at shutdown', async () => {
  const run = await runFault('partial-line.mjs', connectAndList);
  assert.deepEqual(run.live, run.offline);
  const d = find(run.offline, 'partial-line');
  assert.deepEqual(d.evidence, [seqOf(run.events, (e) => e.kind === 'partial')]);
  assert.match(d.message, /"shutting down"/);
});

test('live invalid-utf8: a Latin-1 byte in a tool result', async () => {
  const run = await runFault('invalid-utf8.mjs', async (c) => {
    await c.connect();
    await c.callTool('echo', { text: 'x' });
  });
  const d = find(run.offline, 'invalid-utf8');
  const bad = run.events.find((e) => e.invalidUtf8)!;
  assert.deepEqual(d.evidence, [bad.seq]);
  assert.match(d.message, /caf\ufffd/);
});
