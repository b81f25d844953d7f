import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TraceEvent } from '../../../../src/core/trace/event';
import { evidenceLabel } from '../../../../src/extension/stderr/evidenceLabel';

const ev = (e: Partial<TraceEvent>) => ({ seq: 3, t: 0, raw: '', ...e }) as TraceEvent;

test('evidence is named by message, not by the kind of line', () => {
  assert.equal(evidenceLabel(ev({ dir: 's2c', kind: 'response', msg: { jsonrpc: '2.0', id: 1, result: {} } as never }), 'initialize'), 'initialize result');
  assert.equal(evidenceLabel(ev({ dir: 's2c', kind: 'response', msg: { jsonrpc: '2.0', id: 4, error: { code: -32602, message: 'x' } } as never }), 'tools/call'), 'tools/call error');
  assert.equal(evidenceLabel(ev({ dir: 's2c', kind: 'response', msg: { jsonrpc: '2.0', id: 9, result: {} } as never })), 'response to #9 result');
  assert.equal(evidenceLabel(ev({ dir: 'c2s', kind: 'request', msg: { jsonrpc: '2.0', id: 2, method: 'tools/list' } as never })), 'tools/list request');
  assert.equal(evidenceLabel(ev({ dir: 's2c', kind: 'notification', msg: { jsonrpc: '2.0', method: 'notifications/message' } as never })), 'notifications/message');
  assert.equal(evidenceLabel(ev({ dir: 'meta', kind: 'exited' })), 'exited');
});

test('a stray stdout or stderr line is quoted by its start', () => {
  assert.equal(evidenceLabel(ev({ dir: 's2c', kind: 'stray', raw: 'debugging 5\n' })), 'stray stdout "debugging 5"');
  assert.equal(evidenceLabel(ev({ dir: 'stderr', raw: `Error: ${'x'.repeat(60)}` })), `stderr "Error: ${'x'.repeat(33)}…"`);
});
