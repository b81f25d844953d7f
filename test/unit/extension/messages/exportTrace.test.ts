// An exported trace is the session's events as JSONL, secrets masked wherever they appear.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { parseTraceText } from '../../../../src/core/trace/jsonl';
import { collectSecrets, LiveSession } from '../../../../src/extension/diagnostics/liveSession';
import { exportTrace } from '../../../../src/extension/messages/exportTrace';
import { createSessionTrace } from '../../../../src/extension/diagnostics/traceStore';

test('env values with secret-looking names and password inputs are masked; the rest is kept', async () => {
  const secrets = collectSecrets(['hunter2"pw'], { API_KEY: 'sk-live-123456', GITHUB_TOKEN: 'ghp_abcdef', LOG_LEVEL: 'debug', DEBUG: '1' });
  assert.deepEqual(secrets.values.sort(), ['ghp_abcdef', 'hunter2"pw', 'sk-live-123456']);
  const session = new LiveSession('k', 'demo', secrets);
  session.trace.append({ dir: 'meta', kind: 'spawned', raw: 'spawned node server.js --key sk-live-123456', info: { pid: 1 } });
  session.trace.append({ dir: 'stderr', kind: 'log', raw: 'using token ghp_abcdef at level debug' });
  session.trace.append({ dir: 'c2s', kind: 'request', raw: '{"jsonrpc":"2.0","id":1,"method":"login","params":{"password":"hunter2\\"pw"}}', msg: { jsonrpc: '2.0', id: 1, method: 'login', params: { password: 'hunter2"pw' } } });

  const file = join(mkdtempSync(join(tmpdir(), 'mcp-lens-export-')), 'demo.mcptrace.jsonl');
  assert.equal(await exportTrace(session, file), 3);
  const text = readFileSync(file, 'utf8');
  for (const secret of secrets.values) assert.ok(!text.includes(secret) && !text.includes(JSON.stringify(secret).slice(1, -1)), `${secret} leaked`);
  assert.ok(!text.includes('hunter2'), 'the password leaked in an escaped form');
  assert.match(text, /level debug/);
  const { events, problems } = parseTraceText(text);
  assert.deepEqual(problems, []);
  assert.deepEqual(events.map((e) => e.seq), [1, 2, 3]);
  assert.equal(events[1].raw, 'using token •••• at level debug');
});

test('a windowed session with a huge event exports it whole, masked even where a secret is cut between chunks', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-lens-export-'));
  const secret = 'sk-live-987654';
  // No mask on the spill: the file holds the secret (as after a restart that brought a new
  // one), so the export alone must mask it.
  const { trace } = createSessionTrace(dir, 'demo', 8);
  const session = new LiveSession('k', 'demo', { values: [secret] }, { trace });
  // Every 34 characters a secret: the spill's pieces and the export's 64 KiB chunks cut some of them.
  const text = `${'x'.repeat(20)}${secret}`.repeat(100_000);
  const msg = { jsonrpc: '2.0' as const, id: 1, result: { content: [{ type: 'text', text }] } };
  session.trace.append({ dir: 'c2s', kind: 'request', raw: '{"jsonrpc":"2.0","id":1,"method":"tools/call"}', msg: { jsonrpc: '2.0', id: 1, method: 'tools/call' } });
  session.trace.append({ dir: 's2c', kind: 'response', raw: JSON.stringify(msg), msg });
  for (let i = 0; i < 20; i++) session.trace.append({ dir: 'stderr', kind: 'log', raw: `line ${i}` });

  const file = join(dir, 'export.mcptrace.jsonl');
  assert.equal(await exportTrace(session, file), 22);
  const out = readFileSync(file, 'utf8');
  assert.ok(!out.includes(secret), 'the secret leaked');
  const { events, problems } = parseTraceText(out);
  assert.deepEqual(problems, []);
  assert.deepEqual(events.map((e) => e.seq), Array.from({ length: 22 }, (_, i) => i + 1));
  const masked = text.split(secret).join('••••');
  assert.equal((events[1]!.msg as typeof msg).result.content[0]!.text, masked);
  assert.equal(events[1]!.raw, JSON.stringify(msg).split(secret).join('••••'));
});
