import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { McpClient } from '../../../../src/core/session/client';
import { rawMessageTemplate, sendRawAndWait, validateRawLine } from '../../../../src/extension/tools/rawMessage';

const servers = join(import.meta.dirname, '../../../fixtures/servers');
const clientInfo = { name: 'mcp-lens', version: '0.1.0' };

test('the prefilled line carries the 2026-07-28 _meta for a modern server, none for a legacy one', () => {
  const modern = JSON.parse(rawMessageTemplate({ era: 'modern', protocolVersion: '2026-07-28', capabilities: {} }, clientInfo));
  assert.deepEqual(modern.params._meta, {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': {},
    'io.modelcontextprotocol/clientInfo': clientInfo,
  });
  const legacy = JSON.parse(rawMessageTemplate({ era: 'legacy', protocolVersion: '2025-06-18', capabilities: {} }, clientInfo));
  assert.deepEqual(legacy, { jsonrpc: '2.0', id: 'raw-1', method: 'tools/list', params: {} });
});

test('a line is checked as JSON on one line before it is sent', () => {
  assert.equal(validateRawLine('{"jsonrpc":"2.0","method":"ping","id":1}'), undefined);
  assert.match(validateRawLine('{"jsonrpc":"2.0",') ?? '', /^Not JSON: /);
  assert.equal(validateRawLine('  '), 'Type one JSON-RPC message');
  assert.match(validateRawLine('{\n}') ?? '', /one line/);
});

test('a raw request gets the reply with its id from a real server; a notification expects none', async () => {
  const client = new McpClient({ command: process.execPath, args: [join(servers, 'legacy-basic.mjs')] }, { probeTimeoutMs: 1000 });
  try {
    await client.connect();
    const reply = await sendRawAndWait(client, '{"jsonrpc":"2.0","id":"raw-7","method":"no/such"}', 5000);
    assert.equal(reply.kind, 'reply');
    assert.ok(reply.kind === 'reply');
    assert.match(reply.summary, /^error -32601/);
    assert.deepEqual((reply.message as { id: string }).id, 'raw-7');
    const none = await sendRawAndWait(client, '{"jsonrpc":"2.0","method":"notifications/roots/list_changed"}', 5000);
    assert.equal(none.kind, 'noReply');
    assert.ok(client.trace.events.some((e) => e.dir === 'c2s' && e.raw.includes('raw-7')), 'the line is in the trace as sent');
  } finally {
    await client.close();
  }
});

test('a raw request waits out a timeout longer than setTimeout can (2^31 - 1 ms), and ends when the connection closes', async () => {
  // Node runs a plain setTimeout over 2^31-1 ms after 1 ms: the request would be "not answered" at once.
  // The fixture writes nothing until asked and ignores server/discover: without probeMaxWaitMs the probe waits its 10 s silent-start bound.
  const client = new McpClient({ command: process.execPath, args: [join(servers, 'legacy-silent-on-unknown.mjs')] }, { probeTimeoutMs: 1000, probeMaxWaitMs: 1000 });
  await client.connect();
  const reply = sendRawAndWait(client, '{"jsonrpc":"2.0","id":"raw-9","method":"no/such"}', 2 ** 31 + 5000);
  const early = await Promise.race([reply, new Promise((resolve) => setTimeout(() => resolve('still waiting'), 300))]);
  assert.equal(early, 'still waiting');
  await client.close();
  const last = await reply;
  assert.equal(last.kind, 'noReply');
  assert.match(last.summary, /connection closed/);
});
