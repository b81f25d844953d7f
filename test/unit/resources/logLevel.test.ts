import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { McpClient } from '../../../src/core/session/client';
import { atLeast, logMessageText, META_LOG_LEVEL, offersLogging } from '../../../src/core/session/logLevel';
import { OutputBuffer } from '../../../src/extension/stderr/outputBuffer';

const ROOT = path.join(import.meta.dirname, '../../..');

test('levels are ordered as RFC 5424 has them; a log message reads as one line', () => {
  assert.ok(atLeast('error', 'warning'));
  assert.ok(!atLeast('info', 'notice'));
  assert.deepEqual(logMessageText({ level: 'error', logger: 'database', data: { error: 'Connection failed' } }), { level: 'error', text: '[error] database: {"error":"Connection failed"}' });
  assert.deepEqual(logMessageText({ level: 'loud', data: 'x' }), { level: 'unknown', text: '[unknown] x' });
});

test('server-everything (2025-11-25): logging/setLevel is sent, and its notifications/message arrive at that level or above', async (t) => {
  const client = new McpClient({ command: path.join(ROOT, 'node_modules/.bin/mcp-server-everything'), args: ['stdio'] });
  t.after(() => client.close());
  await client.connect();
  assert.ok(offersLogging(client.info?.capabilities));
  await client.setLogLevel('debug');
  assert.equal(client.currentLogLevel, 'debug');
  const setLevel = client.trace.events.find((e) => e.dir === 'c2s' && (e.msg as { method?: string })?.method === 'logging/setLevel');
  assert.deepEqual((setLevel?.msg as { params?: unknown }).params, { level: 'debug' });
  const logged = new Promise<Record<string, unknown>>((resolve) =>
    client.onNotification((e) => {
      const msg = e.msg as { method?: string; params?: Record<string, unknown> };
      if (msg.method === 'notifications/message' && String(msg.params?.data).includes('-level message')) resolve(msg.params!);
    }),
  );
  await client.callTool('toggle-simulated-logging', {});
  const params = await logged;
  // The stderr panel's buffer takes it as a log line with its level.
  const buffer = new OutputBuffer();
  const event = [...client.trace.events].reverse().find((e) => (e.msg as { method?: string })?.method === 'notifications/message')!;
  buffer.add(event);
  assert.equal(buffer.lines()[0]?.kind, 'log');
  assert.equal(buffer.lines()[0]?.level, params.level);
});

test('2026-07-28: no logging/setLevel; the level rides on each later request in _meta', async (t) => {
  const client = new McpClient({ command: process.execPath, args: [path.join(ROOT, 'test/fixtures/servers/sdk-v2-resources.mjs')] });
  t.after(() => client.close());
  await client.connect();
  await client.setLogLevel('warning');
  await client.listAll('prompts/list');
  const sent = client.trace.events.filter((e) => e.dir === 'c2s').map((e) => e.msg as { method?: string; params?: { _meta?: Record<string, unknown> } });
  assert.ok(!sent.some((m) => m.method === 'logging/setLevel'));
  assert.equal(sent.find((m) => m.method === 'prompts/list')?.params?._meta?.[META_LOG_LEVEL], 'warning');
});
