import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diagnose } from '../../../src/core/diagnose/engine';
import { TraceBuilder, only } from './traceBuilder';

test('spawn-failed: ENOENT names the command, cites the event, hints at PATH, no retry', () => {
  const t = new TraceBuilder();
  const seq = t.meta('spawn-failed', { code: 'ENOENT', command: 'mcp-srv', message: 'Cannot start "mcp-srv": command not found (ENOENT).' });
  const [d, ...rest] = only(diagnose(t.events), 'spawn-failed');
  assert.equal(rest.length, 0);
  assert.equal(d.stage, 'transport');
  assert.equal(d.severity, 'error');
  assert.deepEqual(d.evidence, [seq]);
  // The same missing command/module fails every start: retrying cannot help.
  assert.equal(d.retry, false);
  assert.match(d.message, /"mcp-srv".*ENOENT/);
  assert.match(d.hint, /PATH/);
  assert.equal(only(diagnose(t.events), 'exited-early').length, 0);
});

test('spawn-failed: EACCES hints chmod', () => {
  const t = new TraceBuilder();
  t.meta('spawn-failed', { code: 'EACCES', command: './server.sh' });
  assert.match(only(diagnose(t.events), 'spawn-failed')[0].hint, /chmod \+x/);
});

test('exited-early: cites the exit and the stderr tail, quotes "Cannot find module"', () => {
  const t = new TraceBuilder();
  t.meta('spawned', { command: 'node', args: ['dist/index.js'] });
  t.request(1, 'server/discover', {});
  const s1 = t.stderr('node:internal/modules/cjs/loader:1228');
  const s2 = t.stderr("Error: Cannot find module '/app/dist/index.js'");
  const s3 = t.stderr('    at Module._resolveFilename (node:internal/modules/cjs/loader:1225:15)');
  const exit = t.meta('exited', { code: 1, signal: null });
  const ds = diagnose(t.events);
  const [d] = only(ds, 'exited-early');
  assert.equal(d.stage, 'transport');
  assert.equal(d.severity, 'error');
  // The exit proves it, then the stderr tail; the waiting request is named in the message, not cited.
  assert.deepEqual(d.evidence, [exit, s1, s2, s3]);
  assert.match(d.message, /code 1/);
  assert.match(d.message, /Cannot find module '\/app\/dist\/index.js'/);
  assert.match(d.message, /\(server\/discover \(id 1\) was waiting\)/);
  assert.match(d.hint, /npm install/);
  // The same missing command/module fails every start: retrying cannot help.
  assert.equal(d.retry, false);
  assert.equal(only(ds, 'crashed').length, 0);
});

test('exited-early: a Python traceback is quoted by its last line', () => {
  const t = new TraceBuilder();
  t.meta('spawned', { command: 'python', args: ['server.py'] });
  t.stderr('Traceback (most recent call last):');
  t.stderr('  File "server.py", line 1, in <module>');
  t.stderr('    import fastmcp_missing');
  const cause = t.stderr("ModuleNotFoundError: No module named 'fastmcp_missing'");
  t.meta('exited', { code: 1, signal: null });
  const [d] = only(diagnose(t.events), 'exited-early');
  assert.ok(d.evidence.includes(cause));
  assert.match(d.message, /ModuleNotFoundError: No module named 'fastmcp_missing'/);
  assert.match(d.hint, /pip install|uv add/);
});

test('exited-early: not after the client closed stdin, nor once the server answered', () => {
  const a = new TraceBuilder();
  a.meta('spawned', { command: 'node', args: [] });
  a.request(1, 'server/discover', {});
  a.meta('stdin-closed');
  a.meta('exited', { code: 0, signal: null });
  assert.equal(only(diagnose(a.events), 'exited-early').length, 0);

  const b = new TraceBuilder();
  b.legacySession();
  b.meta('exited', { code: 1, signal: null });
  assert.equal(only(diagnose(b.events), 'exited-early').length, 0);
});

test('crashed: lists the pending requests and the exit, quotes stderr', () => {
  const t = new TraceBuilder();
  t.legacySession();
  const call = t.request(3, 'tools/call', { name: 'boom', arguments: {} });
  const err = t.stderr('TypeError: Cannot read properties of undefined (reading \'x\')');
  const exit = t.meta('exited', { code: 1, signal: null });
  const [d] = only(diagnose(t.events), 'crashed');
  assert.deepEqual(d.evidence, [call, exit, err]);
  assert.equal(d.stage, 'transport');
  assert.equal(d.severity, 'error');
  assert.match(d.message, /tools\/call "boom" \(id 3\)/);
  assert.match(d.message, /code 1/);
  assert.match(d.message, /TypeError/);
  assert.equal(d.retry, true);
});

