import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { linuxLeader, linuxMembers, linuxMembersAsync, linuxStillRunning } from '../../../src/core/transport/linuxTree';
import { StdioTransport } from '../../../src/core/transport/stdio';
import { Trace } from '../../../src/core/trace/trace';
import { fixture, pidAlive, until, waitForEvent } from './helpers';

const notLinux = process.platform !== 'linux';

/** A fake /proc: pid → [state, ppid, starttime, environ]. */
function fakeProc(procs: Record<number, [string, number, string, string[]?]>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-lens-proc-'));
  fs.mkdirSync(path.join(root, 'self'));
  for (const [pid, [state, ppid, start, env]] of Object.entries(procs)) {
    const dir = path.join(root, pid);
    fs.mkdirSync(dir);
    // Fields after "(comm)": state ppid pgrp session tty tpgid flags minflt cminflt majflt
    // cmajflt utime stime cutime cstime priority nice threads itrealvalue starttime …
    const rest = [state, ppid, ppid, 1, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 20, 0, 1, 0, start, 1000].join(' ');
    fs.writeFileSync(path.join(dir, 'stat'), `${pid} (a (weird) name) ${rest}\n`);
    fs.writeFileSync(path.join(dir, 'environ'), (env ?? ['PATH=/bin']).map((v) => `${v}\0`).join(''));
  }
  return root;
}

const ids = (m: Map<number, string>) => [...m.keys()].sort((a, b) => a - b);

test('first look: the leader and its descendants, not its parent, siblings or zombies', () => {
  const root = fakeProc({
    1: ['S', 0, '1'],
    50: ['S', 1, '10'], // us
    100: ['S', 50, '20'], // the leader
    101: ['S', 100, '21'],
    102: ['Z', 100, '22'],
    103: ['S', 101, '23'],
    200: ['S', 50, '30'], // another server of ours
  });
  assert.deepEqual(ids(linuxMembers(100, undefined, new Map(), 50, root)), [100, 101, 103]);
});

test('the look at spawn reads the leader alone: its start time, or nothing if it is already gone or a zombie', () => {
  const root = fakeProc({ 100: ['S', 50, '20'], 101: ['S', 100, '21'], 102: ['Z', 50, '22'] });
  assert.deepEqual([...linuxLeader(100, root)], [[100, '20']]);
  assert.equal(linuxLeader(102, root).size, 0);
  assert.equal(linuxLeader(103, root).size, 0);
});

test('the async first look agrees with the sync one', async () => {
  const root = fakeProc({ 1: ['S', 0, '1'], 50: ['S', 1, '10'], 100: ['S', 50, '20'], 101: ['S', 100, '21'], 102: ['Z', 100, '22'] });
  assert.deepEqual(ids(await linuxMembersAsync(100, undefined, new Map(), 50, root)), ids(linuxMembers(100, undefined, new Map(), 50, root)));
  assert.deepEqual(ids(await linuxMembersAsync(100, undefined, new Map([[7, '1']]), 50, path.join(root, 'missing'))), [7], 'no /proc: what was known');
});

test('polling the known members reads only theirs: gone, zombie and reused pids drop out, the rest stay', async () => {
  const root = fakeProc({
    101: ['S', 1, '21'], // still running
    102: ['Z', 1, '22'], // exited, waiting to be reaped
    104: ['S', 1, '99'], // pid reused by another program
    500: ['S', 1, '60'], // not ours, and never read
  });
  const known = new Map([[101, '21'], [102, '22'], [103, '23'], [104, '24']]);
  assert.deepEqual([...(await linuxStillRunning(known, root))], [[101, '21']]);
  assert.equal((await linuxStillRunning(new Map(), root)).size, 0);
});

test('later looks: remembered orphans by pid and start time, cookie carriers, and what descends from them', async () => {
  const known = new Map([
    [101, '21'], // orphaned: now a child of init, same start time
    [104, '24'], // pid reused by another program: different start time
    [100, '20'], // the leader, gone
  ]);
  const root = fakeProc({
    1: ['S', 0, '1'],
    50: ['S', 1, '10'],
    101: ['S', 1, '21'],
    105: ['S', 101, '25'], // forked by the orphan after the last look
    104: ['S', 1, '99'],
    300: ['S', 1, '40', ['PATH=/bin', 'MCP_LENS_TREE=outer,ck']], // orphaned before any look
    301: ['S', 300, '41', ['PATH=/bin']], // cleared its environment, still a descendant
    400: ['S', 1, '50', ['MCP_LENS_TREE=other']],
    401: ['S', 1, '51', ['X=MCP_LENS_TREE=ck']],
  });
  assert.deepEqual(ids(linuxMembers(undefined, 'ck', known, 50, root)), [101, 105, 300, 301]);
  assert.deepEqual(ids(await linuxMembersAsync(undefined, 'ck', known, 50, root)), [101, 105, 300, 301], 'the async look agrees');
  // The leader's pid is only trusted on the first look: a later one may be someone else.
  assert.deepEqual(ids(linuxMembers(undefined, undefined, new Map(), 50, fakeProc({ 100: ['S', 1, '77'] }))), []);
});

test('the caller is never a member, even when it descends from a root', () => {
  const root = fakeProc({ 100: ['S', 1, '20', ['MCP_LENS_TREE=ck']], 50: ['S', 100, '10', ['MCP_LENS_TREE=ck']], 51: ['S', 50, '11'] });
  assert.deepEqual(ids(linuxMembers(undefined, 'ck', new Map(), 50, root)), [100]);
});

test('close() takes down a helper orphaned from the start by a subshell', { skip: process.platform === 'win32' }, async () => {
  const trace = new Trace();
  const transport = new StdioTransport(fixture('orphans-helper.sh'), trace);
  await transport.start();
  const line = await waitForEvent(trace, (e) => e.dir === 'stderr' && e.raw.startsWith('orphan '), 'orphan pid');
  const orphan = Number(line.raw.split(' ')[1]);
  assert.ok(pidAlive(orphan));
  await transport.close();
  await until(() => !pidAlive(orphan), `orphaned helper ${orphan} to be gone`);
});

test('a server that exits on its own leaves no background child behind', { skip: process.platform === 'win32' }, async () => {
  const trace = new Trace();
  const transport = new StdioTransport(fixture('exits-leaving-child.sh'), trace, { graceMs: 500 });
  await transport.start();
  const line = await waitForEvent(trace, (e) => e.dir === 'stderr' && e.raw.startsWith('grandchild '), 'grandchild pid');
  const grandchild = Number(line.raw.split(' ')[1]);
  assert.deepEqual(await transport.exited, { code: 3, signal: null });
  await until(() => !pidAlive(grandchild), `grandchild ${grandchild} to be gone`);
});

test('on Linux the server stays in our session and carries the tree cookie', { skip: notLinux }, async () => {
  const trace = new Trace();
  const transport = new StdioTransport({ command: process.execPath, args: ['-e', 'console.error(process.env.MCP_LENS_TREE); setInterval(() => {}, 1000)'] }, trace);
  await transport.start();
  const line = await waitForEvent(trace, (e) => e.dir === 'stderr', 'the cookie');
  assert.match(line.raw, new RegExp(`^${process.pid}\\.[0-9a-f]{12}$`));
  const session = (pid: number | string) => fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[3];
  assert.equal(session(transport.pid!), session('self'));
  await transport.close();
});
