import { exitSentence } from '../../core/diagnose/exitStory';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { constants } from 'node:os';
import { Worker } from 'node:worker_threads';
import { now } from '../../core/trace/event';
import type { RecordArgs } from './recordArgs';
import { join } from 'node:path';
import type { RecorderMessage, RecorderReply } from './messages';
import { ProcessTree } from '../../core/transport/processTree';
import { windowsLaunch } from '../../core/transport/windowsLaunch';
import { expandOutPath } from '../../core/record/outPath';
import { HotProxy } from './hot/hotProxy';
import { BatchQueue } from './batch';
import { relay } from './relay';

/** Shutdown (stdio): "Closing the input stream … Waiting for the server to exit … SIGTERM, then SIGKILL". */
const GRACE_MS = 2000;
/**
 * When the host only closed stdin it still reads stdout: the server answers what it was sent,
 * then exits, as it would without the recorder in between. A slow start (a cold `npx`, a
 * loaded machine) must not turn that into a SIGTERM the host never asked for.
 */
const STDIN_CLOSED_GRACE_MS = 10_000;
/** After the child exits, how long a grandchild may keep its stdout open before it is killed. */
const LINGER_MS = 2000;

/**
 * `mcp-lens record`: a transparent stdio proxy. Bytes are relayed the moment they arrive,
 * unchanged and in order (partial lines too); then each chunk (moved or copied, see
 * BatchQueue) goes to the recorder thread, which frames it and writes the trace. Exits with
 * the child's exit code.
 */
export async function runRecord(args: RecordArgs): Promise<number> {
  let fd: number | undefined;
  try {
    if (args.out !== undefined) fd = openSync(expandOutPath(args.out), 'w');
  } catch (error) {
    process.stderr.write(`mcp-lens record: cannot write the trace file: ${(error as Error).message}\n`);
    return 2;
  }
  if (args.watch.length > 0) return runHotReload(args, fd);
  if (fd === undefined) return 2;
  const recorder = startRecorder(fd);
  let launched: { child: ChildProcessWithoutNullStreams; tree: ProcessTree | undefined };
  try {
    launched = launchServer(args.server);
  } catch (error) {
    return failSpawn(recorder, args.server, error as NodeJS.ErrnoException);
  }
  return new RecordedServer(launched.child, launched.tree, recorder, args.server).run();
}

type Recorder = ReturnType<typeof startRecorder>;

/** Spawns the server as the host would have, as a tree shutdown can reach (npx, sh -c; see ProcessTree). */
function launchServer({ command, args }: RecordArgs['server']): { child: ChildProcessWithoutNullStreams; tree: ProcessTree | undefined } {
  const prepared = ProcessTree.prepare({ ...process.env } as Record<string, string>);
  // Same launch rules as the client: npx.cmd-style batch files need cmd.exe on Windows.
  const launch = process.platform === 'win32' ? windowsLaunch(command, args, prepared.env) : { command, args };
  const child = spawn(launch.command, launch.args, {
    stdio: 'pipe',
    env: prepared.env,
    detached: prepared.detached,
    windowsHide: true,
    windowsVerbatimArguments: launch.windowsVerbatimArguments,
  });
  return { child, tree: child.pid === undefined ? undefined : ProcessTree.of(child.pid, prepared.cookie) };
}

/** The server could not be started: the trace and stderr say why; 127 for a missing command, else 126. */
async function failSpawn(recorder: Recorder, { command }: RecordArgs['server'], error: NodeJS.ErrnoException): Promise<number> {
  recorder.post({
    type: 'meta',
    kind: 'spawn-failed',
    t: now(),
    raw: `cannot start ${command}: ${error.message}`,
    info: { code: error.code, message: error.message, command },
  });
  process.stderr.write(`mcp-lens record: cannot start ${JSON.stringify(command)}: ${error.message}\n`);
  await recorder.close();
  return error.code === 'ENOENT' ? 127 : 126;
}

