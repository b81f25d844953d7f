import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { test } from 'node:test';
import { detectRuntime, isDebugpyMissing, parseDebugpyListening, parseInspectorListening, planDebugLaunch, type LaunchSpec } from '../../../src/core/devloop/debugTarget';

const repo = resolve(import.meta.dirname, '..', '..', '..');

/** Runs the planned launch and resolves with the first stderr line `pick` accepts (then kills it). */
function firstStderr<T>(spec: LaunchSpec, pick: (line: string) => T | undefined): Promise<{ value: T; lines: string[] }> {
  const child = spawn(spec.command, spec.args, { env: { ...process.env, ...spec.env }, stdio: ['pipe', 'ignore', 'pipe'] });
  const lines: string[] = [];
  return new Promise((resolvePick, reject) => {
    createInterface({ input: child.stderr }).on('line', (line) => {
      lines.push(line);
      const value = pick(line);
      if (value !== undefined) {
        child.kill('SIGKILL');
        resolvePick({ value, lines });
      }
    });
    child.on('exit', (code) => reject(new Error(`exited ${code} before the line; stderr:\n${lines.join('\n')}`)));
  });
}

test('node: --inspect=0 goes into NODE_OPTIONS, after what the server already had', () => {
  const plan = planDebugLaunch({ command: 'npx', args: ['-y', 'tsx', 'server.ts'], env: { NODE_OPTIONS: '--max-old-space-size=512' } });
  assert.ok(plan.ok);
  assert.equal(plan.launch.runtime, 'node');
  assert.deepEqual(plan.launch.spec, { command: 'npx', args: ['-y', 'tsx', 'server.ts'], env: { NODE_OPTIONS: '--max-old-space-size=512 --inspect=0' } });
  const brk = planDebugLaunch({ command: 'node', args: ['s.js'], env: {} }, { breakOnStart: true, inheritedNodeOptions: '--enable-source-maps' });
  assert.ok(brk.ok);
  assert.equal(brk.launch.spec.env.NODE_OPTIONS, '--enable-source-maps --inspect-brk=0');
});

test('runtime: python when the interpreter or a .py script is named; dev.debug.type wins', () => {
  assert.equal(detectRuntime('python3', ['server.py']), 'python');
  assert.equal(detectRuntime('/srv/.venv/bin/python', ['-m', 'weather']), 'python');
  assert.equal(detectRuntime('uv', ['run', 'server.py']), 'python');
  assert.equal(detectRuntime('sh', ['run.sh']), 'node');
  assert.equal(detectRuntime('npx', ['tsx', 'src/index.ts']), 'node');
  const declared = planDebugLaunch({ command: 'sh', args: ['run-python.sh'], env: {} }, { declared: 'debugpy' });
  assert.equal(declared.ok, false);
  const unknown = planDebugLaunch({ command: 'node', args: [], env: {} }, { declared: 'lldb' });
  assert.ok(!unknown.ok && /dev\.debug\.type "lldb"/.test(unknown.reason));
});

test('python: the bootstrap goes after the interpreter and its own options', () => {
  const plan = planDebugLaunch({ command: 'uv', args: ['run', 'python', '-u', '-X', 'dev', '-m', 'weather.server', '--port', '1'], env: {} });
  assert.ok(plan.ok);
  const { command, args } = plan.launch.spec;
  assert.equal(command, 'uv');
  assert.deepEqual(args.slice(0, 6), ['run', 'python', '-u', '-X', 'dev', '-c']);
  assert.deepEqual(args.slice(7), ['-m', 'weather.server', '--port', '1']);
  const noInterpreter = planDebugLaunch({ command: 'uv', args: ['run', 'server.py'], env: {} });
  assert.ok(!noInterpreter.ok && /names the interpreter/.test(noInterpreter.reason));
  assert.equal(planDebugLaunch({ command: 'python3', args: ['-c', 'print(1)'], env: {} }).ok, false);
});

test('parsing the listening lines', () => {
  assert.deepEqual(parseInspectorListening('Debugger listening on ws://127.0.0.1:40123/0f2c1d7e-93c4-4b7e-8a0e-1c2d3e4f5a6b'), {
    url: 'ws://127.0.0.1:40123/0f2c1d7e-93c4-4b7e-8a0e-1c2d3e4f5a6b',
    host: '127.0.0.1',
    port: 40123,
  });
  assert.equal(parseInspectorListening('For help, see: https://nodejs.org/en/docs/inspector'), undefined);
  assert.deepEqual(parseDebugpyListening('MCP Lens: debugpy listening on 127.0.0.1:5679'), { host: '127.0.0.1', port: 5679 });
  assert.ok(isDebugpyMissing("ModuleNotFoundError: No module named 'debugpy'"));
});

test('a real node server behind a shell script announces its inspector port', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-lens-debug-'));
  writeFileSync(join(dir, 'server.mjs'), 'setInterval(() => {}, 1000);\n');
  writeFileSync(join(dir, 'run.sh'), `#!/bin/sh\nexec node "${join(dir, 'server.mjs')}"\n`);
  chmodSync(join(dir, 'run.sh'), 0o755);
  const plan = planDebugLaunch({ command: join(dir, 'run.sh'), args: [], env: {} }, { inheritedNodeOptions: '' });
  assert.ok(plan.ok);
  const { value } = await firstStderr(plan.launch.spec, parseInspectorListening);
  assert.equal(value.host, '127.0.0.1');
  assert.ok(value.port > 0);
});

test('a real node --import tsx server announces its inspector port', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-lens-debug-'));
  writeFileSync(join(dir, 'server.ts'), 'const keep: number = 1000;\nsetInterval(() => {}, keep);\n');
  const plan = planDebugLaunch({ command: process.execPath, args: ['--import', join(repo, 'node_modules', 'tsx', 'dist', 'loader.mjs'), join(dir, 'server.ts')], env: {} }, { inheritedNodeOptions: '' });
  assert.ok(plan.ok);
  const { value } = await firstStderr(plan.launch.spec, parseInspectorListening);
  assert.ok(value.port > 0);
});

test('a real python script runs under debugpy and announces its port (when debugpy is installed)', async (t) => {
  const probe = spawn('python3', ['-c', 'import debugpy'], { stdio: 'ignore' });
  const code = await new Promise<number | null>((r) => probe.on('exit', r).on('error', () => r(-1)));
  if (code !== 0) return t.skip('python3 with debugpy is not installed here');
  const dir = mkdtempSync(join(tmpdir(), 'mcp-lens-debugpy-'));
  writeFileSync(join(dir, 'helper.py'), 'NAME = "sibling import works"\n');
  writeFileSync(join(dir, 'server.py'), 'import sys, time\nfrom helper import NAME\nsys.stderr.write(NAME + " " + " ".join(sys.argv[1:]) + "\\n")\nsys.stderr.flush()\ntime.sleep(60)\n');
  const plan = planDebugLaunch({ command: 'python3', args: [join(dir, 'server.py'), '--flag'], env: {} });
  assert.ok(plan.ok);
  const { value, lines } = await firstStderr(plan.launch.spec, (line) => (line.startsWith('sibling import works') ? line : undefined));
  assert.equal(value, 'sibling import works --flag');
  const port = lines.map(parseDebugpyListening).find(Boolean);
  assert.ok(port && port.port > 0, lines.join('\n'));
});
