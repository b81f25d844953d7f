// Starts code-server (VS Code in the browser, from npm) the way VSCODE-TESTING.md found works
// offline: own process group, own HOME/TMPDIR/user-data/extensions dirs, killed as a group.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { onAbort, pollUntil } from './cleanup';
import { codeServerBin, codeServerDir, node24Bin, requireInstalled, runsDir } from './paths';

export interface CodeServerOptions {
  /** Names the run folder .cache/runs/<name> (wiped first). */
  name: string;
  /** Folder the workbench opens when the URL does not say otherwise. */
  folder?: string;
  /** VSIX files installed into the fresh extensions dir before start. */
  vsix?: string[];
  /**
   * An extensions dir made once by installExtensions(), copied into the fresh one instead of
   * installing the VSIX again (an install takes a second or more; a copy a few milliseconds).
   */
  installedExtensions?: string;
  /** Lets VS Code's smoke-test driver call window.codeAutomationLog / codeAutomationExit. */
  smokeTestDriver?: boolean;
  /** Extra environment for code-server and so for the extension host. */
  env?: Record<string, string>;
  /** A fixed port (e.g. for a person's browser); a free one otherwise. */
  port?: number;
  /** User settings, on top of the quiet defaults below. */
  settings?: Record<string, unknown>;
  /**
   * Only these of VS Code's built-in extensions (their folder names in code-server's
   * lib/vscode/extensions); every one of them when not given.
   */
  builtinExtensions?: readonly string[];
}

/** A workbench without welcome pages, chat side bar or tips, so screenshots show our UI. */
const QUIET_SETTINGS: Record<string, unknown> = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'chat.disableAIFeatures': true,
  'chat.commandCenter.enabled': false,
  // VS Code's own MCP client reads .vscode/mcp.json too; a second copy of each server
  // would run beside the one MCP Lens starts.
  'chat.mcp.access': 'none',
  'chat.mcp.enabled': false,
  'chat.mcp.autostart': 'never',
  'chat.mcp.discovery.enabled': false,
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'security.workspace.trust.enabled': false,
  'git.openRepositoryInParentFolders': 'never',
  'git.autoRepositoryDetection': false,
  'workbench.reduceMotion': 'on',
};

export interface CodeServer {
  readonly port: number;
  readonly url: string;
  readonly runDir: string;
  readonly logFile: string;
  /** A workbench URL for `folder`, optionally with a smoke-test payload. */
  workbenchUrl(folder: string, payload?: [string, string][]): string;
  /** vscode-remote URI of a path on this machine, as the workbench wants it in a payload. */
  remoteUri(path: string): string;
  /**
   * Stops code-server's whole group. Resolves with the processes that outlived it (already
   * killed here): programs the extension started and did not take down with it.
   */
  stop(): Promise<string[]>;
}

const RUN_MARK = 'MCP_LENS_HARNESS_RUN';

/** A port free on 127.0.0.1 now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function childEnv(runDir: string, tmp: string, extra: Record<string, string> | undefined): NodeJS.ProcessEnv {
  const home = join(runDir, 'home');
  mkdirSync(home, { recursive: true });
  return {
    ...process.env,
    ...extra,
    HOME: home,
    TMPDIR: tmp,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    PATH: `${node24Bin}:${process.env.PATH ?? ''}`,
    // Marks every descendant, so a process that escaped the group can still be found.
    [RUN_MARK]: runDir,
    // The project's npmrc/node-gyp settings are for Node 20; code-server runs on Node 24.
    npm_config_nodedir: '',
  };
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // the group ended meanwhile
  }
}

/**
 * Whether a process of the group still runs. One that has exited but is not yet reaped (state
 * Z) does not count: code-server's main process lingers so for a second or more after exiting.
 */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
  } catch {
    return false;
  }
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'latin1');
    } catch {
      continue; // gone meanwhile
    }
    // "pid (comm) state ppid pgrp …": comm may hold spaces and parentheses, so read after the last ")".
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === pgid && state !== 'Z') return true;
  }
  return false;
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '?';
  }
}

