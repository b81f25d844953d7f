import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { StdioTransport, SpawnError, TransportClosedError } from '../../../src/core/transport/stdio';
import { serializeEvent } from '../../../src/core/trace/jsonl';
import { Trace } from '../../../src/core/trace/trace';
import { fixture, pidAlive, SERVERS, until, waitForEvent } from './helpers';

const INIT = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '0' } } });

test('records spawned, both directions, and a clean exit after stdin closes', async () => {
  const trace = new Trace();
  const transport = new StdioTransport(fixture('legacy-basic.mjs'), trace);
  const messages: number[] = [];
  transport.onMessage((e) => messages.push(e.seq));
  await transport.start();
  assert.ok(transport.pid);
  await transport.send(INIT);
  const response = await waitForEvent(trace, (e) => e.dir === 's2c' && e.kind === 'response', 'initialize response');
  assert.deepEqual(messages, [response.seq]);
  await transport.close();
  assert.deepEqual(await transport.exited, { code: 0, signal: null });
  assert.deepEqual(trace.events.map((e) => `${e.dir}:${e.kind}`), [
    'meta:spawned',
    'c2s:request',
    's2c:response',
    'meta:stdin-closed',
    'meta:exited',
  ]);
  assert.deepEqual(trace.events.at(-1)!.info, { code: 0, signal: null });
  await assert.rejects(transport.send(INIT), /closed/);
});

test('a request is on the wire while its trace listeners run, and still recorded before its answer', { skip: process.platform !== 'linux' }, async () => {
  const trace = new Trace();
  const transport = new StdioTransport(fixture('legacy-basic.mjs'), trace);
  await transport.start();
  await transport.send(INIT);
  await waitForEvent(trace, (e) => e.dir === 's2c' && e.kind === 'response', 'initialize response');
  // A listener as slow as a first schema compile. While it blocks this thread, the (now idle)
  // server reads tools/list and writes its answer, hundreds of bytes (its /proc io `wchar`):
  // the line was in the pipe before the listeners ran. Recorded first and written after, the
  // answer would not come while the listener waits (20 s at most).
  const LIST = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
  const wrote = () => Number(/wchar: (\d+)/.exec(fs.readFileSync(`/proc/${transport.pid}/io`, 'utf8'))![1]);
  let reacted: boolean | undefined;
  // Read before the send, not in the listener: on a busy machine the server may answer between
  // the write and the listener, and a count read then would already hold the answer.
  const enough = wrote() + 200;
  trace.onEvent((e) => {
    if (e.dir !== 'c2s') return;
    const watch = `const fs = require('fs'); const t = Date.now() + 20000;
      const w = () => Number(/wchar: (\\d+)/.exec(fs.readFileSync('/proc/${transport.pid}/io', 'utf8'))[1]);
      (function poll() { if (w() >= ${enough}) process.exit(0); if (Date.now() > t) process.exit(1); setTimeout(poll, 10); })();`;
    reacted = spawnSync(process.execPath, ['-e', watch]).status === 0;
  });
  try {
    await transport.send(LIST);
    const response = await waitForEvent(trace, (e) => e.dir === 's2c' && e.kind === 'response' && (e.msg as { id?: unknown }).id === 2, 'tools/list response');
    assert.equal(reacted, true, 'the server answered while the listener ran');
    const request = trace.events.find((e) => e.dir === 'c2s' && (e.msg as { id?: unknown }).id === 2)!;
    assert.ok(request.seq < response.seq, 'the request is recorded before its answer');
  } finally {
    // A failed assertion must not leave the server running (the test file would never end).
    await transport.close();
  }
});

test('a command that does not exist is spawn-failed with a clear message', async () => {
  const trace = new Trace();
  const transport = new StdioTransport({ command: 'mcp-lens-no-such-command-xyz' }, trace);
  await assert.rejects(transport.start(), (err: unknown) => {
    assert.ok(err instanceof SpawnError);
    assert.equal(err.code, 'ENOENT');
    assert.match(err.message, /mcp-lens-no-such-command-xyz.*not found.*PATH/);
    return true;
  });
  assert.equal(trace.events.length, 1);
  assert.equal(trace.events[0]!.kind, 'spawn-failed');
  assert.equal(trace.events[0]!.info?.code, 'ENOENT');
  await transport.close();
});

