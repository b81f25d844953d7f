import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diagnose } from '../../../src/core/diagnose/engine';
import { internalsIn, launchFolders } from '../../../src/core/diagnose/internals';
import { TraceBuilder, only } from './traceBuilder';

const divide = {
  name: 'divide',
  inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number', minimum: 1 } }, required: ['a', 'b'], additionalProperties: false },
};

function withTools(): TraceBuilder {
  const t = new TraceBuilder();
  t.legacySession({ tools: {} });
  t.request(3, 'tools/list');
  t.result(3, { tools: [divide] });
  return t;
}

test('invalid-input-accepted: a success for arguments the inputSchema rejects, citing the schema, the call and the answer', () => {
  const t = withTools();
  const call = t.request(4, 'tools/call', { name: 'divide', arguments: { a: 1, b: 0 } });
  const answer = t.result(4, { content: [{ type: 'text', text: 'Infinity' }] });
  const [d] = only(diagnose(t.events), 'invalid-input-accepted');
  assert.equal(d.evidence.at(-2), call);
  assert.equal(d.evidence.at(-1), answer);
  assert.match(d.message, /"b" must be >= 1/);
});

test('invalid-input-accepted: silent for valid arguments, for isError and for -32602', () => {
  const t = withTools();
  t.request(4, 'tools/call', { name: 'divide', arguments: { a: 1, b: 2 } });
  t.result(4, { content: [{ type: 'text', text: '0.5' }] });
  t.request(5, 'tools/call', { name: 'divide', arguments: { a: 1 } });
  t.result(5, { content: [{ type: 'text', text: 'b is required' }], isError: true });
  t.request(6, 'tools/call', { name: 'divide', arguments: { a: 1, c: 2 } });
  t.error(6, -32602, 'Invalid params');
  assert.deepEqual(only(diagnose(t.events), 'invalid-input-accepted'), []);
});

test('error-leaks-internals: a V8 stack in an isError text and a path in a JSON-RPC error', () => {
  const t = withTools();
  t.request(4, 'tools/call', { name: 'divide', arguments: { a: 1, b: 1 } });
  t.result(4, { content: [{ type: 'text', text: 'TypeError: x is undefined\n    at divide (/srv/app/server.mjs:12:7)\n    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)' }], isError: true });
  t.request(5, 'tools/call', { name: 'divide', arguments: { a: 1, b: 1 } });
  t.error(5, -32603, "ENOENT: no such file or directory, open '/home/ci/build/data.json'");
  const found = only(diagnose(t.events), 'error-leaks-internals');
  assert.equal(found.length, 2);
  assert.match(found[0].message, /stack trace: "at divide \(\/srv\/app\/server.mjs:12:7\)"/);
  assert.match(found[1].message, /file path: "\/home\/ci\/build\/data.json"/);
});

test('error-leaks-internals: an ordinary error sentence and a successful result are not leaks', () => {
  const t = withTools();
  t.request(4, 'tools/call', { name: 'divide', arguments: { a: 1, b: 1 } });
  t.result(4, { content: [{ type: 'text', text: 'b must not be zero (see /docs/divide)' }], isError: true });
  t.request(5, 'tools/call', { name: 'divide', arguments: { a: 1, b: 1 } });
  t.result(5, { content: [{ type: 'text', text: 'read /home/me/notes.txt' }] });
  assert.deepEqual(only(diagnose(t.events), 'error-leaks-internals'), []);
});

test('error-leaks-internals: a path the call named, resolved, or under a folder the server was launched with, is the caller\'s', () => {
  const t = withTools();
  t.events[0]!.info = { pid: 1, command: 'node', args: ['server.mjs', '/srv/notes', 'drafts'], cwd: '/home/ann/project' };
  const asked = [
    ['notes.txt', "ENOENT: no such file or directory, open '/srv/notes/notes.txt'"],
    ['./sub/my notes.txt', "ENOENT: no such file or directory, open '/srv/notes/sub/my notes.txt'"],
    ['~/x', 'Access denied - path outside allowed directories: /root/x not in /srv/notes'],
    ['/etc/passwd', 'Access denied - path outside allowed directories: /etc/passwd not in /srv/notes, /home/ann/project/drafts'],
  ];
  for (const [i, [path, text]] of asked.entries()) {
    t.request(10 + i, 'tools/call', { name: 'read', arguments: { path } });
    t.result(10 + i, { content: [{ type: 'text', text }], isError: true });
  }
  assert.deepEqual(only(diagnose(t.events), 'error-leaks-internals'), []);
  // The server's own files stay leaks, though an argument is part of their name or folder.
  t.request(20, 'tools/call', { name: 'read', arguments: { path: 'app' } });
  t.result(20, { content: [{ type: 'text', text: "ENOENT: open '/srv/app/config.json'" }], isError: true });
  t.request(21, 'tools/call', { name: 'read', arguments: { path: 'notes.txt' } });
  t.error(21, -32603, "EACCES: open '/home/ann/.cache/server/notes.txt.lock'");
  const found = only(diagnose(t.events), 'error-leaks-internals');
  assert.deepEqual(
    found.map((d) => d.message.match(/file path: "(.*)"/)?.[1]),
    ['/srv/app/config.json', '/home/ann/.cache/server/notes.txt.lock'],
  );
});

test('error-leaks-internals: a folder the client gave as a root (roots/list answered, or an input response) is the caller\'s', () => {
  const t = withTools();
  t.s2c({ jsonrpc: '2.0', id: 0, method: 'roots/list' });
  t.c2s({ jsonrpc: '2.0', id: 0, result: { roots: [{ uri: 'file:///home/ann/my%20project', name: 'my project' }] } });
  t.request(10, 'tools/call', { name: 'read', arguments: { path: '/etc/passwd' } });
  t.result(10, { content: [{ type: 'text', text: 'Access denied - path outside allowed directories: /etc/passwd not in /home/ann/my project' }], isError: true });
  t.request(11, 'tools/call', { name: 'read', arguments: { path: 'x' }, inputResponses: { r: { roots: [{ uri: 'file:///srv/shared' }] } } });
  t.result(11, { content: [{ type: 'text', text: 'denied: only /srv/shared/public may be read' }], isError: true });
  assert.deepEqual(only(diagnose(t.events), 'error-leaks-internals'), []);
});

test('internalsIn: Python and Windows forms, and a URL path is not a file path', () => {
  assert.equal(internalsIn('Traceback (most recent call last):\n  File "/app/server.py", line 3, in run')?.kind, 'stack trace');
  assert.equal(internalsIn('cannot open C:\\Users\\ann\\secret.txt')?.kind, 'file path');
  assert.equal(internalsIn('see https://example.com/a/b.js for details'), undefined);
});

test('launchFolders: absolute arguments, and relative ones on the server\'s cwd with its separator; not its program or options', () => {
  assert.deepEqual(launchFolders(['server.mjs', '--verbose', '.', './data/notes/', '/srv/shared', '../up'], '/home/ann/p'), [
    '/home/ann/p',
    '/home/ann/p/data/notes',
    '/srv/shared',
  ]);
  assert.deepEqual(launchFolders(['dist\\index.js', 'data/notes', 'D:\\shared'], 'C:\\work'), ['C:\\work\\data\\notes', 'D:\\shared']);
});
