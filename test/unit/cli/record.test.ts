import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { parseTraceText } from '../../../src/core/trace/jsonl';
import { buildCli, finish, FIXTURES, NODE, runCli, startCli, waitFor } from './helpers';

before(buildCli);

const dir = mkdtempSync(join(tmpdir(), 'mcp-lens-record-'));
const weather = `${FIXTURES}cli/sdk-v1-weather.mjs`;
const session = [
  '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"host","version":"1"}}}',
  '{"jsonrpc":"2.0","method":"notifications/initialized"}',
  '{"jsonrpc":"2.0","id":2,"method":"tools/list"}',
  '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"get_forecast","arguments":{"city":"Oslo"},"_meta":{"progressToken":"p1"}}}',
].join('\n') + '\n';

function direct(command: string, args: string[], input: string): Promise<{ code: number | null; stdout: Buffer; stderr: Buffer }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'pipe' });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout: Buffer.concat(out), stderr: Buffer.concat(err) }));
    child.stdin.end(input);
  });
}

test('record relays the same bytes as a direct run and writes a parseable trace of both directions', async () => {
  const out = join(dir, 'weather.mcptrace.jsonl');
  const expected = await direct(NODE, [weather], session);
  const run = await runCli(['record', '--out', out, '--', NODE, weather], { input: session });
  assert.equal(run.code, expected.code);
  assert.equal(run.stdout, expected.stdout.toString('utf8'));
  assert.equal(run.stderr, expected.stderr.toString('utf8'));

  const { events, problems } = parseTraceText(readFileSync(out, 'utf8'));
  assert.deepEqual(problems, []);
  assert.deepEqual(events.map((e) => e.seq), events.map((_, i) => i + 1));
  assert.equal(events[0].kind, 'spawned');
  assert.equal(events[events.length - 1].kind, 'exited');
  const sent = events.filter((e) => e.dir === 'c2s').map((e) => e.raw);
  assert.deepEqual(sent, session.trim().split('\n'));
  const received = events.filter((e) => e.dir === 's2c').map((e) => e.raw + '\n').join('');
  assert.equal(received, run.stdout);
  assert.ok(events.some((e) => e.dir === 's2c' && (e.msg as any)?.method === 'notifications/progress'));
  // A response is recorded after the request it answers, stamped in milliseconds.
  const call = events.find((e) => (e.msg as any)?.method === 'tools/call')!;
  const answer = events.find((e) => e.dir === 's2c' && (e.msg as any)?.id === 3)!;
  assert.ok(answer.seq > call.seq && answer.t >= call.t && call.t > 1e12);
});

test('record passes a partial line through at once, keeps stderr, and exits with the child code', async () => {
  const out = join(dir, 'partial.mcptrace.jsonl');
  const child = startCli(['record', '--out', out, '--', NODE, `${FIXTURES}cli/partial-then-rest.mjs`]);
  let seen = '';
  child.stdout.on('data', (c: Buffer) => (seen += c.toString('utf8')));
  const done = finish(child, undefined, 30_000);
  await waitFor(() => seen.includes('"notifications/message",'), 'the half line to come through the proxy');
  child.stdin.write('{"go":true}\n');
  await waitFor(() => seen.endsWith('}}\n'), 'the rest of the line');
  child.stdin.end();
  const run = await done;
  assert.equal(run.code, 5);
  assert.equal(run.stdout, '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"rest"}}\n');
  assert.equal(run.stderr, 'half written\n');
  const { events } = parseTraceText(readFileSync(out, 'utf8'));
  const message = events.find((e) => e.dir === 's2c');
  assert.equal(message?.kind, 'notification');
  assert.ok(events.some((e) => e.dir === 'stderr' && e.raw === 'half written'));
  assert.deepEqual(events.find((e) => e.kind === 'exited')?.info, { code: 5, signal: null });
});

test('on SIGTERM record takes down the whole process tree and still finishes the trace', async () => {
  const out = join(dir, 'tree.mcptrace.jsonl');
  const child = startCli(['record', '--out', out, '--', 'sh', `${FIXTURES}spawns-grandchild.sh`]);
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const done = finish(child, undefined, 30_000);
  await waitFor(() => /grandchild (\d+)/.test(stderr), 'the launcher to report its background helper');
  const grandchild = Number(/grandchild (\d+)/.exec(stderr)![1]);
  child.kill('SIGTERM');
  await done;
  const alive = () => {
    try {
      process.kill(grandchild, 0);
      return true;
    } catch {
      return false;
    }
  };
  await waitFor(() => !alive(), 'the grandchild to be gone');
  const { events } = parseTraceText(readFileSync(out, 'utf8'));
  assert.ok(events.some((e) => e.kind === 'note' && /SIGTERM/.test(e.raw)));
  assert.equal(events[events.length - 1].kind, 'exited');
});

test('record of a command that cannot start: says so, exit 127, trace holds spawn-failed', async () => {
  const out = join(dir, 'missing.mcptrace.jsonl');
  const run = await runCli(['record', '--out', out, '--', 'mcp-lens-no-such-server'], { input: '' });
  assert.equal(run.code, 127);
  assert.match(run.stderr, /cannot start "mcp-lens-no-such-server"/);
  const { events } = parseTraceText(readFileSync(out, 'utf8'));
  assert.equal(events[0].kind, 'spawn-failed');
});

test('record with a trace file it cannot write: says so before starting anything, exit 2', async () => {
  const run = await runCli(['record', '--out', join(dir, 'no-such-dir', 't.jsonl'), '--', NODE, weather], { input: '' });
  assert.equal(run.code, 2);
  assert.match(run.stderr, /cannot write the trace file: ENOENT/);
  assert.equal(run.stdout, '');
});