/** Processes whose environment carries this run's mark: descendants that left the group. */
function markedProcesses(runDir: string): number[] {
  const needle = `${RUN_MARK}=${runDir}\0`;
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${entry}/environ`, 'latin1').includes(needle)) found.push(Number(entry));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

export function installVsix(vsix: string, extensionsDir: string, env: NodeJS.ProcessEnv): void {
  const result = spawnSync(codeServerBin, ['--extensions-dir', extensionsDir, '--install-extension', vsix, '--force'], {
    env,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (result.status !== 0) {
    throw new Error(`installing ${vsix} failed (${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`);
  }
}

/**
 * Installs `vsix` once into a dir of its own (.cache/runs/<name>.<pid>/extensions) for
 * startCodeServer's `installedExtensions`; the returned dir is removed with the run's others.
 */
export function installExtensions(name: string, vsix: string[]): string {
  removeDeadRuns(name);
  const runDir = join(runsDir, `${name}.${process.pid}`);
  rmSync(runDir, { recursive: true, force: true });
  const extensionsDir = join(runDir, 'extensions');
  mkdirSync(extensionsDir, { recursive: true });
  const tmp = mkdtempSync(join(tmpdir(), 'mcl-'));
  try {
    for (const file of vsix) installVsix(file, extensionsDir, childEnv(runDir, tmp, undefined));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return extensionsDir;
}

/** A copy of an installed extensions dir, its extensions.json pointing into the copy. */
function copyExtensions(from: string, to: string): void {
  cpSync(from, to, { recursive: true });
  const index = join(to, 'extensions.json');
  if (!existsSync(index)) return;
  const text = readFileSync(index, 'utf8');
  writeFileSync(index, text.replaceAll(from, to).replaceAll(encodeURI(from), encodeURI(to)));
}

const BUILTIN_EXTENSIONS_DIR = join(codeServerDir, 'node_modules', 'code-server', 'lib', 'vscode', 'extensions');

/**
 * A built-in extensions dir holding only `names` (links to code-server's own), for VS Code's
 * --builtin-extensions-dir. A name code-server does not have fails here, not as a silently
 * missing feature.
 */
function builtinExtensionsDir(runDir: string, names: readonly string[]): string {
  const dir = join(runDir, 'builtin-extensions');
  mkdirSync(dir, { recursive: true });
  // Their shared dependencies live beside them.
  for (const name of [...names, 'node_modules']) {
    const from = join(BUILTIN_EXTENSIONS_DIR, name);
    if (!existsSync(from)) {
      if (name === 'node_modules') continue;
      throw new Error(`code-server has no built-in extension ${name} (${from})`);
    }
    symlinkSync(from, join(dir, name), 'dir');
  }
  return dir;
}

/** Deletes earlier runs of this name whose harness process is gone. */
function removeDeadRuns(name: string): void {
  let entries: string[] = [];
  try {
    entries = readdirSync(runsDir);
  } catch {
    return;
  }
  for (const entry of entries) {
    const match = entry.startsWith(`${name}.`) ? /\.(\d+)$/.exec(entry) : null;
    if (!match || pidAlive(Number(match[1]))) continue;
    rmSync(join(runsDir, entry), { recursive: true, force: true });
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Ends code-server's log once its stdout and stderr have closed, so that nothing they still
 * deliver is written after the end (an unhandled error that took down a whole e2e run). A
 * process left holding them open cannot hold this up for more than two seconds.
 */
async function closeLog(child: ChildProcess, log: NodeJS.WritableStream): Promise<void> {
  const closed = (stream: Readable | null) =>
    !stream || stream.closed ? Promise.resolve() : new Promise<void>((resolve) => stream.once('close', () => resolve()));
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all([closed(child.stdout), closed(child.stderr)]),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, 2000))),
  ]);
  clearTimeout(timer);
  for (const stream of [child.stdout, child.stderr]) {
    stream?.unpipe(log);
    stream?.destroy();
  }
  log.end();
}

export async function startCodeServer(options: CodeServerOptions): Promise<CodeServer> {
  requireInstalled();
  // One folder per harness process: runs started at the same time never share (or wipe) a folder.
  removeDeadRuns(options.name);
  const runDir = join(runsDir, `${options.name}.${process.pid}`);
  rmSync(runDir, { recursive: true, force: true });
  const userDataDir = join(runDir, 'user-data');
  const extensionsDir = join(runDir, 'extensions');
  mkdirSync(userDataDir, { recursive: true });
  mkdirSync(extensionsDir, { recursive: true });
  mkdirSync(join(userDataDir, 'User'), { recursive: true });
  writeFileSync(join(userDataDir, 'User', 'settings.json'), JSON.stringify({ ...QUIET_SETTINGS, ...options.settings }, null, 2));
  // TMPDIR stays short: Node and js-debug put unix sockets there, and a socket path over 107
  // bytes fails with EINVAL (a deep checkout plus a long test name reaches that).
  const tmp = mkdtempSync(join(tmpdir(), 'mcl-'));
  const env = childEnv(runDir, tmp, options.env);
  if (options.installedExtensions) copyExtensions(options.installedExtensions, extensionsDir);
  for (const vsix of options.vsix ?? []) installVsix(vsix, extensionsDir, env);

  const port = options.port ?? (await freePort());
  const args = [
    '--auth',
    'none',
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--user-data-dir',
    userDataDir,
    '--extensions-dir',
    extensionsDir,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    ...(options.smokeTestDriver ? ['--vscode-option', 'enable-smoke-test-driver'] : []),
    ...(options.builtinExtensions
      ? ['--vscode-option', `builtin-extensions-dir=${builtinExtensionsDir(runDir, options.builtinExtensions)}`]
      : []),
    ...(options.folder ? [options.folder] : []),
  ];
  const logFile = join(runDir, 'code-server.log');
  const log = createWriteStream(logFile);
  // detached: a new process group, so stop() reaches the extension host and its children too.
  const child: ChildProcess = spawn(codeServerBin, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  // Two sources into one log: neither may end it (pipe's default), or the other's next chunk is
  // a write after the end; closeLog ends it once both have closed.
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => resolve(`code-server exited (${code ?? signal}); see ${logFile}`));
    child.once('error', (error) => resolve(`code-server did not start: ${error.message}`));
  });
  const pgid = child.pid!;

  let stopped = false;
  const stop = async (): Promise<string[]> => {
    if (stopped) return [];
    stopped = true;
    unregister();
    signalGroup(pgid, 'SIGTERM');
    try {
      await pollUntil('code-server process group to exit', 10_000, () => !groupAlive(pgid));
    } catch {
      signalGroup(pgid, 'SIGKILL');
      await pollUntil('code-server process group to die', 5_000, () => !groupAlive(pgid));
    }
    // Servers run in process groups of their own; the extension host's exit takes them down
    // a moment after it goes. What is still there after that outlived VS Code.
    await pollUntil('processes of this run to exit', 5_000, () => markedProcesses(runDir).length === 0).catch(() => undefined);
    const strays = markedProcesses(runDir).map((pid) => ({ pid, cmdline: commandLine(pid) }));
    for (const { pid } of strays) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await closeLog(child, log);
    rmSync(tmp, { recursive: true, force: true });
    // code-server's own helpers are its business; anything else is a leak worth reporting.
    return strays.filter((p) => !p.cmdline.includes(codeServerDir)).map((p) => `${p.pid} ${p.cmdline}`);
  };
  const unregister = onAbort(stop);

  const url = `http://127.0.0.1:${port}`;
  try {
    await Promise.race([
      pollUntil('code-server /healthz', 60_000, async () => (await fetch(`${url}/healthz`)).ok),
      exited.then((why) => Promise.reject(new Error(why))),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }

  const authority = `127.0.0.1:${port}`;
  const remoteUri = (path: string): string => `vscode-remote://${authority}${encodeURI(path)}`;
  return {
    port,
    url,
    runDir,
    logFile,
    remoteUri,
    workbenchUrl(folder, payload) {
      const query = new URLSearchParams({ folder });
      if (payload) query.set('payload', JSON.stringify(payload));
      return `${url}/?${query.toString()}`;
    },
    stop,
  };
}
