import assert from 'node:assert/strict';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { Recorder } from '../../../src/cli/record/recorder';
import { parseTraceText } from '../../../src/core/trace/jsonl';
import { buildCli, finish, FIXTURES, NODE, startCli, waitFor } from './helpers';

before(buildCli);

const dir = mkdtempSync(join(tmpdir(), 'mcp-lens-record-bytes-'));
const STREAMS = ['c2s', 's2c', 'stderr'] as const;

/** The pieces varied-output.mjs writes and the host sends (the fixture's own module, plain JS). */
interface Varied {
  variedPieces(): Array<{ stream: 'stdout' | 'stderr'; bytes: Buffer }>;
  hostPieces(): Buffer[];
}
const varied = (): Promise<Varied> => import(`${FIXTURES}record/variedOutput.mjs`) as Promise<Varied>;

/** The trace's lines of each stream, without the `{"seq":…,"t":…,` every line starts with. */
function linesByStream(trace: Buffer): Record<string, string[]> {
  const by: Record<string, string[]> = { c2s: [], s2c: [], stderr: [], meta: [] };
  for (const line of trace.toString('utf8').split('\n').slice(0, -1)) {
    const m = /^\{"seq":\d+,"t":[0-9.]+,("dir":"(\w+)".*)$/s.exec(line);
    assert.ok(m, `not a trace line: ${line.slice(0, 200)}`);
    by[m[2]].push(m[1]);
  }
  return by;
}

/** What a Recorder writes for each stream's bytes handed over whole, then ended. */
async function reference(bytes: Record<(typeof STREAMS)[number], Buffer>): Promise<Record<string, string[]>> {
  const path = join(dir, `reference-${Date.now()}.jsonl`);
  const fd = openSync(path, 'w');
  const recorder = new Recorder(fd);
  for (const stream of STREAMS) {
    recorder.handle({ type: 'chunk', dir: stream, t: 1, chunk: bytes[stream] });
    recorder.handle({ type: 'end', dir: stream, t: 1 });
  }
  assert.equal(await recorder.drained(), undefined);
  closeSync(fd);
  return linesByStream(readFileSync(path));
}

test('record relays varied streams unchanged and traces each one as the recorder does its bytes (CRLF, split characters, invalid UTF-8, huge lines, exit mid-line)', async () => {
  const out = join(dir, 'varied.mcptrace.jsonl');
  const child = startCli(['record', '--out', out, '--', NODE, `${FIXTURES}record/varied-output.mjs`]);
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  child.stdout.on('data', (c: Buffer) => stdout.push(c));
  child.stderr.on('data', (c: Buffer) => stderr.push(c));
  const done = finish(child, undefined, 60_000);
  const { hostPieces, variedPieces } = await varied();
  const sent = hostPieces();
  for (const piece of sent) {
    child.stdin.write(piece);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  // The host closes stdin with a line half sent.
  child.stdin.end();
  const run = await done;
  assert.equal(run.code, 3);

  const pieces = variedPieces();
  const expected = {
    c2s: Buffer.concat(sent),
    s2c: Buffer.concat(pieces.filter((p) => p.stream === 'stdout').map((p) => p.bytes)),
    stderr: Buffer.concat(pieces.filter((p) => p.stream === 'stderr').map((p) => p.bytes)),
  };
  assert.ok(Buffer.concat(stdout).equals(expected.s2c), 'stdout relayed byte for byte');
  assert.ok(Buffer.concat(stderr).equals(expected.stderr), 'stderr relayed byte for byte');

  const traced = linesByStream(readFileSync(out));
  const wanted = await reference(expected);
  for (const stream of STREAMS) assert.deepEqual(traced[stream], wanted[stream], `the ${stream} lines of the trace`);
  assert.deepEqual(
    traced.meta.map((line) => /"kind":"([\w-]+)"/.exec(line)![1]),
    ['spawned', 'stdin-closed', 'note', 'exited'],
  );
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  test(`record stopped by ${signal} in the middle of a flood traces every byte it relayed`, async () => {
    const out = join(dir, `${signal}.mcptrace.jsonl`);
    const child = startCli(['record', '--out', out, '--', NODE, `${FIXTURES}record/endless-flood.mjs`]);
    let received = 0;
    child.stdout.on('data', (c: Buffer) => (received += c.length));
    const done = finish(child, undefined, 60_000);
    await waitFor(() => received > 4_000_000, 'the flood to be under way');
    child.kill(signal);
    const run = await done;

    const { events, problems } = parseTraceText(readFileSync(out, 'utf8'));
    assert.deepEqual(problems, []);
    const relayed = events
      .filter((e) => e.dir === 's2c')
      .map((e) => (e.kind === 'partial' ? e.raw : e.raw + '\n'))
      .join('');
    assert.ok(relayed.length > 4_000_000);
    assert.equal(relayed.length, run.stdout.length);
    assert.ok(relayed === run.stdout, 'the trace holds exactly what the host received');
    assert.ok(events.some((e) => e.kind === 'note' && e.raw.includes(`received ${signal}`)));
    assert.equal(events[events.length - 1].kind, 'exited');
  });
}

test('the recorder thread runs at the proxy’s own priority: on a busy machine a niced recorder held the proxy’s exit for a minute', { skip: process.platform !== 'linux' }, async () => {
  const out = join(dir, 'priority.mcptrace.jsonl');
  const child = startCli(['record', '--out', out, '--', NODE, `${FIXTURES}record/late-echo.mjs`]);
  const done = finish(child, undefined, 30_000);
  // stat's fields after the command's closing parenthesis: state is the 3rd field, nice the 19th.
  const nice = (stat: string) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  const threads = () => readdirSync(`/proc/${child.pid}/task`).map((tid) => nice(readFileSync(`/proc/${child.pid}/task/${tid}/stat`, 'utf8')));
  // The main thread, V8's and libuv's, and the recorder (started with the proxy, before the server's first line).
  await waitFor(() => existsSync(out) && readFileSync(out, 'utf8').includes('"kind":"spawned"'), 'the recorder to write its first event');
  const own = nice(readFileSync(`/proc/${child.pid}/stat`, 'utf8'));
  assert.deepEqual([...new Set(threads())], [own], 'every thread of the proxy at its own nice value');
  child.stdin.end();
  assert.equal((await done).code, 0);
});

test('chunks that wait in a write queue (a server not reading, a host not reading) are relayed and traced intact', async () => {
  const out = join(dir, 'queued.mcptrace.jsonl');
  const child = startCli(['record', '--out', out, '--', NODE, `${FIXTURES}record/late-echo.mjs`]);
  const lines: string[] = [];
  for (let i = 0; i < 40_000; i++) lines.push(`{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"line ${i} ${'x'.repeat(i % 97)}"}}\n`);
  const sent = lines.join('');
  const done = finish(child, undefined, 60_000);
  // The host stops reading too, so the echo also waits in record's stdout.
  child.stdout.pause();
  child.stdin.end(sent);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  child.stdout.resume();
  const run = await done;
  assert.equal(run.code, 0);
  assert.ok(run.stdout === sent, 'the host received exactly what it sent, echoed');

  const { events, problems } = parseTraceText(readFileSync(out, 'utf8'));
  assert.deepEqual(problems, []);
  const traced = (dir: string) =>
    events
      .filter((e) => e.dir === dir)
      .map((e) => (e.kind === 'partial' ? e.raw : e.raw + '\n'))
      .join('');
  assert.ok(traced('c2s') === sent, 'the trace holds what the host sent');
  assert.ok(traced('s2c') === sent, 'the trace holds what the server echoed');
});
