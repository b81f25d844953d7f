import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { ProcessTree } from '../../../core/transport/processTree';
import { windowsLaunch } from '../../../core/transport/windowsLaunch';

/** Shutdown (stdio): "Closing the input stream … Waiting for the server to exit … SIGTERM, then SIGKILL". */
const GRACE_MS = 2000;
/** After the child exits, how long a grandchild may keep its stdout open before it is killed. */
const LINGER_MS = 2000;

export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** One run of the server under the hot-reload proxy: spawned with its whole tree findable, stopped the stdio way. */
export class ServerChild {
  readonly closed: Promise<ChildExit>;
  private exited = false;
  private readonly timers: NodeJS.Timeout[] = [];

  private constructor(
    readonly process: ChildProcessWithoutNullStreams,
    private readonly tree: ProcessTree | undefined,
  ) {
    // A dead server's stdin: EPIPE is expected and says nothing new (its exit will).
    process.stdin.on('error', () => undefined);
    process.once('exit', () => {
      this.exited = true;
      // A grandchild that inherited stdout can hold it open after the child is gone.
      this.later(LINGER_MS, () => {
        tree?.signal('SIGKILL');
        process.stdout.destroy();
        process.stderr.destroy();
      });
    });
    this.closed = new Promise((resolve) =>
      process.once('close', (code, signal) => {
        for (const timer of this.timers) clearTimeout(timer);
        resolve({ code, signal });
      }),
    );
  }

  /** Throws what spawn throws synchronously; an asynchronous failure arrives as the process's 'error'. */
  static spawn(command: string, args: readonly string[]): ServerChild {
    const prepared = ProcessTree.prepare({ ...process.env } as Record<string, string>);
    const launch = process.platform === 'win32' ? windowsLaunch(command, [...args], prepared.env) : { command, args: [...args] };
    const child = spawn(launch.command, launch.args, {
      stdio: 'pipe',
      env: prepared.env,
      detached: prepared.detached,
      windowsHide: true,
      windowsVerbatimArguments: 'windowsVerbatimArguments' in launch ? launch.windowsVerbatimArguments : undefined,
    });
    return new ServerChild(child, child.pid !== undefined ? ProcessTree.of(child.pid, prepared.cookie) : undefined);
  }

  get pid(): number | undefined {
    return this.process.pid;
  }

  /** Closes its stdin, then signals its tree; resolves once it and its pipes are closed. */
  stop(): Promise<ChildExit> {
    if (!this.exited) {
      this.tree?.snapshot();
      this.process.stdin.end();
      this.later(GRACE_MS, () => {
        if (this.exited || !this.tree) return;
        this.tree.signal('SIGTERM');
        this.later(GRACE_MS, () => this.tree?.signal('SIGKILL'));
      });
    }
    return this.closed;
  }

  private later(ms: number, f: () => void): void {
    this.timers.push(setTimeout(f, ms).unref());
  }
}
