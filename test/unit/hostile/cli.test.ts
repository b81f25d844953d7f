import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { buildCli, NODE, report, runCli, type CliRun } from '../cli/helpers';
import { pidAlive } from '../transport/helpers';
import { HOSTILE, processesWithMarker, uniqueMarker } from './helpers';

before(buildCli);

const server = (name: string) => `${HOSTILE}/${name}`;

/** A report, not a crash: no stack frame and no "Uncaught"/"TypeError" on either stream. */
function assertNoStack(run: CliRun): void {
  for (const text of [run.stdout.slice(0, 200_000), run.stderr]) {
    assert.doesNotMatch(text, /^\s+at .+\(.+:\d+:\d+\)$/m, 'a stack trace was printed');
    assert.doesNotMatch(text, /TypeError|ReferenceError|Uncaught|UnhandledPromiseRejection/);
  }
}

const pidsOf = (r: Record<string, any>) => r.events.filter((e: any) => e.kind === 'spawned').map((e: any) => e.info.pid as number);

test('check on a crash loop server: exit 1 with exited-early and its stderr reason, every time', async () => {
  for (let i = 0; i < 3; i++) {
    const run = await runCli(['check', '--', NODE, server('crash-loop.mjs')]);
    assert.equal(run.code, 1);
    assertNoStack(run);
    assert.match(run.stdout, /exited-early/);
    assert.match(run.stdout, /fatal: cannot read config/);
  }
});

test('check on a server that hangs after initialize: timeout named, exit 1, the server is not left running', async () => {
  const run = await runCli(['check', '--json', '--timeout', '1500', '--', NODE, server('hangs-after-initialize.mjs')]);
  assert.equal(run.code, 1, run.stderr);
  assertNoStack(run);
  const r = report(run);
  assert.ok(r.diagnostics.some((d: any) => d.rule === 'timeout' && /tools\/list/.test(d.message)), JSON.stringify(r.diagnostics));
  assert.deepEqual(pidsOf(r).filter(pidAlive), []);
});

test('check on malformed lines between valid ones: stray-stdout and not-jsonrpc with evidence, exit 1', async () => {
  const run = await runCli(['check', '--json', '--', NODE, server('malformed-interleaved.mjs')], { env: { HOSTILE_ROUNDS: '5' } });
  assert.equal(run.code, 1);
  assertNoStack(run);
  const r = report(run);
  const rules = new Set(r.diagnostics.map((d: any) => d.rule));
  assert.ok(rules.has('stray-stdout') && rules.has('not-jsonrpc'), [...rules].join(', '));
  assert.deepEqual(r.tools.map((t: any) => t.name), ['echo']);
});

test('call on a server that crashes mid-response: exit 1 with crashed and partial-line, no stack', async () => {
  const run = await runCli(['call', 'echo', '--args', '{"text":"x"}', '--', NODE, server('crash-mid-response.mjs')]);
  assert.equal(run.code, 1);
  assertNoStack(run);
  const all = run.stdout + run.stderr;
  assert.match(all, /crashed/);
  assert.match(all, /partial-line/);
  assert.match(all, /fatal: out of memory while answering/);
});

test('call whose answer is a 70 MiB line: the call fails saying so (no waiting for a timeout), the diagnostic names its size, exit 1', async () => {
  const run = await runCli(['call', 'huge', '--', NODE, server('oversize-line.mjs')], { deadlineMs: 60_000 });
  assert.equal(run.code, 1);
  assertNoStack(run);
  const all = run.stdout + run.stderr;
  assert.match(all, /73400320 bytes is over the 64 MiB line cap/);
  assert.match(all, /is 73400320 bytes, over the client's line size cap; it was not read/);
  assert.doesNotMatch(all, /no response within/);
  assert.ok(all.length < 1024 * 1024, `printed ${all.length} characters`);
});

test('call whose answer is 50 MiB on one line: the whole text on stdout, exit 0', async () => {
  const run = await runCli(['call', 'big', '--', NODE, server('big-result.mjs')], { deadlineMs: 60_000 });
  assert.equal(run.code, 0, run.stderr.slice(0, 2000));
  assertNoStack(run);
  const unit = '0123456789abcdefghijklmnopqrstuvwxyz';
  const text = unit.repeat(Math.ceil((50 * 1024 * 1024) / unit.length)).slice(0, 50 * 1024 * 1024);
  assert.ok(run.stdout.includes(text), 'the 50 MiB text, whole');
});

test('check on a server flooding stderr: every stderr line it wrote is in the report, in order', async () => {
  const run = await runCli(['check', '--json', '--', NODE, server('stderr-flood.mjs')], { env: { HOSTILE_FLOOD_TAIL_BYTES: '0' } });
  assertNoStack(run);
  const r = report(run);
  const lines = r.events.filter((e: any) => e.dir === 'stderr').map((e: any) => e.raw as string);
  assert.ok(lines.length > 0);
  assert.ok(lines.every((l: string, i: number) => l === `flood ${i + 1} of 100000`), 'contiguous, none lost');
});

test('check on a server that ignores SIGTERM with grandchildren that do too: the CLI ends and leaves none of them', { skip: process.platform !== 'linux' }, async () => {
  const marker = uniqueMarker();
  const run = await runCli(['check', '--', NODE, server('sigterm-tree.mjs')], { env: { HOSTILE_MARKER: marker } });
  assertNoStack(run);
  assert.equal(run.code, 0, run.stdout);
  assert.deepEqual(processesWithMarker('HOSTILE_MARKER', marker), []);
});

test('escape sequences in a server\'s names, schema and results never reach the terminal: check, call and fuzz show them as ⟨U+001B⟩', async () => {
  const escapes = '\u001b]8;;http://127.0.0.1:9/osc8\u0007LINK\u001b]8;;\u0007\u001b[31mRED\u0007';
  // What may reach the terminal: newline, tab and the CLI's own colours (FORCE_COLOR turns them on in this pipe).
  const raw = /\u001b(?!\[(?:1|2|22|31|32|33|35|36|39)m)|[\u0000-\u0008\u000b-\u001a\u001c-\u001f\u007f-\u009f]/g;
  const runs: [string, string[]][] = [
    ['check', ['check']],
    ['call', ['call', `tool${escapes}`, '--args', JSON.stringify({ [`p${escapes}`]: 1 })]],
    ['fuzz', ['fuzz', '--runs', '20', '--seed', '1']],
  ];
  for (const [name, args] of runs) {
    const run = await runCli([...args, '--', NODE, server('terminal-escapes.mjs')], { env: { FORCE_COLOR: '1' } });
    assertNoStack(run);
    const all = run.stdout + run.stderr;
    assert.deepEqual(all.match(raw) ?? [], [], `${name}: a control character reached the terminal`);
    assert.match(all, /⟨U\+001B⟩\]8;;http:\/\/127\.0\.0\.1:9\/osc8⟨U\+0007⟩LINK/, `${name}: the text is shown, written out`);
  }
});
