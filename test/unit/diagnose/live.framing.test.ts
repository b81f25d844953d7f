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

test('live glued-output: an answer and a notification on one line; both are recovered and the call resolves', async () => {
  let text: unknown;
  const run = await runFault('glued-two-messages.mjs', async (c) => {
    await c.connect();
    const result = await c.callTool('echo', { text: 'hi' });
    text = (result.content as { text: string }[])[0]!.text;
  });
  assert.equal(text, 'hi');
  assert.equal(run.events.filter((e) => e.kind === 'timeout').length, 0);
  assert.deepEqual(run.live, run.offline);
  const pieces = run.events.filter((e) => e.piece);
  assert.deepEqual(pieces.map((e) => [e.kind, e.piece!.index, e.piece!.count, e.glued]), [
    ['response', 0, 2, ''],
    ['notification', 1, 2, ''],
  ]);
  const d = find(run.offline, 'glued-output');
  assert.equal(d.severity, 'error');
  assert.deepEqual(d.evidence, pieces.map((e) => e.seq));
  assert.match(d.message, /One stdout line held 2 messages with no newline between them/);
  assert.match(d.message, /recovered response \(id \d+\), notification notifications\/message/);
  assert.doesNotMatch(d.message, /kept as text/);
  assert.equal(run.offline.filter((x) => x.rule === 'stray-stdout').length, 0);
});

test('live glued-output: an answer followed by text; the answer resolves the call, the text is named as not recovered', async () => {
  let text: unknown;
  const run = await runFault('trailing-text.mjs', async (c) => {
    await c.connect();
    const result = await c.callTool('echo', { text: 'hi' });
    text = (result.content as { text: string }[])[0]!.text;
  });
  assert.equal(text, 'hi');
  assert.deepEqual(run.live, run.offline);
  const [answer, tail] = run.events.filter((e) => e.piece);
  assert.equal(answer!.kind, 'response');
  assert.deepEqual([tail!.kind, tail!.raw], ['stray', ' (sent)']);
  assert.equal((answer!.glued ?? '') + answer!.raw + tail!.raw, `${answer!.raw} (sent)`);
  const d = find(run.offline, 'glued-output');
  assert.deepEqual(d.evidence, [answer!.seq, tail!.seq]);
  assert.match(d.message, /1 message and text that is not a message/);
  assert.match(d.message, /not a message, kept as text: " \(sent\)"/);
  // The tail is glued-output's finding, not a second stray-stdout one.
  assert.equal(run.offline.filter((x) => x.rule === 'stray-stdout').length, 0);
});
