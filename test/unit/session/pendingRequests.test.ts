// The shared timeout timer of PendingRequests, on mocked clocks (setTimeout and Date move only
// when the test ticks them): each request times out exactly when its own timer would have.
import { mock, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { PendingRequests, type PendingRequest } from '../../../src/core/session/pendingRequests';

interface Fired {
  id: number;
  at: number;
  afterMs: number;
}

function clock(t: TestContext): void {
  mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 0 });
  t.after(() => mock.timers.reset());
}

/** Moves both clocks a millisecond at a time: one big tick would show every callback the end time. */
function advance(ms: number): void {
  for (let i = 0; i < ms; i++) mock.timers.tick(1);
}

/** A request started now; its timeouts land in `fired`. */
function request(id: number, timeoutMs: number, fired: Fired[], extra: Partial<PendingRequest> = {}): PendingRequest {
  const startedAt = Date.now();
  return {
    id,
    method: 'tools/call',
    startedAt,
    timeoutMs,
    deadline: startedAt + 10 * timeoutMs,
    settle: () => assert.fail(`request ${id} settled`),
    onTimeout: (afterMs) => fired.push({ id, at: Date.now(), afterMs }),
    ...extra,
  };
}

test('every request times out after its own timeout, earliest first, whatever the order they were added in', (t) => {
  clock(t);
  const pending = new PendingRequests();
  const fired: Fired[] = [];
  pending.add(request(1, 100, fired));
  advance(50);
  pending.add(request(2, 100, fired));
  advance(10);
  // Sooner than the one the timer waits for.
  pending.add(request(3, 30, fired));
  pending.add(request(4, 40, fired));
  advance(29);
  assert.deepEqual(fired, []);
  advance(1);
  assert.deepEqual(fired, [{ id: 3, at: 90, afterMs: 30 }]);
  advance(200);
  assert.deepEqual(fired, [
    { id: 3, at: 90, afterMs: 30 },
    // Due at the same moment: the older request first.
    { id: 1, at: 100, afterMs: 100 },
    { id: 4, at: 100, afterMs: 40 },
    { id: 2, at: 150, afterMs: 100 },
  ]);
  assert.equal(pending.size, 0);
});

test('a request answered before its timeout never times out; the others still do', (t) => {
  clock(t);
  const pending = new PendingRequests();
  const fired: Fired[] = [];
  pending.add(request(1, 100, fired));
  pending.add(request(2, 300, fired));
  advance(50);
  assert.equal(pending.take(1)?.id, 1);
  pending.add(request(3, 100, fired));
  advance(1000);
  assert.deepEqual(fired, [
    { id: 3, at: 150, afterMs: 100 },
    { id: 2, at: 300, afterMs: 300 },
  ]);
  assert.equal(pending.take(1), undefined);
});

test('progress restarts a timeout, never beyond the deadline', (t) => {
  clock(t);
  const pending = new PendingRequests();
  const fired: Fired[] = [];
  const seen: number[] = [];
  pending.add(request(1, 100, fired, { progressToken: 1, deadline: 250, onProgress: (p) => seen.push(p.progress) }));
  advance(80);
  assert.equal(pending.progress(1, { progress: 1 }), true);
  advance(90);
  assert.deepEqual(fired, [], 'the progress at 80 ms moved the timeout to 180 ms');
  assert.equal(pending.progress(1, { progress: 2 }), true);
  advance(79);
  assert.deepEqual(fired, [], 'the progress at 170 ms moved it to the deadline, 250 ms');
  advance(1);
  assert.deepEqual(fired, [{ id: 1, at: 250, afterMs: 250 }]);
  assert.deepEqual(seen, [1, 2]);
  assert.equal(pending.progress(1, { progress: 3 }), false, 'no progress for a request that timed out');
});

test('rearm brings a timeout forward (the probe once the server shows life)', (t) => {
  clock(t);
  const pending = new PendingRequests();
  const fired: Fired[] = [];
  pending.add(request(1, 10_000, fired));
  pending.add(request(2, 5_000, fired));
  advance(100);
  pending.rearm(1, 300);
  advance(300);
  assert.deepEqual(fired, [{ id: 1, at: 400, afterMs: 400 }]);
  advance(4600);
  assert.deepEqual(fired.at(-1), { id: 2, at: 5000, afterMs: 5000 });
});

test('a request added by a timeout handler gets its own timeout', (t) => {
  clock(t);
  const pending = new PendingRequests();
  const fired: Fired[] = [];
  const retry = request(1, 100, fired);
  const onTimeout = retry.onTimeout;
  retry.onTimeout = (afterMs) => {
    onTimeout(afterMs);
    pending.add(request(2, 50, fired));
  };
  pending.add(retry);
  pending.add(request(3, 500, fired));
  advance(1000);
  assert.deepEqual(fired, [
    { id: 1, at: 100, afterMs: 100 },
    { id: 2, at: 150, afterMs: 50 },
    { id: 3, at: 500, afterMs: 500 },
  ]);
});