test('crashed: a signal while idle is a crash; a clean shutdown is not', () => {
  const a = new TraceBuilder();
  a.legacySession();
  a.meta('exited', { code: null, signal: 'SIGSEGV' });
  assert.match(only(diagnose(a.events), 'crashed')[0].message, /signal SIGSEGV.*idle/);

  const b = new TraceBuilder();
  b.legacySession();
  b.request(3, 'tools/list');
  b.meta('stdin-closed');
  b.meta('exited', { code: 0, signal: null });
  assert.equal(only(diagnose(b.events), 'crashed').length, 0);
});

test('no-response: a timeout with no stdout byte; Python gets the -u / PYTHONUNBUFFERED hint', () => {
  const t = new TraceBuilder();
  t.meta('spawned', { command: 'python3', args: ['server.py'] });
  const discover = t.request(1, 'server/discover', {});
  t.meta('era', { era: 'legacy', protocolVersion: '2025-11-25', reason: 'no response' });
  t.request(2, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } });
  const to = t.meta('timeout', { id: 2, method: 'initialize', afterMs: 1000 });
  const ds = diagnose(t.events);
  const [d] = only(ds, 'no-response');
  assert.deepEqual(d.evidence, [discover, to]);
  assert.match(d.hint, /PYTHONUNBUFFERED=1/);
  assert.match(d.hint, /-u/);
  assert.equal(d.retry, true);
  // no-response explains the timeout; the flow rule stays quiet.
  assert.equal(only(ds, 'timeout').length, 0);
});

test('no-response: a Node server gets the stdio hint, not the Python one', () => {
  const t = new TraceBuilder();
  t.meta('spawned', { command: 'node', args: ['server.mjs'] });
  t.request(2, 'initialize', {});
  t.meta('timeout', { id: 2, method: 'initialize', afterMs: 1000 });
  const [d] = only(diagnose(t.events), 'no-response');
  assert.doesNotMatch(d.hint, /PYTHONUNBUFFERED/);
});

test('no-response: the server/discover probe alone timing out is not a fault', () => {
  const t = new TraceBuilder();
  t.meta('spawned', { command: 'node', args: ['server.mjs'] });
  t.request(1, 'server/discover', {});
  t.meta('timeout', { id: 1, method: 'server/discover', afterMs: 3000 });
  t.request(2, 'initialize', {});
  t.result(2, { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'x', version: '1' } });
  assert.equal(only(diagnose(t.events), 'no-response').length, 0);
});

test('exited-early: a client that gave up (EPIPE) closed stdin before the failing exit was seen', () => {
  const t = new TraceBuilder();
  t.meta('spawned', { command: 'node', args: ['server.mjs'] });
  t.request(1, 'server/discover', {});
  t.meta('stdin-closed');
  const line = t.stderr("Error [ERR_MODULE_NOT_FOUND]: Cannot find module '/srv/x.mjs'");
  const exit = t.meta('exited', { code: 1, signal: null });
  const ds = diagnose(t.events);
  const [d] = only(ds, 'exited-early');
  assert.deepEqual(d.evidence, [exit, line]);
  assert.equal(only(ds, 'no-response').length, 0);
});

test('crashed: an open subscriptions/listen stream is no request in flight (a clean exit with only it open is idle); a failing exit still is a crash', () => {
  const t = new TraceBuilder();
  t.modernSession({ tools: { listChanged: true } });
  t.request(2, 'subscriptions/listen', { notifications: { toolsListChanged: true } });
  t.meta('exited', { code: 0, signal: null });
  assert.deepEqual(only(diagnose(t.events), 'crashed'), []);
  const failing = new TraceBuilder();
  failing.modernSession({ tools: { listChanged: true } });
  failing.request(2, 'subscriptions/listen', { notifications: { toolsListChanged: true } });
  failing.meta('exited', { code: 1, signal: null });
  assert.match(only(diagnose(failing.events), 'crashed')[0].message, /^The server exited \(code 1\) while idle/);
});

test('crashed: a clean exit on its own with a request in flight is told as such, and a retry will not change it', () => {
  const t = new TraceBuilder();
  t.legacySession();
  const call = t.request(3, 'tools/list');
  const exit = t.meta('exited', { code: 0, signal: null });
  const [d] = only(diagnose(t.events), 'crashed');
  assert.equal(d.message, 'The server exited on its own (code 0) with 1 request unanswered: tools/list (id 3)');
  assert.deepEqual(d.evidence, [call, exit]);
  assert.match(d.hint, /keep serving until the client closes its stdin/);
  assert.equal(d.retry, false);
});
