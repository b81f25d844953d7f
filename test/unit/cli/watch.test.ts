/**
 * `mcp-lens watch` against real servers: a 2026-07-28 stdio server (subscriptions/listen), a
 * legacy one (resources/subscribe), and a Streamable HTTP one. Each ends on --count, on Ctrl-C
 * (SIGINT) or on --duration, cancels what it opened, and leaves no server running. The legacy
 * server's tests run over stdio and over Streamable HTTP (the same server behind the SDK's
 * HTTP transport).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { buildCli, FIXTURES, finish, NODE, runCli, startCli, waitFor } from './helpers';
import { startHttpFixture, type HttpFixture } from '../transport/httpHelpers';
import { execFileSync } from 'node:child_process';
import { HTTP, STDIO, TRANSPORTS, type Transport } from '../transport/transports';

before(buildCli);

const MODERN = `${FIXTURES}modern-subscriptions.mjs`;
const LEGACY = `${FIXTURES}legacy-subscriptions.mjs`;
const URI = 'memo://counter';

type Line = Record<string, any>;
const lines = (stdout: string): Line[] => stdout.trim().split('\n').map((l) => JSON.parse(l) as Line);
const methodOf = (e: Line) => e.msg?.method as string | undefined;

/** The server's pid from the trace, and whether it is still running. */
function serverAlive(end: Line): boolean {
  const pid = end.events.find((e: Line) => e.kind === 'spawned')?.info?.pid as number;
  assert.ok(pid > 0, 'the trace names the server process');
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

test('watch: a 2026-07-28 server: one listen stream for the URI, each update printed, --count ends it with notifications/cancelled', async () => {
  const run = await runCli(['watch', '--resource', URI, '--count', '3', '--json', '--', NODE, MODERN], { env: { MODERN_SUBS_TICK_MS: '50' } });
  assert.equal(run.code, 0, run.stderr);
  const out = lines(run.stdout);
  const end = out.at(-1)!;
  assert.deepEqual(out.slice(0, -1).map((l) => [l.type, l.method, l.uri]), Array(3).fill(['notification', 'notifications/resources/updated', URI]));
  assert.equal(end.type, 'end');
  assert.equal(end.how, 'count');
  assert.equal(end.notifications, 3);
  const listen = end.events.find((e: Line) => methodOf(e) === 'subscriptions/listen');
  assert.deepEqual(listen.msg.params.notifications, { resourceSubscriptions: [URI] });
  const cancel = end.events.find((e: Line) => e.dir === 'c2s' && methodOf(e) === 'notifications/cancelled');
  assert.equal(cancel?.msg.params.requestId, listen.msg.id, 'the stream is cancelled by its id');
  assert.ok(end.events.some((e: Line) => e.dir === 'stderr' && /stream \d+ cancelled by the client/.test(e.raw)), 'the server saw the cancellation');
  assert.deepEqual(end.diagnostics.filter((d: Line) => d.severity !== 'info'), []);
  assert.equal(serverAlive(end), false);
});

test('watch: Ctrl-C ends a watch cleanly (cancelled, server stopped, exit 0); readable lines on stdout', async () => {
  const child = startCli(['watch', '--resource', URI, '--', NODE, MODERN], { MODERN_SUBS_TICK_MS: '50' });
  let seen = '';
  child.stdout.on('data', (c: Buffer) => (seen += c.toString('utf8')));
  const done = finish(child, undefined, 30_000);
  await waitFor(() => (seen.match(/resources\/updated memo:\/\/counter/g) ?? []).length >= 2, 'two updates printed');
  child.kill('SIGINT');
  const run = await done;
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /^\d\d:\d\d:\d\d\.\d{3} resources\/updated memo:\/\/counter$/m);
  assert.match(run.stderr, /watching memo:\/\/counter; Ctrl-C to stop/);
  assert.match(run.stderr, /\d+ notifications; stopped \(SIGINT\); the server was stopped/);
});

test('watch: a Ctrl-C after --count ended the watch, while the server takes its time to stop, stops it at once (exit 130)', async () => {
  // The server stays after stdin closes and ignores SIGTERM: stopping it gracefully takes two grace periods and a SIGKILL.
  const child = startCli(['watch', '--resource', URI, '--count', '1', '--json', '--', NODE, `${FIXTURES}modern-stubborn.mjs`], { MODERN_SUBS_TICK_MS: '50' });
  let seen = '';
  child.stdout.on('data', (c: Buffer) => (seen += c.toString('utf8')));
  const done = finish(child, undefined, 30_000);
  // The line is printed, then --count ends the watch, in one turn: the Ctrl-C comes after.
  await waitFor(() => seen.includes('"type":"notification"'), 'the notification printed');
  child.kill('SIGINT');
  const run = await done;
  assert.equal(run.code, 130, run.stderr);
  assert.ok(!run.stdout.includes('"type":"end"'), 'stopped at once, before the report');
});

/**
 * The watch stopped the server: over stdio the process in the trace has ended; over HTTP the
 * session was ended (DELETE), so its server process (found by `marker`) is gone.
 */
async function serverStopped(t: Transport, end: Line, marker: string): Promise<void> {
  if (t === STDIO) {
    assert.equal(serverAlive(end), false);
    return;
  }
  assert.ok(end.events.some((e: Line) => e.dir === 'meta' && /DELETE/.test(JSON.stringify(e.info ?? e))), 'the session was ended with DELETE');
  const others = () => execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).split('\n').filter((l) => l.includes(marker) && !l.includes('stdio-over-http.mjs'));
  await waitFor(() => others().length === 0, 'the session\'s server process to end');
}

