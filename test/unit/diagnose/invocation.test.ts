import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diagnose } from '../../../src/core/diagnose/engine';
import { TraceBuilder, only } from './traceBuilder';

const calc = {
  name: 'calc',
  inputSchema: { type: 'object', properties: { op: { type: 'string', enum: ['add', 'sub'] }, a: { type: 'number' } }, required: ['op', 'a'] },
  outputSchema: { type: 'object', properties: { value: { type: 'number' } }, required: ['value'] },
};

function withTools(): TraceBuilder {
  const t = new TraceBuilder();
  t.legacySession({ tools: {} });
  t.request(3, 'tools/list');
  t.result(3, { tools: [calc] });
  return t;
}

test('invalid-params: names the field and the permitted set from the message', () => {
  const t = withTools();
  const call = t.request(4, 'tools/call', { name: 'calc', arguments: { op: 'mul', a: 1 } });
  const res = t.error(4, -32602, 'Invalid arguments: field `op` must be one of: add, sub');
  const [d] = only(diagnose(t.events), 'invalid-params');
  assert.deepEqual(d.evidence, [call, res]);
  assert.equal(d.stage, 'invocation');
  assert.match(d.message, /tools\/call "calc" \(id 4\)/);
  assert.match(d.message, /field "op"/);
  assert.match(d.message, /permitted: add, sub/);
  assert.match(d.message, /inputSchema.*"op" must be equal to one of the allowed values \("add", "sub"\)/);
});

test('invalid-params: reads zod issues embedded in the message (SDK v1 style)', () => {
  const t = withTools();
  t.request(4, 'tools/call', { name: 'calc', arguments: { op: 'add', a: 'x' } });
  const issues = [{ code: 'invalid_type', expected: 'number', received: 'string', path: ['a'], message: 'Expected number, received string' }];
  t.error(4, -32602, `MCP error -32602: Invalid arguments for tool calc: ${JSON.stringify(issues)}`);
  const [d] = only(diagnose(t.events), 'invalid-params');
  assert.match(d.message, /field "a"/);
});

test('invalid-params: arguments that satisfy the advertised inputSchema point at the server', () => {
  const t = withTools();
  t.request(4, 'tools/call', { name: 'calc', arguments: { op: 'add', a: 1 } });
  t.error(4, -32602, 'Invalid params');
  assert.match(only(diagnose(t.events), 'invalid-params')[0].hint, /validation and its inputSchema disagree/);
});

test('invalid-params: an unknown tool lists the real ones', () => {
  const t = withTools();
  t.request(4, 'tools/call', { name: 'nope', arguments: {} });
  t.error(4, -32602, 'Unknown tool: nope');
  assert.match(only(diagnose(t.events), 'invalid-params')[0].hint, /no tool "nope".*calc/);
});

test('tool-error: isError is info and quotes the text', () => {
  const t = withTools();
  const call = t.request(4, 'tools/call', { name: 'calc', arguments: { op: 'add', a: 1 } });
  const res = t.result(4, { content: [{ type: 'text', text: 'division by zero' }], isError: true });
  const ds = diagnose(t.events);
  const [d] = only(ds, 'tool-error');
  assert.equal(d.severity, 'info');
  assert.deepEqual(d.evidence, [call, res]);
  assert.match(d.message, /"division by zero"/);
  assert.equal(only(ds, 'output-schema-mismatch').length, 0, 'an isError result need not match the outputSchema');
});

test('domain-error-as-protocol-error: -32603 and server-defined codes, not spec codes', () => {
  const t = withTools();
  const call = t.request(4, 'tools/call', { name: 'calc', arguments: { op: 'add', a: 1 } });
  const res = t.error(4, -32603, 'Upstream weather API returned 503');
  t.request(5, 'tools/call', { name: 'calc', arguments: { op: 'add', a: 1 } });
  t.error(5, -32050, 'Database locked');
  t.request(6, 'tools/call', { name: 'calc', arguments: { op: 'add', a: 1 } });
  t.error(6, -32021, 'Missing required client capability');
  t.request(7, 'tools/call', { name: 'calc', arguments: { op: 'add', a: 1 } });
  t.error(7, -32603, 'Method not found: tools/call');
  const ds = only(diagnose(t.events), 'domain-error-as-protocol-error');
  assert.equal(ds.length, 2);
  assert.deepEqual(ds[0].evidence, [call, res]);
  assert.match(ds[0].message, /-32603 "Upstream weather API returned 503"/);
  assert.match(ds[1].message, /-32050/);
  assert.match(ds[0].hint, /isError: true/);
});

test('output-schema-mismatch: structuredContent checked against the outputSchema from tools/list', () => {
  const t = withTools();
  const list = t.events.find((e) => e.dir === 's2c' && JSON.stringify(e.msg).includes('"tools":['))!.seq;
  t.request(4, 'tools/call', { name: 'calc', arguments: { op: 'add', a: 1 } });
  const res = t.result(4, { content: [{ type: 'text', text: '3' }], structuredContent: { value: '3' } });
  t.request(5, 'tools/call', { name: 'calc', arguments: { op: 'add', a: 1 } });
  const res2 = t.result(5, { content: [{ type: 'text', text: '3' }] });
  t.request(6, 'tools/call', { name: 'calc', arguments: { op: 'add', a: 1 } });
  t.result(6, { content: [{ type: 'text', text: '3' }], structuredContent: { value: 3 } });
  const ds = only(diagnose(t.events), 'output-schema-mismatch');
  assert.equal(ds.length, 2);
  assert.deepEqual(ds[0].evidence, [list, res]);
  assert.equal(ds[0].severity, 'error');
  assert.match(ds[0].message, /"value" must be number/);
  assert.deepEqual(ds[1].evidence, [list, res2]);
  assert.match(ds[1].message, /no structuredContent/);
});
