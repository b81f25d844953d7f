import { exitSentence } from '../diagnose/exitStory';
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import { now, type MessageKind, type TraceEvent } from '../trace/event';
import type { Trace } from '../trace/trace';
import { Emitter, type Disposable } from '../util/disposable';
import { InOrder } from '../util/inOrder';
import { DEFAULT_MAX_LINE_BYTES, LineFramer, type Frame } from '../wire/framer';
import { OFF_THREAD_LINE_BYTES } from '../wire/offThreadLine';
import { stderrEvent } from '../wire/lineEvent';
import type { JsonRpcMessage } from '../wire/message';
import { StdoutClassifier } from '../wire/stdoutClassifier';
import { buildChildEnv } from './env';
import { ProcessTree, trackTree, untrackTree } from './processTree';
import { recordSent } from './recordSent';
import { SENT, type Transport } from './transport';
import { describeSpawnError, SpawnError, TransportClosedError } from './transportErrors';
import { windowsLaunch } from './windowsLaunch';

export { SpawnError, TransportClosedError };

export interface ServerSpec {
  name?: string;
  command: string;
  args?: string[];
  cwd?: string;
  env?: Record<string, string>;
}

export interface TransportOptions {
  maxLineBytes?: number;
  /** Variables a stdout-observing preload needs (NODE_OPTIONS / PYTHONPATH are appended to). */
  preload?: { env?: Record<string, string> };
  /** How long close() waits after closing stdin (longer while the server still writes), and again after SIGTERM. Default 2000 ms. */
  graceMs?: number;
}

export interface ExitInfo {
  code: number | null;
  signal: string | null;
}

/** How long 'exited' waits for the last stdout/stderr bytes after the process is gone. */
const DRAIN_AFTER_EXIT_MS = 500;
/** Output this recent means a stopping server is still writing: flushing its last words, not hung. */
const WRITING_WITHIN_MS = 250;
/** How long a stopping server that is still writing may take to exit, in graces (see exitAfterWriting). */
const WRITING_GRACES = 5;

/**
 * The stdio transport: spawns the server, frames its stdout and stderr, and records every
 * byte either way plus the lifecycle into the trace. Shutdown follows the stdio transport:
 * "Closing the input stream … Waiting for the server to exit … SIGTERM, then SIGKILL",
 * applied to the whole process tree so launchers leave no orphans.
 */
export class StdioTransport implements Transport {
  private child: ChildProcess | undefined;
  private tree: ProcessTree | undefined;
  private readonly messageEmitter = new Emitter<TraceEvent>();
  private readonly stdoutFramer: LineFramer;
  private readonly stderrFramer: LineFramer;
  private readonly classifier = new StdoutClassifier('s2c');
  /**
   * stdout and stderr in arrival order: a long stdout line is decoded and parsed off the
   * thread, and what arrives after it (either stream, and the exit) is recorded after it.
   */
  private readonly arrivals = new InOrder();
  private readonly graceMs: number;
  private exitInfo: ExitInfo | undefined;
  private resolveExited!: (info: ExitInfo) => void;
  private stdinClosed = false;
  private closing: Promise<void> | undefined;
  /** When the server last wrote to stdout or stderr (`now()`). */
  private lastOutputAt = 0;

  readonly exited: Promise<ExitInfo>;
  readonly onMessage = (listener: (e: TraceEvent) => void): Disposable => this.messageEmitter.event(listener);

