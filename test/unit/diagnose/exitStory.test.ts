// How an exit is told everywhere (core exitStory), and when a retry can help: only for a
// cause that may pass (a crash, a port in use), never for one that stays.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exitSentence, exitStatus, exitStory } from '../../../src/core/diagnose/exitStory';
import { retryCanHelp } from '../../../src/core/diagnose/stderrClues';
import { TraceBuilder } from './traceBuilder';

test('retry cannot help a cause that stays: a missing file, module or command, a syntax error, bad arguments, a permission', () => {
  for (const line of [
    "Error: ENOENT: no such file or directory, scandir '/data'",
    "Error: Cannot find module '/srv/build/index.js'",
    "ModuleNotFoundError: No module named 'mcp'",
    'SyntaxError: Unexpected token }',
    "TypeError [ERR_PARSE_ARGS_UNKNOWN_OPTION]: Unknown option '--root'",
    'server.py: error: unrecognized arguments: --dir',
    'usage: server [-h] --root ROOT',
    'sh: 1: mcp-server: command not found',
    "Error: EACCES: permission denied, open '/etc/secret'",
  ]) {
    assert.equal(retryCanHelp(line), false, line);
  }
});

test('retry may help a crash, a port still in use, or an exit that says nothing', () => {
  assert.equal(retryCanHelp("TypeError: Cannot read properties of undefined (reading 'x')"), true);
  assert.equal(retryCanHelp('Error: listen EADDRINUSE: address already in use :::3000'), true);
  assert.equal(retryCanHelp(undefined), true);
});

test('the story of an exit: its status and the stderr line that explains it, of the latest run', () => {
  const t = new TraceBuilder();
  t.meta('spawned', { command: 'node', args: ['old.js'] });
  t.stderr('Error: an older run said this');
  t.meta('exited', { code: 2, signal: null });
  t.meta('spawned', { command: 'node', args: ['server.js'] });
  t.stderr('Starting…');
  t.stderr("Error: ENOENT: no such file or directory, scandir '/data'");
  t.stderr('Node.js v20');
  t.meta('exited', { code: 1, signal: null });
  const story = exitStory(t.events)!;
  assert.deepEqual(story, { code: 1, signal: null, status: 'code 1', reason: "Error: ENOENT: no such file or directory, scandir '/data'", retry: false });
  assert.equal(exitSentence(story), "exited (code 1): Error: ENOENT: no such file or directory, scandir '/data'");
  assert.equal(exitSentence(story, 'before answering'), "exited (code 1) before answering: Error: ENOENT: no such file or directory, scandir '/data'");
});

test('after the first answer, a crash is explained by what the server wrote since', () => {
  const t = new TraceBuilder();
  t.meta('spawned', { command: 'node', args: ['server.js'] });
  t.stderr('Error: a warning at start-up that is not the cause');
  t.request(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } });
  t.result(1, { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } });
  t.stderr("TypeError: Cannot read properties of undefined (reading 'prompts')");
  t.meta('exited', { code: 1, signal: null });
  const story = exitStory(t.events)!;
  assert.equal(story.reason, "TypeError: Cannot read properties of undefined (reading 'prompts')");
  assert.equal(story.retry, true);
});

test('a clean exit is not retried; a run still going has no story', () => {
  const t = new TraceBuilder();
  t.meta('spawned', { command: 'node', args: ['server.js'] });
  assert.equal(exitStory(t.events), undefined);
  t.meta('exited', { code: 0, signal: null });
  assert.deepEqual(exitStory(t.events), { code: 0, signal: null, status: 'code 0', retry: false });
  t.meta('spawned', { command: 'node', args: ['server.js'] });
  t.meta('exited', { code: null, signal: 'SIGKILL' });
  assert.equal(exitSentence(exitStory(t.events)!), 'exited (signal SIGKILL)');
});

test('the status names a signal when there is one; a connection with no process closed it', () => {
  assert.equal(exitStatus({ code: 1, signal: null }), 'code 1');
  assert.equal(exitStatus({ code: null, signal: 'SIGKILL' }), 'signal SIGKILL');
  assert.equal(exitSentence({ code: null, signal: 'SIGKILL' }, 'before answering'), 'exited (signal SIGKILL) before answering');
  assert.equal(exitSentence({ code: null, signal: null }, 'before answering'), 'closed the connection before answering');
});
