import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diagnose } from '../../../src/core/diagnose/engine';
import { TraceBuilder, only } from './traceBuilder';

test('stray-stdout: a banner line is a framing error citing that line (stdio: MUST NOT write anything else)', () => {
  const t = new TraceBuilder();
  t.legacySession();
  const banner = t.s2c('Weather MCP server running on stdio');
  const [d, ...rest] = only(diagnose(t.events), 'stray-stdout');
  assert.equal(rest.length, 0);
  assert.equal(d.stage, 'framing');
  assert.equal(d.severity, 'error');
  assert.deepEqual(d.evidence, [banner]);
  assert.match(d.message, /"Weather MCP server running on stdio"/);
  assert.match(d.hint, /console\.error/);
  assert.match(d.hint, /file=sys\.stderr/);
  assert.equal(d.retry, false);
});

test('stray-stdout: broken JSON that starts like a message is an error (a message was lost)', () => {
  const t = new TraceBuilder();
  t.s2c('{"jsonrpc":"2.0","id":1,"result":{"value":NaN}}');
  const [d] = only(diagnose(t.events), 'stray-stdout');
  assert.equal(d.severity, 'error');
  assert.match(d.message, /broken JSON/);
});

test('glued-output: names the glued text and the recovered message', () => {
  const t = new TraceBuilder();
  t.meta('spawned', { command: 'node', args: [] });
  t.request(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } });
  const seq = t.s2c({ jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } } }, { glued: 'ready ' });
  const ds = diagnose(t.events);
  const [d] = only(ds, 'glued-output');
  assert.equal(d.stage, 'framing');
  assert.equal(d.severity, 'error');
  assert.deepEqual(d.evidence, [seq]);
  assert.match(d.message, /"ready "/);
  assert.match(d.message, /response \(id 1\)/);
  assert.match(d.message, /recovered/);
  // the recovered message still counts: no exited-early/no-response, and it is not stray.
  assert.equal(only(ds, 'stray-stdout').length, 0);
});

test('multiline-json: a pretty-printed message counts its lines', () => {
  const t = new TraceBuilder();
  const msg = { jsonrpc: '2.0', id: 1, result: {} };
  const seq = t.add({ dir: 's2c', raw: JSON.stringify(msg, null, 2), kind: 'response', msg: msg as never, multiline: true });
  const [d] = only(diagnose(t.events), 'multiline-json');
  assert.deepEqual(d.evidence, [seq]);
  assert.equal(d.severity, 'error');
  assert.match(d.message, /5 stdout lines/);
  assert.match(d.hint, /JSON\.stringify\(msg\)/);
});

test('not-jsonrpc: says which field is wrong; any JSON that is not a message is an error, the hint tells attempts from noise', () => {
  const t = new TraceBuilder();
  const a = t.s2c({ id: 1, result: {} });
  const b = t.s2c({ status: 'ok' });
  const c = t.s2c([1, 2]);
  const ds = only(diagnose(t.events), 'not-jsonrpc');
  assert.deepEqual(ds.map((d) => d.evidence[0]), [a, b, c]);
  assert.match(ds[0].message, /"jsonrpc" is missing/);
  assert.deepEqual(ds.map((d) => d.severity), ['error', 'error', 'error']);
  assert.match(ds[0].hint, /"jsonrpc": "2.0"/);
  assert.match(ds[1].hint, /write status JSON and logs to stderr/);
  assert.match(ds[2].message, /array/);
});

test('partial-line: the bytes left without a newline at the end', () => {
  const t = new TraceBuilder();
  const seq = t.add({ dir: 's2c', raw: '{"jsonrpc":"2.0","method":"notifications/message"', kind: 'partial' });
  const [d] = only(diagnose(t.events), 'partial-line');
  assert.deepEqual(d.evidence, [seq]);
  assert.equal(d.severity, 'error');
  assert.match(d.hint, /flush/);
  const u = new TraceBuilder();
  u.add({ dir: 's2c', raw: 'bye', kind: 'partial' });
  // Text without a newline is not a valid MCP message either.
  assert.equal(only(diagnose(u.events), 'partial-line')[0].severity, 'error');
});

test('invalid-utf8: flags the line', () => {
  const t = new TraceBuilder();
  const seq = t.s2c({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'caf\ufffd' } }, { invalidUtf8: true, bytes: 'AA==' });
  const [d] = only(diagnose(t.events), 'invalid-utf8');
  assert.deepEqual(d.evidence, [seq]);
  assert.equal(d.stage, 'framing');
  assert.match(d.hint, /UTF-8/);
});

test('framing rules judge the server only: client lines are not flagged', () => {
  const t = new TraceBuilder();
  t.c2s('hello');
  assert.deepEqual(diagnose(t.events), []);
});

test('a flood of one fault is capped', () => {
  const t = new TraceBuilder();
  for (let i = 0; i < 500; i++) t.s2c(`log line ${i}`);
  // 50 and one "…and 450 more like this" (cap.test.ts has the details).
  assert.equal(only(diagnose(t.events), 'stray-stdout').length, 51);
});

test('stray-stdout and glued-output cite the preload\'s record of the write and name its source line', () => {
  const t = new TraceBuilder();
  const src = t.meta('stray-source', {
    text: 'Server running',
    stack: [{ file: '/app/node_modules/logger/index.js', line: 3, column: 1, library: true }, { file: '/app/src/index.ts', line: 12, column: 3 }],
  });
  const line = t.s2c('Server running');
  const glueSrc = t.meta('stray-source', { text: 'ready ', stack: [{ file: '/app/src/main.ts', line: 40, column: 9 }] });
  const glued = t.s2c({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' }, { glued: 'ready ' });
  const ds = diagnose(t.events);
  const [stray] = only(ds, 'stray-stdout');
  assert.deepEqual(stray.evidence, [line, src]);
  assert.match(stray.message, /written at \/app\/src\/index\.ts:12/);
  const [g] = only(ds, 'glued-output');
  assert.deepEqual(g.evidence, [glued, glueSrc]);
  assert.match(g.message, /\/app\/src\/main\.ts:40/);
});

test('glued-output: one finding per line, on its last piece, citing every piece and the writer of the text', () => {
  const t = new TraceBuilder();
  const src = t.meta('stray-source', { text: ' done', stack: [{ file: '/app/src/log.ts', line: 7, column: 3 }] });
  t.request(1, 'tools/list');
  t.request(2, 'prompts/list');
  const a = t.s2c({ jsonrpc: '2.0', id: 1, result: { tools: [] } }, { glued: 'go ', piece: { index: 0, count: 3 } });
  const b = t.s2c({ jsonrpc: '2.0', id: 2, result: { prompts: [] } }, { glued: '', piece: { index: 1, count: 3 } });
  const tail = t.add({ dir: 's2c', raw: ' done', kind: 'stray', piece: { index: 2, count: 3 } });
  const ds = diagnose(t.events);
  const [d, ...rest] = only(ds, 'glued-output');
  assert.equal(rest.length, 0);
  assert.deepEqual(d.evidence, [a, b, tail, src]);
  assert.equal(
    d.message,
    'One stdout line held 2 messages and text that is not a message. MCP Lens recovered response (id 1), response (id 2); not a message, kept as text: "go ", " done" (written at /app/src/log.ts:7). A client that reads one message per line loses them.',
  );
  // The tail is part of this finding, not a stray line of its own.
  assert.equal(only(ds, 'stray-stdout').length, 0);
});