  constructor(
    readonly spec: ServerSpec,
    readonly trace: Trace,
    private readonly options: TransportOptions = {},
  ) {
    const max = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    // The trace keeps a flood's lines as their bytes (see StoredMessage): a pipe's reads are never reused, so the frames point into them.
    this.stdoutFramer = new LineFramer(max, OFF_THREAD_LINE_BYTES, true);
    this.stderrFramer = new LineFramer(max);
    this.graceMs = options.graceMs ?? 2000;
    this.exited = new Promise((resolve) => (this.resolveExited = resolve));
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  processIds(): Promise<number[]> {
    return this.tree?.pids() ?? Promise.resolve([]);
  }

  get running(): boolean {
    return this.child !== undefined && this.exitInfo === undefined;
  }

  start(): Promise<void> {
    if (this.child) return Promise.reject(new Error('The transport was already started'));
    const { cwd } = this.spec;
    if (cwd !== undefined && !isDirectory(cwd)) {
      // Node reports a missing cwd as "spawn <command> ENOENT", which blames the wrong thing.
      return Promise.reject(this.spawnFailed('ENOENT', `The working directory does not exist: ${cwd}`));
    }
    const tree = ProcessTree.prepare(buildChildEnv(process.env, this.spec.env, this.options.preload?.env));
    let child: ChildProcess;
    try {
      child = this.spawnChild(tree);
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      return Promise.reject(this.spawnFailed(e.code ?? 'UNKNOWN', e.message));
    }
    this.child = child;
    if (child.pid !== undefined) this.tree = ProcessTree.of(child.pid, tree.cookie);
    this.wire(child);
    return this.spawned(child);
  }

  private spawnChild(tree: ReturnType<typeof ProcessTree.prepare>): ChildProcess {
    const { command, args = [], cwd } = this.spec;
    const env = tree.env;
    const launch = process.platform === 'win32' ? windowsLaunch(command, args, env) : { command, args };
    return spawn(launch.command, launch.args, {
      cwd,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
      // What close() and the exit hook need to reach every descendant (see ProcessTree).
      detached: tree.detached,
      windowsHide: true,
      windowsVerbatimArguments: launch.windowsVerbatimArguments,
    });
  }

  /** Settles once the process has started (recorded as 'spawned'), or could not. */
  private spawned(child: ChildProcess): Promise<void> {
    const { command, args = [], cwd } = this.spec;
    return new Promise((resolve, reject) => {
      child.once('spawn', () => {
        trackTree(this.tree!);
        this.trace.append({
          dir: 'meta',
          kind: 'spawned',
          raw: `spawned ${[command, ...args].join(' ')} (pid ${child.pid})`,
          info: { pid: child.pid, command, args, cwd: cwd ?? process.cwd() },
        });
        resolve();
      });
      child.on('error', (err: NodeJS.ErrnoException) => {
        if (child.pid !== undefined) return;
        reject(this.spawnFailed(err.code ?? 'UNKNOWN', describeSpawnError(command, err)));
      });
    });
  }

  /** Writes the line with its newline, honouring backpressure, and records it as a client→server event. */
  send(line: string, message?: JsonRpcMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || this.stdinClosed || !stdin.writable) return Promise.reject(new TransportClosedError());
    // The write callback runs on a later tick: by then a waiting promise below has set `failed`.
    let failed: ((err: Error) => void) | undefined;
    const flushed = stdin.write(line + '\n', (err) => {
      if (err) failed?.(err);
    });
    // Recorded once the pipe has it: the server gets to work while the trace's listeners (the
    // diagnostics compile a schema on a session's first messages) run. Its answer is read on a
    // later turn of the event loop, so it is still recorded after this line.
    recordSent(this.trace, line, message);
    // The common case, once per message: no promise of its own (a write error after this is the exit's story).
    if (flushed) return SENT;
    return new Promise((resolve, reject) => {
      let settled = false;
      const done = (err?: Error | null) => {
        if (settled) return;
        settled = true;
        if (err) reject(new TransportClosedError(`Writing to the server failed: ${err.message}`));
        else resolve();
      };
      failed = done;
      // Wait for the pipe to drain; a child that exits meanwhile must not leave us waiting.
      const onDrain = () => {
        stdin.off('close', onClose);
        done();
      };
      const onClose = () => {
        stdin.off('drain', onDrain);
        done(new Error('the server closed its stdin'));
      };
      stdin.once('drain', onDrain);
      stdin.once('close', onClose);
    });
  }