/** One recorded run of the server: the relays, the host's ends and signals, the shutdown and the exit. */
class RecordedServer {
  private shuttingDown = false;
  private exited = false;
  private spawnFailed = false;
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    private readonly tree: ProcessTree | undefined,
    private readonly recorder: Recorder,
    private readonly server: RecordArgs['server'],
  ) {}

  run(): Promise<number> {
    return new Promise<number>((resolve) => {
      this.watchSpawn(resolve);
      this.relayAll();
      this.watchHost();
      this.watchExit(resolve);
    });
  }

  private later(ms: number, f: () => void): void {
    this.timers.push(setTimeout(f, ms).unref());
  }

  /** 'spawned' in the trace, or (no process at all) the spawn's failure. */
  private watchSpawn(resolve: (code: number) => void): void {
    const { child } = this;
    const { command, args } = this.server;
    child.once('error', (error: NodeJS.ErrnoException) => {
      if (child.pid !== undefined) return;
      this.spawnFailed = true;
      process.stdin.destroy();
      void failSpawn(this.recorder, this.server, error).then(resolve);
    });
    child.once('spawn', () => {
      this.recorder.post({
        type: 'meta',
        kind: 'spawned',
        t: now(),
        raw: `spawned pid ${child.pid}: ${[command, ...args].join(' ')}`,
        info: { pid: child.pid, command, args, cwd: process.cwd() },
      });
    });
  }

  private relayAll(): void {
    const { child } = this;
    this.relayed(child.stdout, process.stdout, 's2c');
    this.relayed(child.stderr, process.stderr, 'stderr');
    this.relayed(process.stdin, child.stdin, 'c2s');
    // A dead server's stdin: EPIPE is expected and says nothing new (its exit will).
    child.stdin.on('error', () => undefined);
  }

  /** Relays `from` to `to` and hands the recorder each chunk (moved when it may be, see relay), then the end. */
  private relayed(
    from: NodeJS.ReadableStream,
    to: NodeJS.WritableStream & { writableLength: number },
    dir: 'c2s' | 's2c' | 'stderr',
  ): void {
    relay(from, to, (chunk, movable) => this.recorder.post({ type: 'chunk', dir, t: now(), chunk, movable }));
    from.once('end', () => this.recorder.post({ type: 'end', dir, t: now() }));
  }

  /** The host closing our stdin or stdout, or signalling us, shuts the server down. */
  private watchHost(): void {
    process.stdout.on('error', () => this.shutdown('host closed our stdout'));
    process.stdin.once('end', () => {
      this.recorder.post({ type: 'meta', kind: 'stdin-closed', t: now(), raw: 'host closed stdin' });
      this.shutdown('host closed stdin', STDIN_CLOSED_GRACE_MS);
    });
    for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => this.shutdown(`received ${signal}`));
  }

  /** The server's exit: its last bytes relayed (a lingering grandchild cut off), then 'exited' and the trace closed. */
  private watchExit(resolve: (code: number) => void): void {
    const { child } = this;
    child.once('exit', () => {
      this.exited = true;
      // A grandchild that inherited stdout can hold it open after the child is gone.
      this.later(LINGER_MS, () => {
        this.tree?.signal('SIGKILL');
        child.stdout.destroy();
        child.stderr.destroy();
      });
    });
    child.once('close', (code, signal) => {
      if (this.spawnFailed) return;
      for (const timer of this.timers) clearTimeout(timer);
      process.stdin.pause();
      process.stdin.destroy();
      this.recorder.post({
        type: 'meta',
        kind: 'exited',
        t: now(),
        raw: `server ${exitSentence({ code, signal })}`,
        info: { code, signal },
      });
      void this.recorder.close().then((problem) => {
        if (problem) process.stderr.write(`mcp-lens record: the trace file is incomplete: ${problem}\n`);
        resolve(code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0));
      });
    });
  }

  private shutdown(reason: string, graceMs = GRACE_MS): void {
    if (this.shuttingDown || this.exited) return;
    this.shuttingDown = true;
    this.recorder.post({ type: 'meta', kind: 'note', t: now(), raw: `shutting down the server: ${reason}`, info: { reason } });
    // Members orphaned while the server shuts down are still known by pid afterwards.
    this.tree?.snapshot();
    this.child.stdin.end();
    this.later(graceMs, () => {
      const tree = this.tree;
      if (this.exited || !tree) return;
      tree.signal('SIGTERM');
      this.later(GRACE_MS, () => tree.signal('SIGKILL'));
    });
  }
}

/** `record --watch`: the hot-reload proxy, recording (when --out is given) both directions of every child. */
async function runHotReload(args: RecordArgs, fd: number | undefined): Promise<number> {
  const recorder = fd === undefined ? undefined : startRecorder(fd);
  const proxy = new HotProxy(args.server.command, args.server.args, (m) => recorder?.post(m));
  const code = await proxy.run(args.watch);
  const problem = await recorder?.close();
  if (problem) process.stderr.write(`mcp-lens record: the trace file is incomplete: ${problem}\n`);
  return code;
}

/** The recorder thread's bundle, next to this one (esbuild.config.mjs; see worker.ts). */
export const RECORDER_BUNDLE = 'recorder.js';

/**
 * The recorder thread runs its own small bundle (see worker.ts). Copies are handed over in
 * batches (see BatchQueue). Stamps are taken before queueing.
 */
function startRecorder(fd: number): { post(m: RecorderMessage): void; close(): Promise<string | undefined> } {
  const worker = new Worker(join(__dirname, RECORDER_BUNDLE), { workerData: { fd } });
  let failure: string | undefined;
  let closing: Promise<string | undefined> | undefined;
  // Known from the start: a thread that died before close() is asked for must not leave close() waiting.
  let exited = false;
  const queue = new BatchQueue((batch, transfer) => worker.postMessage(batch, transfer));
  worker.on('message', (r: RecorderReply) => {
    if (r.type === 'failed') failure ??= r.message;
  });
  worker.on('error', (error) => {
    failure ??= error.message;
  });
  worker.once('exit', () => {
    exited = true;
  });
  return {
    post: (m) => queue.add(m),
    close: () =>
      (closing ??= new Promise((resolve) => {
        // The 'closed' reply and the thread's exit both end the wait: the first one closes the fd, once.
        let finished = false;
        const done = () => {
          if (finished) return;
          finished = true;
          void worker.terminate();
          closeSync(fd);
          resolve(failure);
        };
        if (exited) {
          failure ??= 'the recorder thread stopped before the trace was closed';
          done();
          return;
        }
        worker.on('message', (r: RecorderReply) => r.type === 'closed' && done());
        worker.once('exit', () => {
          failure ??= 'the recorder thread stopped before the trace was closed';
          done();
        });
        queue.add({ type: 'close' });
        queue.handOver();
      })),
  };
}
