import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { SHIPPED_VERSIONS, hasSchema, validateMessage, warm } from '../../../src/core/schema/officialSchema';

const meta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

test('ships the official schemas of the versions we speak, byte-identical to the spec', () => {
  for (const v of ['2025-06-18', '2025-11-25', '2026-07-28']) assert.ok(SHIPPED_VERSIONS.includes(v), v);
  for (const v of SHIPPED_VERSIONS) {
    const shipped = readFileSync(new URL(`../../../src/core/schema/official/${v}.json`, import.meta.url), 'utf8');
    let spec: string | undefined;
    try {
      spec = readFileSync(`/work/shared/mcp-spec/schema/${v}/schema.json`, 'utf8');
    } catch {
      continue; // the shared spec checkout is a dev-machine convenience, not a requirement
    }
    assert.equal(shipped, spec, v);
  }
  assert.equal(hasSchema('1999-01-01'), false);
  // The list names the files read on first use: one left out would never be validated against.
  const files = readdirSync(new URL('../../../src/core/schema/official/', import.meta.url)).map((file) => file.replace(/\.json$/, ''));
  assert.deepEqual([...SHIPPED_VERSIONS].sort(), files.sort());
});

test('requests map to XRequest by method', () => {
  const ok = validateMessage({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x', arguments: {} } }, 'c2s', '2025-06-18');
  assert.deepEqual(ok, { valid: true, errors: [], definition: 'CallToolRequest', version: '2025-06-18' });
  const bad = validateMessage({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: {} }, 'c2s', '2025-06-18');
  assert.equal(bad.valid, false);
  assert.deepEqual(bad.errors[0], { path: '/params', message: "must have required property 'name'" });
});

test('modern requests need _meta protocolVersion and clientCapabilities', () => {
  const bad = validateMessage({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x' } }, 'c2s', '2026-07-28');
  assert.equal(bad.valid, false);
  assert.match(bad.errors[0].message, /_meta/);
  const ok = validateMessage({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x', _meta: meta } }, 'c2s', '2026-07-28');
  assert.equal(ok.valid, true);
});

test('a result is checked against the result type of the request it answers', () => {
  const r = validateMessage({ jsonrpc: '2.0', id: 1, result: { tools: [{ name: 'a' }] } }, 's2c', '2025-11-25', 'tools/list');
  assert.equal(r.definition, 'ListToolsResult');
  assert.deepEqual(r.errors[0], { path: '/result/tools/0', message: "must have required property 'inputSchema'" });
  const generic = validateMessage({ jsonrpc: '2.0', id: 1, result: { tools: [{ name: 'a' }] } }, 's2c', '2025-11-25');
  assert.equal(generic.valid, true);
  assert.equal(generic.definition, 'JSONRPCResultResponse');
  const modern = validateMessage({ jsonrpc: '2.0', id: 1, result: { content: [] } }, 's2c', '2026-07-28', 'tools/call');
  assert.equal(modern.definition, 'CallToolResultResponse');
  assert.ok(modern.errors.some((e) => /resultType/.test(e.message)));
});

test('errors and notifications; unknown methods fall back to the envelope', () => {
  assert.equal(validateMessage({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'x' } }, 's2c', '2024-11-05').definition, 'JSONRPCError');
  assert.equal(validateMessage({ jsonrpc: '2.0', id: 1, error: { code: 'x', message: 'x' } }, 's2c', '2025-11-25').valid, false);
  const p = validateMessage({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 'half' } }, 's2c', '2025-03-26');
  assert.deepEqual(p.errors, [{ path: '/params/progress', message: 'must be number' }]);
  const custom = validateMessage({ jsonrpc: '2.0', method: 'x/custom', params: { a: 1 } }, 's2c', '2025-11-25');
  assert.deepEqual([custom.valid, custom.definition], [true, 'JSONRPCNotification']);
});

test('an unknown version validates as true with no version', () => {
  assert.deepEqual(validateMessage({ jsonrpc: '2.0', id: 1, result: {} }, 's2c', '1999-01-01'), { valid: true, errors: [], definition: 'JSONRPCMessage' });
});

test('compiled once per definition: many validations stay cheap', () => {
  for (let i = 0; i < 20000; i++) {
    const r = validateMessage({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: i } }, 's2c', '2025-11-25');
    assert.equal(r.valid, true);
  }
});

test('tools/call and its result validate the same after warm() compiled them ahead, in every shipped version', async () => {
  const call = (params: unknown) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params });
  const answer = (result: unknown) => ({ jsonrpc: '2.0', id: 1, result });
  for (const v of SHIPPED_VERSIONS) {
    const params = v === '2026-07-28' ? { name: 'echo', arguments: {}, _meta: meta } : { name: 'echo', arguments: {} };
    const outcomes = () => [
      validateMessage(call(params), 'c2s', v),
      validateMessage(call({ arguments: {} }), 'c2s', v),
      validateMessage(answer({ content: [{ type: 'text', text: 'x' }], ...(v === '2026-07-28' ? { resultType: 'complete' } : {}) }), 's2c', v, 'tools/call', params),
      validateMessage(answer({ content: 'x' }), 's2c', v, 'tools/call', params),
    ];
    const before = outcomes();
    await warm(v);
    const after = outcomes();
    assert.deepEqual(after, before, v);
    assert.deepEqual(after.map((o) => o.valid), [true, false, true, false], v);
    assert.equal(after[2].definition, before[2].definition, v);
  }
});