  /** Closes stdin, waits, SIGTERMs the process tree, waits, SIGKILLs it. Idempotent. */
  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    const tree = this.tree;
    if (!tree) return;
    // Members orphaned while the server shuts down (a launcher exiting before its child)
    // are still known by pid; signalAsync() looks again before each signal. Every look at
    // /proc here is asynchronous: this runs on the extension host's thread.
    await tree.snapshotAsync();
    this.closeStdin();
    if (this.exitInfo === undefined && !(await this.exitAfterWriting())) {
      await tree.signalAsync('SIGTERM');
      if (!(await this.exitWithin(this.graceMs))) {
        await tree.signalAsync('SIGKILL');
        await this.exited;
      }
    }
    await this.reapTree(tree);
  }

  /**
   * The leader is gone; a grandchild may not be (a shell that exited before its server).
   * A full look finds the members and signals them; the wait polls only those members'
   * own entries; a last full look before SIGKILL catches anything started meanwhile.
   */
  private async reapTree(tree: ProcessTree): Promise<void> {
    if (await tree.signalAsync('SIGTERM')) {
      const deadline = Date.now() + this.graceMs;
      while ((await tree.stillRunning()) && Date.now() < deadline) await delay(20, true);
      await tree.snapshotAsync();
      if (await tree.stillRunning()) await tree.signalAsync('SIGKILL');
    }
    untrackTree(tree);
  }

  private closeStdin(): void {
    if (this.stdinClosed) return;
    this.stdinClosed = true;
    this.child?.stdin?.end();
    this.trace.append({ dir: 'meta', kind: 'stdin-closed', raw: "closed the server's stdin" });
  }

  /**
   * The wait after stdin closed: `graceMs`, then on while the server still writes, up to
   * WRITING_GRACES × graceMs in all. A server flushing its last output to a busy reader is
   * shutting down as asked; SIGTERM would cut its last lines off ("sending SIGTERM if the
   * server does not exit within a reasonable time"). One that writes on without exiting
   * still gets SIGTERM, later.
   */
  private async exitAfterWriting(): Promise<boolean> {
    const giveUpAt = now() + WRITING_GRACES * this.graceMs;
    if (await this.exitWithin(this.graceMs)) return true;
    for (;;) {
      // The reads that waited behind the timer count: a busy host reads late, the server wrote on time.
      await new Promise((resolve) => setImmediate(resolve));
      if (this.exitInfo !== undefined) return true;
      if (now() - this.lastOutputAt >= WRITING_WITHIN_MS || now() >= giveUpAt) return false;
      if (await this.exitWithin(WRITING_WITHIN_MS)) return true;
    }
  }

  private exitWithin(ms: number): Promise<boolean> {
    return Promise.race([this.exited.then(() => true), delay(ms).then(() => false)]);
  }

  private wire(child: ChildProcess): void {
    const stdout = child.stdout!;
    const stderr = child.stderr!;
    let stdoutEnded = false;
    let stderrEnded = false;
    const recordStdout = (frame: Frame) => this.record(this.classifier.push(frame));
    stdout.on('data', (chunk: Buffer) => {
      // Each line a chunk completes carries the chunk's arrival time, as `mcp-lens record`
      // stamps them: one clock read per chunk instead of one per line, and one stamp its
      // events share (a number field is otherwise a heap object of its own for each event).
      const t = now();
      this.lastOutputAt = t;
      const message = (kind: MessageKind, raw: string, msg: JsonRpcMessage, line: Frame) => this.recordMessage(kind, raw, msg, line, t);
      const recordLine = (frame: Frame) => this.record(this.classifier.pushOrMessage(frame, message), t);
      for (const frame of this.stdoutFramer.pushInOrder(chunk)) this.arrivals.push(frame, recordLine);
    });
    stdout.on('end', () => {
      stdoutEnded = true;
      this.arrivals.push(this.stdoutFramer.end(), (last) => {
        if (last) recordStdout(last);
        this.record(this.classifier.end());
      });
    });
    stderr.on('data', (chunk: Buffer) => {
      const t = now();
      this.lastOutputAt = t;
      const recordStderr = (frame: Frame) => void this.trace.append(stderrEvent(frame), t);
      for (const frame of this.stderrFramer.push(chunk)) this.arrivals.push(frame, recordStderr);
    });
    stderr.on('end', () => {
      stderrEnded = true;
      this.arrivals.push(this.stderrFramer.end(), (last) => {
        if (last) this.trace.append(stderrEvent(last));
      });
    });
    // A server that exits while we write gets EPIPE; the exit is what matters, recorded below.
    child.stdin!.on('error', () => undefined);
    child.stdin!.on('close', () => {
      if (!this.stdinClosed && this.exitInfo === undefined) this.stdinClosed = true;
    });
    child.on('exit', (code, signal) => {
      const info = { code, signal };
      // Shutting down and the leader is gone: what still holds the pipes is a leftover of the tree.
      if (this.closing && this.tree && !(stdoutEnded && stderrEnded)) void this.tree.signalAsync('SIGTERM');
      // Let the pipes deliver their last bytes so 'exited' follows everything the server wrote,
      // but not forever: a grandchild may hold them open.
      const wait =
        stdoutEnded && stderrEnded
          ? Promise.resolve()
          : Promise.race([new Promise<void>((r) => child.once('close', () => r())), delay(DRAIN_AFTER_EXIT_MS, true)]);
      // …and 'exited' follows every line the server wrote, parsed off the thread or not.
      void wait.then(() => this.arrivals.idle()).then(() => this.finish(info, true));
    });
  }

  /** Stores a stdout line's events (stamped `t` unless they carry their own) and hands on the messages. */
  private record(events: ReturnType<StdoutClassifier['push']>, t?: number): void {
    for (const e of events) {
      const stored = this.trace.append(e, t);
      if (stored.msg) this.messageEmitter.fire(stored);
    }
  }

  /** A stdout line that is one message and nothing else (see pushOrMessage); the trace keeps its bytes when the framer kept them. */
  private recordMessage(kind: MessageKind, raw: string, msg: JsonRpcMessage, line: Frame, t: number): void {
    this.messageEmitter.fire(this.trace.appendMessage('s2c', kind, raw, msg, t, line.ascii, line.at));
  }

  private finish(info: ExitInfo, spawned: boolean): void {
    if (this.exitInfo) return;
    this.exitInfo = info;
    if (spawned) {
      this.trace.append({
        dir: 'meta',
        kind: 'exited',
        raw: `server ${exitSentence(info)}`,
        info: { code: info.code, signal: info.signal },
      });
      // Without close(), a server that exits on its own may still leave members behind.
      if (this.tree && !this.closing) void this.reapTree(this.tree);
    }
    this.resolveExited(info);
  }

  /** Records the failure and settles `exited`, so that nobody waits for a process that never ran. */
  private spawnFailed(code: string, message: string): SpawnError {
    const { command, args = [] } = this.spec;
    this.trace.append({
      dir: 'meta',
      kind: 'spawn-failed',
      raw: message,
      info: { code, message, command, args, cwd: this.spec.cwd },
    });
    this.finish({ code: null, signal: null }, false);
    return new SpawnError(message, code);
  }
}

function isDirectory(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Shutdown waits are unref'd: they never keep the host alive by themselves (the child's own
 * handle does while it runs, and the exit hook kills the tree if the host goes first).
 * Waits for things that are not our handles (a grandchild, pipes after exit) are bounded and
 * ref'd, or the host could exit in the middle of them.
 */
function delay(ms: number, ref = false): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    if (!ref) timer.unref();
  });
}