test('takeAll ends every request; none of them times out afterwards', (t) => {
  clock(t);
  const pending = new PendingRequests();
  const fired: Fired[] = [];
  for (let id = 1; id <= 3; id++) pending.add(request(id, 100 * id, fired));
  assert.deepEqual(
    pending.takeAll().map((p) => p.id),
    [1, 2, 3],
  );
  advance(1000);
  assert.deepEqual(fired, []);
});

// A real clock in a real process: the timer keeps the process alive only while a request waits.
test('a waiting request holds the process open; once answered, it exits at once', () => {
  const script = `
    const { PendingRequests } = require(${JSON.stringify(require.resolve('../../../src/core/session/pendingRequests'))});
    const pending = new PendingRequests();
    const p = (id) => ({ id, method: 'x', startedAt: Date.now(), timeoutMs: 60000, deadline: Date.now() + 60000, settle() {}, onTimeout() { console.log('timed out'); } });
    pending.add(p(1));
    const held = process.getActiveResourcesInfo().includes('Timeout');
    pending.take(1);
    const released = !process.getActiveResourcesInfo().includes('Timeout');
    pending.add(p(2));
    const heldAgain = process.getActiveResourcesInfo().includes('Timeout');
    pending.take(2);
    console.log(JSON.stringify({ held, released, heldAgain, releasedAgain: !process.getActiveResourcesInfo().includes('Timeout') }));
  `;
  // A timer left holding the process would keep it 60 s: spawnSync's timeout turns that into a failure.
  const run = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { encoding: 'utf8', timeout: 30_000 });
  assert.equal(run.status, 0, run.stderr);
  assert.deepEqual(JSON.parse(run.stdout.trim()), { held: true, released: true, heldAgain: true, releasedAgain: true });
});

test('a timer that fires late (a busy event loop) times the overdue requests out earliest due first', (t) => {
  clock(t);
  const pending = new PendingRequests();
  const fired: Fired[] = [];
  pending.add(request(1, 100, fired));
  advance(60);
  pending.add(request(2, 30, fired));
  // One tick of 200 ms: the timer armed for 90 ms runs at 260 ms, when both are overdue.
  mock.timers.tick(200);
  assert.deepEqual(
    fired.map((f) => f.id),
    [2, 1],
  );
});

test('the request the timer was armed for times out when it fires, even if the clock reads short of its due time', (t) => {
  // Only setTimeout is mocked: Date.now() stays where it was when the mocked timer fires, as a
  // real clock can read a millisecond short when a timer fires early.
  mock.timers.enable({ apis: ['setTimeout'] });
  t.after(() => mock.timers.reset());
  const pending = new PendingRequests();
  const fired: Fired[] = [];
  pending.add(request(1, 100, fired));
  mock.timers.tick(100);
  assert.deepEqual(
    fired.map((f) => f.id),
    [1],
  );
});

test('a timeout longer than setTimeout can wait (2^31 - 1 ms) does not fire at once', async () => {
  // Real timers: Node runs a longer delay after 1 ms (TimeoutOverflowWarning); the request must still wait.
  const pending = new PendingRequests();
  const fired: Fired[] = [];
  pending.add(request(1, 3_000_000_000, fired));
  pending.add(request(2, 2 ** 31 + 5, fired));
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.deepEqual(fired, []);
  assert.equal(pending.size, 2);
  pending.takeAll();
});

test('a timeout longer than setTimeout can wait fires at its due time, after the timer\'s longest steps', (t) => {
  clock(t);
  const pending = new PendingRequests();
  const fired: Fired[] = [];
  pending.add(request(1, 2 ** 32 + 5, fired));
  mock.timers.tick(2 ** 31 - 1);
  mock.timers.tick(2 ** 31 - 1);
  assert.deepEqual(fired, []);
  mock.timers.tick(6);
  assert.deepEqual(fired, []);
  mock.timers.tick(1);
  assert.deepEqual(fired, [{ id: 1, at: 2 ** 32 + 5, afterMs: 2 ** 32 + 5 }]);
});

test('a timeout handler that throws does not stop the other overdue requests, nor the later ones, from timing out', (t) => {
  clock(t);
  const errors = t.mock.method(console, 'error', () => undefined);
  const pending = new PendingRequests();
  const fired: Fired[] = [];
  pending.add(request(1, 100, fired, { onTimeout: () => { throw new Error('handler bug'); } }));
  pending.add(request(2, 100, fired));
  pending.add(request(3, 200, fired));
  advance(300);
  assert.deepEqual(fired, [
    { id: 2, at: 100, afterMs: 100 },
    { id: 3, at: 200, afterMs: 200 },
  ]);
  assert.equal(pending.size, 0);
  assert.equal(errors.mock.callCount(), 1);
});
