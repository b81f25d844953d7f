import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TraceEvent } from '../../../src/core/trace/event';
import type { Log } from '../../../src/extension/log';
import { logTraceEvent, redactor } from '../../../src/extension/traceLog';

function recorder(): { log: Log; lines: string[] } {
  const lines: string[] = [];
  const log = { info: (m: string) => lines.push(`info ${m}`), warn: (m: string) => lines.push(`warn ${m}`) } as unknown as Log;
  return { log, lines };
}

const request: TraceEvent = { seq: 1, t: 0, dir: 'c2s', kind: 'request', raw: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}', msg: { jsonrpc: '2.0', id: 1, method: 'tools/list' } };
const error: TraceEvent = { seq: 2, t: 0, dir: 's2c', kind: 'response', raw: '{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"nope"}}', msg: { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'nope' } } };

test('stderr, lifecycle and stray stdout are always logged; messages as the setting asks', () => {
  const { log, lines } = recorder();
  logTraceEvent(log, 'w', { seq: 3, t: 0, dir: 'stderr', kind: 'log', raw: 'listening' }, 'off');
  logTraceEvent(log, 'w', { seq: 4, t: 0, dir: 's2c', kind: 'stray', raw: 'Server ready' }, 'off');
  logTraceEvent(log, 'w', request, 'off');
  logTraceEvent(log, 'w', request, 'messages');
  logTraceEvent(log, 'w', error, 'messages');
  logTraceEvent(log, 'w', request, 'verbose');
  assert.deepEqual(lines, [
    'info [w] stderr: listening',
    'warn [w] stdout line that is not a JSON-RPC message: Server ready',
    'info [w] → tools/list #1',
    'info [w] ← error -32601 #1: nope',
    `info [w] → ${request.raw}`,
  ]);
});

test('password input values never reach the log', () => {
  const { log, lines } = recorder();
  const redact = redactor(['s3cret', '']);
  logTraceEvent(log, 'w', { seq: 1, t: 0, dir: 'meta', kind: 'spawned', raw: 'spawned node server.js --token s3cret' }, 'off', redact);
  assert.deepEqual(lines, ['info [w] spawned node server.js --token ••••']);
  assert.equal(redact('no secret here'), 'no secret here');
});

test('HTTP exchanges are message-level detail; HTTP failures are always logged', () => {
  const { log, lines } = recorder();
  const ok: TraceEvent = { seq: 5, t: 0, dir: 'meta', kind: 'http', raw: 'POST http://127.0.0.1:1/mcp → 200 OK', info: { method: 'POST', status: 200 } };
  const refused: TraceEvent = { seq: 6, t: 0, dir: 'meta', kind: 'http', raw: 'POST http://127.0.0.1:1/mcp → 401 Unauthorized', info: { method: 'POST', status: 401 } };
  logTraceEvent(log, 'h', ok, 'off');
  logTraceEvent(log, 'h', refused, 'off');
  logTraceEvent(log, 'h', ok, 'messages');
  assert.deepEqual(lines, ['info [h] POST http://127.0.0.1:1/mcp → 401 Unauthorized', 'info [h] POST http://127.0.0.1:1/mcp → 200 OK']);
});

test('a secret learned after the start (an OAuth token) is masked from then on', () => {
  const { log, lines } = recorder();
  const secrets: string[] = [];
  const redact = redactor(secrets);
  logTraceEvent(log, 'h', { seq: 1, t: 0, dir: 'stderr', raw: 'token tok-123456 accepted' }, 'off', redact);
  secrets.push('tok-123456');
  logTraceEvent(log, 'h', { seq: 2, t: 0, dir: 'stderr', raw: 'token tok-123456 accepted' }, 'off', redact);
  assert.deepEqual(lines, ['info [h] stderr: token tok-123456 accepted', 'info [h] stderr: token •••• accepted']);
});