test('a file that is not executable is spawn-failed EACCES', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-'));
  const file = path.join(dir, 'server.sh');
  fs.writeFileSync(file, '#!/bin/sh\necho hi\n', { mode: 0o644 });
  const trace = new Trace();
  await assert.rejects(new StdioTransport({ command: file }, trace).start(), /EACCES/);
  assert.equal(trace.events[0]!.info?.code, 'EACCES');
  fs.rmSync(dir, { recursive: true });
});

test('a missing working directory is named as such', async () => {
  const trace = new Trace();
  const transport = new StdioTransport({ ...fixture('legacy-basic.mjs'), cwd: '/no/such/dir' }, trace);
  await assert.rejects(transport.start(), /working directory does not exist: \/no\/such\/dir/);
  assert.equal(trace.events[0]!.kind, 'spawn-failed');
  assert.deepEqual(await transport.exited, { code: null, signal: null });
});

test('cwd and env reach the child, on top of the parent environment', async () => {
  const trace = new Trace();
  const dir = fs.realpathSync(os.tmpdir());
  const transport = new StdioTransport(
    {
      command: process.execPath,
      args: ['-e', 'console.error(process.cwd(), process.env.MCP_LENS_TEST_VAR, typeof process.env.PATH)'],
      cwd: dir,
      env: { MCP_LENS_TEST_VAR: 'from-spec' },
    },
    trace,
  );
  await transport.start();
  await transport.exited;
  assert.ok(trace.events.some((e) => e.dir === 'stderr' && e.raw === `${dir} from-spec string`));
});

test('stderr lines and stray stdout are events, and a partial last line is kept', async () => {
  const trace = new Trace();
  const transport = new StdioTransport(
    { command: process.execPath, args: ['-e', 'console.log("banner"); console.error("log line"); process.stdout.write("{\\"jsonrpc\\"")'] },
    trace,
  );
  await transport.start();
  await transport.exited;
  const kinds = trace.events.map((e) => `${e.dir}:${e.kind}:${e.raw}`);
  assert.ok(kinds.includes('s2c:stray:banner'));
  assert.ok(kinds.includes('stderr:log:log line'));
  assert.ok(kinds.includes('s2c:partial:{"jsonrpc"'));
  assert.equal(trace.events.at(-1)!.kind, 'exited');
});

test('large writes honour backpressure and arrive whole', async () => {
  const trace = new Trace();
  // The child reads nothing for a while, so the pipe fills and write() must wait for drain.
  const transport = new StdioTransport(
    {
      command: process.execPath,
      args: ['-e', 'let n=0;setTimeout(()=>process.stdin.on("data",(c)=>{n+=c.length}).on("end",()=>console.error("got",n)),300)'],
    },
    trace,
  );
  await transport.start();
  const line = JSON.stringify({ jsonrpc: '2.0', method: 'x', params: { s: 'y'.repeat(1024 * 1024) } });
  for (let i = 0; i < 8; i++) await transport.send(line);
  await transport.close();
  const got = trace.events.find((e) => e.dir === 'stderr' && e.raw.startsWith('got'));
  assert.equal(got?.raw, `got ${(line.length + 1) * 8}`);
});

test('a line the pipe cannot take at once is not "sent" until it is: a server that exits unread fails the send', async () => {
  const trace = new Trace();
  // Reads nothing, then exits: 4 MB cannot fit in the pipe, so the write waits, then fails.
  const transport = new StdioTransport({ command: process.execPath, args: ['-e', 'setTimeout(() => process.exit(0), 300)'] }, trace);
  await transport.start();
  const line = JSON.stringify({ jsonrpc: '2.0', method: 'x', params: { s: 'y'.repeat(4 * 1024 * 1024) } });
  await assert.rejects(transport.send(line), TransportClosedError);
  await transport.exited;
});

test('close() takes down the whole process tree, grandchildren included', { skip: process.platform === 'win32' }, async () => {
  const trace = new Trace();
  const transport = new StdioTransport(fixture('spawns-grandchild.sh'), trace);
  await transport.start();
  const line = await waitForEvent(trace, (e) => e.dir === 'stderr' && e.raw.startsWith('grandchild '), 'grandchild pid');
  const grandchild = Number(line.raw.split(' ')[1]);
  assert.ok(pidAlive(grandchild));
  await transport.close();
  await until(() => !pidAlive(grandchild), `grandchild ${grandchild} to be gone`);
});

