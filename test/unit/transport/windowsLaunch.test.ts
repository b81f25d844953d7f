import { test } from 'node:test';
import assert from 'node:assert/strict';
import { quoteArgument, windowsLaunch } from '../../../src/core/transport/windowsLaunch';

// Pure resolution and quoting; the files "exist" through the injected check.
// Windows file names are case-insensitive; PATHEXT gives upper-case extensions.
const files = new Set(['C:\\Program Files\\nodejs\\npx.cmd', 'C:\\Program Files\\nodejs\\node.exe', 'C:\\tools\\server.exe']);
const env = { Path: 'C:\\Windows;C:\\Program Files\\nodejs', PATHEXT: '.COM;.EXE;.BAT;.CMD', ComSpec: 'C:\\Windows\\system32\\cmd.exe' };
const exists = (p: string) => [...files].some((f) => f.toLowerCase() === p.toLowerCase());

test('an .exe found through PATH and PATHEXT is run directly', () => {
  assert.deepEqual(windowsLaunch('node', ['server.js'], env, exists), { command: 'C:\\Program Files\\nodejs\\node.EXE', args: ['server.js'] });
  assert.deepEqual(windowsLaunch('C:\\tools\\server.exe', ['--stdio'], env, exists), { command: 'C:\\tools\\server.exe', args: ['--stdio'] });
});

test('npx resolves to npx.cmd and runs through cmd.exe with escaped, quoted arguments', () => {
  const launch = windowsLaunch('npx', ['-y', '@scope/server', 'a b&c'], env, exists);
  assert.equal(launch.command, 'C:\\Windows\\system32\\cmd.exe');
  assert.equal(launch.windowsVerbatimArguments, true);
  assert.deepEqual(launch.args.slice(0, 3), ['/d', '/s', '/c']);
  assert.equal(
    launch.args[3],
    '"C:\\Program^ Files\\nodejs\\npx.CMD ^^^"-y^^^" ^^^"@scope/server^^^" ^^^"a^^^ b^^^&c^^^""',
  );
});

test('an unknown command is left for spawn to report (ENOENT)', () => {
  assert.deepEqual(windowsLaunch('nope', [], env, exists), { command: 'nope', args: [] });
});

test('arguments are quoted by the CommandLineToArgvW rules', () => {
  assert.equal(quoteArgument('plain'), '"plain"');
  assert.equal(quoteArgument('say "hi"'), '"say \\"hi\\""');
  assert.equal(quoteArgument('C:\\dir\\'), '"C:\\dir\\\\"');
  assert.equal(quoteArgument('a\\"b'), '"a\\\\\\"b"');
});
