import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Diagnostic } from '../../../src/core/diagnose/diagnostic';
import type { TraceEvent } from '../../../src/core/trace/event';
import { diagnosticLines } from '../../../src/cli/diagnosticLines';
import { colourEnabled, createStyle, plain } from '../../../src/cli/style';
import { traceLines } from '../../../src/cli/traceLines';

const events: TraceEvent[] = [
  { seq: 1, t: 1000, dir: 'meta', kind: 'spawned', raw: 'spawned pid 42: node weather.js', info: { pid: 42 } },
  { seq: 12, t: 2000, dir: 'c2s', kind: 'request', raw: '', msg: { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'get_forecast' } } },
  { seq: 13, t: 2031, dir: 's2c', kind: 'response', raw: '', msg: { jsonrpc: '2.0', id: 3, result: { content: [] } } },
  { seq: 14, t: 2040, dir: 's2c', kind: 'stray', raw: 'Server ready' },
  { seq: 15, t: 2041, dir: 'stderr', kind: 'log', raw: 'listening' },
  { seq: 16, t: 2050, dir: 'c2s', kind: 'request', raw: '', msg: { jsonrpc: '2.0', id: 4, method: 'resources/read', params: { uri: 'file:///x' } } },
  { seq: 17, t: 2052, dir: 's2c', kind: 'response', raw: '', msg: { jsonrpc: '2.0', id: 4, error: { code: -32601, message: 'Method not found' } } },
  { seq: 18, t: 2060, dir: 'c2s', kind: 'request', raw: '', msg: { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'get_alerts' } } },
  { seq: 19, t: 2070, dir: 's2c', kind: 'response', raw: '', glued: 'ready ', msg: { jsonrpc: '2.0', id: 5, result: { isError: true, content: [{ type: 'text', text: 'no such state' }] } } },
];

test('each event reads as one line: requests, responses with latency, stray stdout, stderr', () => {
  const lines = traceLines(events, plain);
  assert.equal(lines.get(12), '  12 → tools/call #3 get_forecast');
  assert.equal(lines.get(13), '  13 ← #3 ✓ 31 ms');
  assert.equal(lines.get(14), '  14 ! stray: Server ready');
  assert.equal(lines.get(15), '  15 stderr listening');
  assert.equal(lines.get(17), '  17 ← #4 ✗ -32601 Method not found 2.0 ms');
  assert.equal(lines.get(19), '  19 ← #5 ✓ isError 10 ms  no such state  ! glued after "ready "');
  assert.equal(lines.get(1), '   1 · spawned pid 42: node weather.js');
});

test('colour only when enabled: a TTY without NO_COLOR, or FORCE_COLOR', () => {
  assert.equal(colourEnabled({ isTTY: true }, {}), true);
  assert.equal(colourEnabled({ isTTY: false }, {}), false);
  assert.equal(colourEnabled({ isTTY: true }, { NO_COLOR: '1' }), false);
  assert.equal(colourEnabled({ isTTY: true }, { NO_COLOR: '' }), true);
  assert.equal(colourEnabled({ isTTY: false }, { FORCE_COLOR: '1' }), true);
  const coloured = traceLines(events, createStyle(true)).get(15)!;
  assert.match(coloured, /^ {2}15 \u001b\[2mstderr listening\u001b\[22m$/);
  for (const line of traceLines(events, plain).values()) assert.doesNotMatch(line, /\u001b/);
});

test('a diagnostic card shows stage, rule, message, evidence lines, retry and hint', () => {
  const d: Diagnostic = {
    rule: 'undeclared-capability',
    severity: 'error',
    stage: 'negotiation',
    message: 'resources/read was answered -32601',
    evidence: [12, 17],
    retry: false,
    hint: 'Declare the resources capability.',
  };
  const text = diagnosticLines([d], plain, traceLines(events, plain)).join('\n');
  assert.equal(
    text,
    [
      '✗ error   undeclared-capability [negotiation]',
      '    resources/read was answered -32601',
      '    evidence: #12, #17',
      '      12 → tools/call #3 get_forecast',
      '      17 ← #4 ✗ -32601 Method not found 2.0 ms',
      '    retry: will not help',
      '    hint: Declare the resources capability.',
      '1 error, 0 warnings, 0 info',
    ].join('\n'),
  );
});