/** A fixture started with a short grace, once it has said "ready" on stderr (its handlers are in place). */
async function startedReady(name: string, graceMs: number): Promise<{ trace: Trace; transport: StdioTransport }> {
  const trace = new Trace();
  const transport = new StdioTransport(fixture(name), trace, { graceMs });
  await transport.start();
  await waitForEvent(trace, (e) => e.dir === 'stderr' && e.raw === 'ready', 'ready');
  return { trace, transport };
}

test('a server that ignores stdin close and SIGTERM is SIGKILLed', { skip: process.platform === 'win32' }, async () => {
  const { trace, transport } = await startedReady('ignores-sigterm.mjs', 200);
  await transport.close();
  assert.deepEqual(await transport.exited, { code: null, signal: 'SIGKILL' });
  assert.ok(trace.events.some((e) => e.raw === 'ignoring SIGTERM'));
  const exited = trace.events.find((e) => e.kind === 'exited')!;
  assert.equal(exited.raw, 'server exited (signal SIGKILL)');
});

test('a server still writing its last lines when the grace ends is given the time to finish, and every line is kept', { skip: process.platform === 'win32' }, async () => {
  // 20 lines at least 20 ms apart: 400 ms or more of writing against a 200 ms grace (1 s in all while it writes).
  const { trace, transport } = await startedReady('flushes-on-close.mjs', 200);
  await transport.close();
  assert.deepEqual(await transport.exited, { code: 0, signal: null });
  const lines = trace.events.filter((e) => e.dir === 'stderr').map((e) => e.raw);
  assert.deepEqual(lines, ['ready', ...Array.from({ length: 20 }, (_, i) => `flushing ${i + 1} of 20`), 'flushed']);
});

test('a server that writes on and never exits still gets SIGTERM', { skip: process.platform === 'win32' }, async () => {
  const { trace, transport } = await startedReady('writes-forever.mjs', 100);
  await transport.close();
  assert.deepEqual(await transport.exited, { code: null, signal: 'SIGTERM' });
  assert.ok(trace.events.some((e) => e.dir === 'stderr' && e.raw.startsWith('still here ')));
});

test('when the host process exits, the server tree dies with it', { skip: process.platform === 'win32' }, async () => {
  const { execFileSync } = await import('node:child_process');
  const out = execFileSync(process.execPath, ['--import', 'tsx', path.join(SERVERS, '../../unit/transport/parent-exits.mts')], {
    encoding: 'utf8',
  });
  const pids = out.trim().split(' ').map(Number);
  assert.equal(pids.length, 2);
  for (const pid of pids) await until(() => !pidAlive(pid), `pid ${pid} to be gone`);
});

test('an oversize line and bytes that are not UTF-8 from a real child are events with their facts', async () => {
  const trace = new Trace();
  const script = [
    'process.stdout.write("x".repeat(5000) + "\\n");',
    'process.stdout.write(Buffer.from([0x7b, 0xff, 0x7d, 0x0a]));',
    'process.stdout.write(JSON.stringify({ jsonrpc: "2.0", method: "n" }, null, 2) + "\\n");',
  ].join('');
  const transport = new StdioTransport({ command: process.execPath, args: ['-e', script] }, trace, { maxLineBytes: 1000 });
  await transport.start();
  await transport.exited;
  const out = trace.events.filter((e) => e.dir === 's2c');
  assert.deepEqual(out.map((e) => e.kind), ['oversize', 'stray', 'notification']);
  assert.equal(out[0]!.info?.bytes, 5000);
  assert.equal(out[1]!.invalidUtf8, true);
  assert.equal(out[1]!.bytes, Buffer.from([0x7b, 0xff, 0x7d]).toString('base64'));
  assert.equal(out[2]!.multiline, true);
});

test('a flood of ASCII lines from a real child is recorded line for line, each event reading and serialising as its text', async () => {
  const trace = new Trace();
  const line = (i: number) => `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"event ${i}"}}`;
  const script = `let s="";for(let i=0;i<3000;i++)s+=${JSON.stringify(line(0)).replace('event 0', '"+"event "+i+"')}+"\\n";process.stdout.write(s)`;
  const transport = new StdioTransport({ command: process.execPath, args: ['-e', script] }, trace);
  await transport.start();
  await transport.exited;
  const lines = trace.events.filter((e) => e.dir === 's2c');
  assert.equal(lines.length, 3000);
  lines.forEach((e, i) => {
    const plain = { seq: e.seq, t: e.t, dir: 's2c', kind: 'notification', raw: line(i), msg: JSON.parse(line(i)) };
    assert.equal(e.raw, line(i));
    assert.equal(serializeEvent(e), JSON.stringify(plain));
  });
});
