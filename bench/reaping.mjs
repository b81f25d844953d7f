// What waiting for a server's process tree to die costs the thread that waits (issue 10:
// "Shutdown blocks the extension host"). The old wait polled every 20 ms with a synchronous
// scan of all of /proc; the new one reads /proc asynchronously and, while it waits, polls
// only the tree's own members. Linux only. Prints numbers; asserts none.
//
//   node --import tsx bench/reaping.mjs [EXTRA_PROCESSES] [--ms DURATION]
//
// EXTRA_PROCESSES (default 100) idle processes are started first so /proc is as busy as a
// developer machine's; the tree is a shell with two children carrying the tree cookie.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { linuxMembers, linuxMembersAsync, linuxStillRunning } from '../src/core/transport/linuxTree.ts';
import { COOKIE_VAR } from '../src/core/transport/processTree.ts';

if (process.platform !== 'linux') {
  console.log('reaping bench: Linux only (the tree is found in /proc)');
  process.exit(0);
}
const argv = process.argv.slice(2);
const extra = Number(argv.find((a) => /^\d+$/.test(a)) ?? 100);
const ms = Number(argv[argv.indexOf('--ms') + 1] ?? 2000) || 2000;

const idle = Array.from({ length: extra }, () => spawn('sleep', ['600'], { stdio: 'ignore' }));
const cookie = `${process.pid}.bench`;
const tree = spawn('sh', ['-c', 'sleep 600 & sleep 600 & wait'], { stdio: 'ignore', env: { ...process.env, [COOKIE_VAR]: cookie } });
await new Promise((r) => setTimeout(r, 300));
const procs = readdirSync('/proc').filter((e) => /^\d+$/.test(e)).length;
let known = linuxMembers(tree.pid, undefined, new Map(), process.pid);

/** Runs `poll` every 20 ms for `ms`, as a shutdown's wait does, and measures what the thread felt. */
async function measure(name, poll) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  let busy = 0;
  let polls = 0;
  delay.enable();
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const started = performance.now();
    const pending = poll();
    // The synchronous part of a poll is what blocks the thread: time it before awaiting.
    busy += performance.now() - started;
    await pending;
    polls++;
    await new Promise((r) => setTimeout(r, 20));
  }
  delay.disable();
  console.log(
    `${name.padEnd(44)} ${(busy / polls).toFixed(3).padStart(7)} ms blocking per poll` +
      `   event-loop delay p99 ${(delay.percentile(99) / 1e6).toFixed(2)} ms, max ${(delay.max / 1e6).toFixed(2)} ms   (${polls} polls)`,
  );
}

console.log(`${procs} processes in /proc, a tree of ${known.size}`);
await measure('before: sync scan of all of /proc', () => {
  known = linuxMembers(undefined, cookie, known, process.pid);
});
await measure('after: async scan of all of /proc (full look)', async () => {
  known = await linuxMembersAsync(undefined, cookie, known, process.pid);
});
await measure("after: async poll of the members' own entries", async () => {
  known = await linuxStillRunning(known);
});

for (const child of [...idle, tree]) child.kill('SIGKILL');
for (const pid of known.keys()) {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