for (const t of TRANSPORTS) {
  test(`watch over ${t.name}: a legacy server: resources/subscribe, updates and list changes printed, unsubscribed at the end`, async () => {
    // Every third change also brings tools/list_changed: four notifications hold both kinds.
    const marker = `--watch-marker-${process.pid}-${t.name}`;
    const env = { LEGACY_SUBS_TICK_MS: '60' };
    const run = await runCli(['watch', '--resource', URI, '--lists', '--count', '4', '--json', ...(await t.server(LEGACY, { args: [marker], env }))], { env });
    assert.equal(run.code, 0, run.stderr);
    const out = lines(run.stdout);
    const end = out.at(-1)!;
    assert.equal(end.how, 'count');
    const methods = new Set(out.slice(0, -1).map((l) => l.method));
    assert.deepEqual([...methods].sort(), ['notifications/resources/updated', 'notifications/tools/list_changed']);
    const sent = end.events.filter((e: Line) => e.dir === 'c2s').map(methodOf);
    assert.ok(sent.includes('resources/subscribe') && sent.includes('resources/unsubscribe'), sent.join(', '));
    assert.ok(!sent.includes('subscriptions/listen'));
    await serverStopped(t, end, marker);
  });

  test(`watch over ${t.name}: --duration ends a quiet watch of a legacy server with exit 0 and no server left`, async () => {
    const marker = `--watch-quiet-${process.pid}-${t.name}`;
    // A tick far beyond the watch: nothing arrives in its second.
    const env = { LEGACY_SUBS_TICK_MS: '600000' };
    const run = await runCli(['watch', '--resource', URI, '--duration', '1', '--json', ...(await t.server(LEGACY, { args: [marker], env }))], { env });
    assert.equal(run.code, 0, run.stderr);
    const end = lines(run.stdout).at(-1)!;
    assert.equal(end.how, 'duration');
    assert.equal(end.notifications, 0);
    await serverStopped(t, end, marker);
  });
}

test('watch: a server that sends a list change nobody asked for: unrequested-notification, exit 1 (error)', async () => {
  const run = await runCli(['watch', '--resource', URI, '--count', '1', '--', NODE, MODERN], { env: { MODERN_SUBS_UNREQUESTED: '1', MODERN_SUBS_TICK_MS: '50' } });
  assert.equal(run.code, 1, run.stderr);
  assert.match(run.stderr, /unrequested-notification/);
  assert.doesNotMatch(run.stdout, /tools\/list_changed/, 'what was not asked for is not printed as a change');
});

test('watch: --duration ends a quiet watch with exit 0 and no server left', async () => {
  const run = await runCli(['watch', '--resource', URI, '--duration', '1', '--json', '--', NODE, MODERN]);
  assert.equal(run.code, 0, run.stderr);
  const end = lines(run.stdout).at(-1)!;
  assert.equal(end.how, 'duration');
  assert.equal(end.notifications, 0);
  assert.equal(serverAlive(end), false);
});

test('watch: nothing to watch and usage errors', async () => {
  const nothing = await runCli(['watch', '--', NODE, MODERN]);
  assert.equal(nothing.code, 1);
  assert.match(nothing.stderr, /nothing to watch/);
  for (const argv of [['watch', '--count', '0', '--', NODE], ['watch', '--resource', '', '--', NODE], ['watch', '--duration', 'x', '--', NODE]]) {
    assert.equal((await runCli(argv)).code, 2, argv.join(' '));
  }
});

let http: HttpFixture;
before(async () => (http = await startHttpFixture('listen-http.mjs')));
after(() => http?.stop());

test('watch: a Streamable HTTP server: the listen stream is the response stream; --count ends it', async () => {
  const child = startCli(['watch', '--resource', URI, '--count', '1', '--json', '--url', http.url]);
  const done = finish(child, undefined, 30_000);
  // The fixture sends an update when its bump tool runs: bump from another client until the watch has seen one.
  let run;
  for (let i = 0; i < 50; i++) {
    await runCli(['call', 'bump', '--url', http.url]);
    run = await Promise.race([done, new Promise<undefined>((r) => setTimeout(r, 100))]);
    if (run) break;
  }
  run ??= await done;
  assert.equal(run.code, 0, run.stderr);
  const out = lines(run.stdout);
  assert.equal(out[0].method, 'notifications/resources/updated');
  assert.equal(out.at(-1)!.how, 'count');
});

test('watch: a --duration or --timeout longer than setTimeout can wait (2^31 - 1 ms) is a long wait, not an instant end', async () => {
  // 30 days, and 35 days: Node runs such a delay after 1 ms unless it is taken in steps.
  const run = await runCli(['watch', '--resource', URI, '--duration', '2592000', '--timeout', '3000000000', '--count', '2', '--json', '--', NODE, MODERN], { env: { MODERN_SUBS_TICK_MS: '50' } });
  assert.equal(run.code, 0, run.stderr);
  const end = lines(run.stdout).at(-1)!;
  assert.equal(end.how, 'count', JSON.stringify(end.detail));
  assert.equal(end.notifications, 2);
  assert.equal(serverAlive(end), false);
});
