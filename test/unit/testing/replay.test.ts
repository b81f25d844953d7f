import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { McpClient } from '../../../src/core/session/client';
import { recordedRequests, replayRequests } from '../../../src/core/testing/replay';
import type { TraceEvent } from '../../../src/core/trace/event';
import { TRANSPORTS } from '../transport/transports';

const WEATHER = fileURLToPath(new URL('../../fixtures/servers/testing/weather.mjs', import.meta.url));

let seq = 0;
const c2s = (msg: object): TraceEvent => ({ seq: ++seq, t: seq, dir: 'c2s', raw: JSON.stringify(msg), msg: msg as never, kind: 'request' });
const s2c = (msg: object): TraceEvent => ({ seq: ++seq, t: seq, dir: 's2c', raw: JSON.stringify(msg), msg: msg as never, kind: 'response' });

test('recorded requests: the handshake is left to the replaying client, answers are paired by id (not order), unanswered ones are counted', () => {
  const events = [
    c2s({ jsonrpc: '2.0', id: 0, method: 'initialize', params: {} }),
    s2c({ jsonrpc: '2.0', id: 0, result: { protocolVersion: '2025-06-18', capabilities: {} } }),
    c2s({ jsonrpc: '2.0', id: 'a', method: 'tools/list', params: { _meta: { progressToken: 1 } } }),
    c2s({ jsonrpc: '2.0', id: 'b', method: 'tools/call', params: { name: 'x', arguments: {} } }),
    s2c({ jsonrpc: '2.0', id: 'b', error: { code: -32602, message: 'no' } }),
    s2c({ jsonrpc: '2.0', id: 'a', result: { tools: [] } }),
    c2s({ jsonrpc: '2.0', id: 'c', method: 'ping' }),
  ];
  const { requests, unanswered } = recordedRequests(events);
  assert.deepEqual(
    requests.map((r) => [r.method, r.params, r.answer]),
    [
      ['tools/list', {}, { result: { tools: [] } }],
      ['tools/call', { name: 'x', arguments: {} }, { error: { code: -32602, message: 'no' } }],
    ],
  );
  assert.equal(unanswered, 1);
});

test('recorded requests: a probe\'s raw request (malformed on purpose) is not replayed as the session\'s own', () => {
  const events = [
    c2s({ jsonrpc: '2.0', id: 'mcp-lens-probe-stateless-0a1b2c3d', method: 'mcp-lens/no-such-method', params: { _meta: {} } }),
    s2c({ jsonrpc: '2.0', id: 'mcp-lens-probe-stateless-0a1b2c3d', error: { code: -32601, message: 'Method not found' } }),
    c2s({ jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} }),
    s2c({ jsonrpc: '2.0', id: 7, result: { tools: [] } }),
  ];
  const { requests, unanswered } = recordedRequests(events);
  assert.deepEqual(requests.map((r) => r.method), ['tools/list']);
  assert.equal(unanswered, 0);
});

for (const t of TRANSPORTS) {
  test(`replaying against a real server over ${t.name}: equal answers modulo timestamps pass, others name the differing path`, async () => {
    const answer = (temperature: number) => ({
      result: { content: [{ type: 'text', text: `Sunny in Rome, ${temperature}°C` }], structuredContent: { city: 'Rome', temperature, observedAt: '2020-01-01T00:00:00.000Z' } },
    });
    const requests = [
      { seq: 1, method: 'tools/call', params: { name: 'get_forecast', arguments: { city: 'Rome' } }, answer: answer(21) },
      { seq: 2, method: 'tools/call', params: { name: 'get_forecast', arguments: { city: 'Rome' } }, answer: answer(19) },
    ];
    const client = new McpClient(await t.spec(WEATHER));
    try {
      await client.connect();
      const outcome = await replayRequests(client, requests);
      assert.equal(outcome.replayed, 2);
      assert.deepEqual(outcome.differences.map((d) => [d.seq, d.label, d.mismatches.map((m) => m.path)]), [[2, 'tools/call get_forecast', ['/result/content/0/text', '/result/structuredContent/temperature']]]);
    } finally {
      await client.close();
    }
  });
}
