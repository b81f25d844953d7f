// The validators precompiled at build time (scripts/precompileSchemas.ts) against the same
// definitions compiled by ajv at run time: the same verdict and the same errors (path, keyword,
// params, message — what the schema-violation rule reports) on valid and invalid messages,
// for every shipped version and every precompiled definition.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PRECOMPILED_GROUPS, SHIPPED_VERSIONS, ajvFor, precompiledGroupOf, precompiledTargets } from '../../../src/core/schema/officialSchema';
import { requirePrecompiled } from '../../../src/core/schema/precompiledLoad';

const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

/** Bodies (params or result) that some definition accepts and most reject, in many shapes. */
const BODIES: unknown[] = [
  {},
  { _meta: meta },
  { _meta: { progressToken: 1 } },
  { name: 'echo', arguments: { text: 'hi' }, _meta: meta },
  { name: 7 },
  { tools: [{ name: 'a', inputSchema: { type: 'object' } }] },
  { tools: [{ name: 'a' }] },
  { tools: [{ name: 'a', inputSchema: { type: 'string' } }], nextCursor: 3 },
  { content: [{ type: 'text', text: 'hi' }] },
  { content: [{ type: 'text', text: 'hi' }], isError: 'no' },
  { content: [{ type: 'image', data: 'aGk=', mimeType: 'image/png' }], structuredContent: { a: 1 } },
  { content: [{ type: 'resource_link', uri: 'not a uri', name: 'r' }] },
  { content: [{ type: 'resource', resource: { uri: 'file:///x', text: 't' } }] },
  { content: [{ type: 'audio' }] },
  { resources: [{ uri: 'file:///a', name: 'a' }, { uri: 'relative', name: 'b' }] },
  { resourceTemplates: [{ uriTemplate: 'file:///{path}', name: 't' }] },
  { contents: [{ uri: 'file:///a', blob: 'aGk=' }] },
  { prompts: [{ name: 'p', arguments: [{ name: 'x', required: 'yes' }] }] },
  { messages: [{ role: 'user', content: { type: 'text', text: 'q' } }] },
  { messages: [{ role: 'robot', content: { type: 'text', text: 'q' } }], maxTokens: 10 },
  { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
  { protocolVersion: '2025-06-18', capabilities: { tools: { listChanged: true } }, serverInfo: { name: 's', version: '1' } },
  { protocolVersion: 20250618, capabilities: [], serverInfo: { name: 's' } },
  { supportedVersions: ['2026-07-28'], capabilities: {}, serverInfo: { name: 's', version: '1' } },
  { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: { tools: {} }, ttlMs: 1000, cacheScope: 'private' },
  { resultType: 'complete', tools: [{ name: 'a', inputSchema: { type: 'object' } }], ttlMs: 0, cacheScope: 'public' },
  { level: 'info', data: 'x' },
  { level: 'loud', data: 'x' },
  { progressToken: 't', progress: 1, total: 2 },
  { progressToken: null, progress: '1' },
  { requestId: 1, reason: 'r' },
  { uri: 'file:///a' },
  { ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: 'v' } },
  { completion: { values: ['a'], total: 1, hasMore: false } },
  { roots: [{ uri: 'file:///w', name: 'w' }] },
  { roots: [{ uri: 'http://w' }] },
  { action: 'accept', content: { a: 1 } },
  { mode: 'form', message: 'm', requestedSchema: { type: 'object', properties: {} } },
  { task: { ttl: 1000 } },
  { task: { taskId: 't', status: 'working', createdAt: 'now', ttl: null } },
  { cursor: 5 },
  { cursor: 'c' },
  { role: 'assistant', content: { type: 'text', text: 'a' }, model: 'm' },
  [],
  'x',
  null,
];

/** Messages of every envelope around each body, plus broken envelopes. */
function messages(method: string | undefined): unknown[] {
  const out: unknown[] = [];
  for (const body of BODIES) {
    if (method !== undefined) {
      out.push({ jsonrpc: '2.0', id: 1, method, params: body }, { jsonrpc: '2.0', method, params: body });
    }
    out.push({ jsonrpc: '2.0', id: 'a', result: body });
  }
  out.push(
    { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } },
    { jsonrpc: '2.0', id: 'a', error: { code: -32602, message: 'Invalid params', data: { at: 'x' } } },
    { jsonrpc: '2.0', id: 1, error: { code: 'x', message: 1 } },
    { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse' } },
    { jsonrpc: '1.0', id: 1, method, params: {} },
    { jsonrpc: '2.0', id: 1.5, method },
    { jsonrpc: '2.0', id: {}, result: {} },
    { jsonrpc: '2.0', id: 1, method, params: { _meta: meta }, extra: true },
    { id: 1, result: {} },
    {},
  );
  return out;
}

for (const version of SHIPPED_VERSIONS) {
  for (const group of PRECOMPILED_GROUPS) {
    test(`precompiled validators of ${version} (${group}) judge as ajv compiling at run time`, () => {
      const ajv = ajvFor(version);
      const built = requirePrecompiled(version, group);
      assert.ok(built, `no precompiled validators for ${version} (run npm run build)`);
      const targets = [...precompiledTargets(version)].filter(([key]) => group === 'all' || precompiledGroupOf(key) === group);
      assert.deepEqual(Object.keys(built.validators).sort(), targets.map(([key]) => key).sort());
      // Each key names the definition run-time targeting picks (a Start names its messages from these).
      assert.deepEqual(built.definitions, Object.fromEntries(targets.map(([key, target]) => [key, target.definition])));
      let valid = 0;
      let invalid = 0;
      for (const [key, target] of targets) {
        const runtime = ajv.compile(target.schema);
        const method = key.startsWith('q:') || key.startsWith('n:') ? key.slice(2) : undefined;
        for (const msg of messages(method)) {
          const expected = runtime(msg);
          assert.equal(built.validators[key](msg), expected, `${key}: ${JSON.stringify(msg)}`);
          assert.deepEqual(built.validators[key].errors ?? null, runtime.errors ?? null, `${key}: ${JSON.stringify(msg)}`);
          if (expected) valid++;
          else invalid++;
        }
      }
      // Both verdicts were exercised, not only one.
      assert.ok(valid > targets.length && invalid > targets.length, `${valid} valid, ${invalid} invalid`);
    });
  }
}
