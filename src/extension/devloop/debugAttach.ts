/**
 * Debugging a server: mcpLens.debugServer (re)starts it in debug mode (registry →
 * core/devloop/debugTarget), and every launch in debug mode is followed here: each
 * "Debugger listening on ws://…" line of its stderr gets a JS debugger attached (one per
 * node process: npx and tsx put launcher processes in front of the server), debugpy's port
 * gets the Python debugger. Ending the debug session detaches: the server keeps running,
 * and its next restart runs it without the debugger (unless `dev.debug` asks for it).
 */
import * as http from 'node:http';
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  detectRuntime,
  isDebugpyMissing,
  parseDebugpyListening,
  parseInspectorListening,
  runtimeFromDeclared,
  type DebugRuntime,
} from '../../core/devloop/debugTarget';
import type { McpClient } from '../../core/session/client';
import { Disposable } from '../lifecycle';
import type { Log } from '../log';
import type { ServerEntry } from '../serverEntry';
import type { LaunchEvent, ServerRegistry, StartOutcome } from '../serverRegistry';
import { explainUntrusted, isTrusted } from '../trust';
import { say, showError, showStatus, showWarning } from '../shown';

/** How long after the handshake a debug launch may still announce its debugger on stderr. */
export const ANNOUNCE_GRACE_MS = 5_000;

/** Marks our attach configurations: which launch of which server a debug session debugs. */
const LAUNCH_KEY = '__mcpLensLaunch';

export type DebugOutcome = { ok: true; sessions: string[] } | { ok: false; reason: string };

/** The Python debug type of an installed extension, or undefined. */
export function pythonDebugType(): string | undefined {
  if (vscode.extensions.getExtension('ms-python.debugpy')) return 'debugpy';
  if (vscode.extensions.getExtension('ms-python.python')) return 'python';
  return undefined;
}

const PYTHON_MISSING =
  'Attaching to a Python server needs the Python Debugger extension (ms-python.debugpy, installed with the Python extension ms-python.python).';

interface Followed {
  id: string;
  entry: ServerEntry;
  client: McpClient;
  runtime: DebugRuntime;
  sessions: vscode.DebugSession[];
  /** Resolves with the first attached session's name, or a reason it cannot attach. */
  firstAttach: Promise<DebugOutcome>;
  settle(outcome: DebugOutcome): void;
  detached: boolean;
  /** The status bar said "debugger attached" (once per launch). */
  announced: boolean;
}

export class DebugAttach extends Disposable {
  private readonly followed = new Set<Followed>();
  private launches = 0;

  constructor(
    private readonly registry: ServerRegistry,
    private readonly log: Log,
  ) {
    super();
    this.register(registry.onDidLaunch((e) => e.debug && this.follow(e)));
    this.register(vscode.debug.onDidStartDebugSession((s) => this.started(s)));
    this.register(vscode.debug.onDidTerminateDebugSession((s) => this.terminated(s)));
    this.register(vscode.debug.registerDebugAdapterTrackerFactory('*', { createDebugAdapterTracker: (s) => this.tracker(s) }));
  }

  /**
   * "Attached" means the breakpoints are in place: VS Code sends them before
   * configurationDone, so its response is the moment a tool call can stop in a handler.
   * js-debug debugs the process in a child session; debugpy in the session itself.
   */
  private tracker(session: vscode.DebugSession): vscode.DebugAdapterTracker | undefined {
    const followed = this.ownerOf(session);
    if (!followed || (followed.runtime === 'node' && !session.parentSession)) return undefined;
    return {
      onDidSendMessage: (m: { type?: string; command?: string; success?: boolean }) => {
        if (m.type !== 'response' || m.command !== 'configurationDone') return;
        if (!followed.announced) {
          followed.announced = true;
          showStatus(say`$(debug) MCP Lens: debugger attached to "${followed.entry.name}"`, 10_000);
        }
        followed.settle({ ok: true, sessions: [session.name] });
      },
    };
  }

  /** mcpLens.debugServer: start (or restart) `entry` in debug mode and wait for the first attach. */
  async debug(entry: ServerEntry, options: { breakOnStart?: boolean } = {}): Promise<DebugOutcome> {
    if (!isTrusted()) {
      void explainUntrusted();
      return { ok: false, reason: 'The workspace is not trusted.' };
    }
    if (entry.config.type !== 'stdio')
      return { ok: false, reason: `"${entry.name}" is an ${entry.config.type} server: there is no local process to debug.` };
    const declared = entry.config.dev?.debug?.type;
    const runtime = (declared && runtimeFromDeclared(declared)) || detectRuntime(entry.config.command, entry.config.args);
    if (runtime === 'python' && !pythonDebugType())
      return { ok: false, reason: `${PYTHON_MISSING} Install it, then run "Debug Server" again.` };

    entry.debug = { breakOnStart: options.breakOnStart };
    let listener: vscode.Disposable | undefined;
    const attached = new Promise<DebugOutcome>((resolve) => {
      listener = this.registry.onDidLaunch((e) => {
        if (e.entry !== entry) return;
        listener?.dispose();
        const followed = [...this.followed].find((f) => f.client === e.client);
        if (followed) void followed.firstAttach.then(resolve);
        else resolve({ ok: false, reason: `"${entry.name}" did not start in debug mode.` });
      });
    });
    try {
      const outcome: StartOutcome =
        entry.state.kind === 'stopped' ? await this.registry.start(entry) : await this.registry.restart(entry, 'starting the debugger');
      if (!outcome.ok) return { ok: false, reason: outcome.reason };
      return await attached;
    } finally {
      listener?.dispose();
    }
  }

  private follow({ entry, client, debug }: LaunchEvent): void {
    if (!debug) return;
    let settle!: (outcome: DebugOutcome) => void;
    const firstAttach = new Promise<DebugOutcome>((resolve) => (settle = resolve));
    const followed: Followed = {
      id: `${entry.key}#${++this.launches}`,
      entry,
      client,
      runtime: debug.runtime,
      sessions: [],
      firstAttach,
      settle,
      detached: false,
      announced: false,
    };
    this.followed.add(followed);
    let attaches = 0;
    const listening = client.trace.onEvent((e) => {
      if (e.dir !== 'stderr') return;
      if (debug.runtime === 'node') {
        const endpoint = parseInspectorListening(e.raw);
        if (endpoint) void this.attachNode(followed, endpoint.host, endpoint.port, ++attaches);
      } else {
        const endpoint = parseDebugpyListening(e.raw);
        if (endpoint) void this.attachPython(followed, endpoint.host, endpoint.port);
        else if (isDebugpyMissing(e.raw)) {
          const reason = `"${entry.name}" cannot run under debugpy: its Python has no debugpy module. Install it there (pip install debugpy), then debug again.`;
          settle({ ok: false, reason });
          void showError(say`MCP Lens: ${reason}`);
        }
      }
    });
    // A server that answers the handshake and, a while later, still has not announced a
    // debugger is not a Node one. Not at once: stdout and stderr are separate pipes, and a
    // busy extension host may read the handshake's answer before the "Debugger listening"
    // line the process wrote first (a restart under load warned while the debugger attached).
    let verdict: NodeJS.Timeout | undefined;
    const running = this.registry.onDidChange((changed) => {
      if (changed !== entry || entry.client !== client || entry.state.kind !== 'running' || debug.runtime !== 'node') return;
      running.dispose();
      verdict = setTimeout(() => {
        if (attaches > 0 || entry.client !== client) return;
        const reason = `"${entry.name}" started, but no Node.js process of it announced a debugger (NODE_OPTIONS=--inspect=0 had no effect). If it is not a Node server, set "dev": { "debug": { "type": "debugpy" } } in .vscode/mcp.json.`;
        settle({ ok: false, reason });
        this.log.warn(`[${entry.name}] ${reason}`);
        void showWarning(say`MCP Lens: ${reason}`);
      }, ANNOUNCE_GRACE_MS);
    });
    void client.exited.then(() => {
      clearTimeout(verdict);
      listening.dispose();
      running.dispose();
      settle({ ok: false, reason: `"${entry.name}" exited before a debugger attached.` });
      this.followed.delete(followed);
      // The process is gone, so its debug sessions have nothing left to debug. Node waits
      // ("Waiting for the debugger to disconnect...") until the attach ends; ending it here
      // does not depend on how soon js-debug notices the closed inspector socket.
      // Each from its top: stopping js-debug's parent session ends its child sessions with it.
      const tops = new Map(followed.sessions.map((session) => [topOf(session).id, topOf(session)]));
      if (tops.size > 0) this.log.info(`[${entry.name}] the process exited: ending its ${tops.size} debug session(s)`);
      for (const session of tops.values()) void vscode.debug.stopDebugging(session);
    });
  }

  private folderOf(entry: ServerEntry): vscode.WorkspaceFolder | undefined {
    const base = entry.config.file.workspaceFolder;
    return (base && vscode.workspace.getWorkspaceFolder(vscode.Uri.file(base))) || vscode.workspace.workspaceFolders?.[0];
  }

  private async attachNode(followed: Followed, host: string, port: number, nth: number): Promise<void> {
    const { entry } = followed;
    const script = await inspectorTitle(host, port);
    const name = `${entry.name}${script ? ` · ${script}` : nth > 1 ? ` (${nth})` : ''}`;
    const config: vscode.DebugConfiguration = {
      type: 'pwa-node',
      request: 'attach',
      name,
      address: host,
      port,
      sourceMaps: true,
      skipFiles: ['<node_internals>/**'],
      // --inspect-brk: the first line is where the user asked to stop.
      continueOnAttach: !entry.debug?.breakOnStart,
      // Every node process of the server announces its own port and gets its own attach.
      autoAttachChildProcesses: false,
      attachExistingChildren: false,
      [LAUNCH_KEY]: followed.id,
    };
    await this.start(followed, config, `Node.js debugger on ${host}:${port}`);
  }

  private async attachPython(followed: Followed, host: string, port: number): Promise<void> {
    const { entry } = followed;
    const type = pythonDebugType();
    if (!type) {
      const reason = `${PYTHON_MISSING} "${entry.name}" is waiting under debugpy on ${host}:${port}; any debug adapter client can attach there.`;
      followed.settle({ ok: false, reason });
      void showError(say`MCP Lens: ${reason}`);
      return;
    }
    const config: vscode.DebugConfiguration = {
      type,
      request: 'attach',
      name: entry.name,
      connect: { host, port },
      justMyCode: true,
      [LAUNCH_KEY]: followed.id,
    };
    await this.start(followed, config, `Python debugger on ${host}:${port}`);
  }

  private async start(followed: Followed, config: vscode.DebugConfiguration, what: string): Promise<void> {
    const { entry, client } = followed;
    if (entry.client !== client || followed.detached) return;
    this.log.info(`[${entry.name}] attaching the ${what}`);
    try {
      // The user is in the Servers view or a tool form: keep it; a stop shows the paused line.
      const ok = await vscode.debug.startDebugging(this.folderOf(entry), config, { suppressDebugView: true });
      if (!ok) throw new Error('VS Code did not start the debug session (is the JavaScript debugger, ms-vscode.js-debug, enabled?)');
    } catch (error) {
      const reason = `Could not attach the ${what} to "${entry.name}": ${error instanceof Error ? error.message : String(error)}`;
      this.log.error(`[${entry.name}] ${reason}`);
      followed.settle({ ok: false, reason });
      // A process restarted or stopped meanwhile is no failure to report.
      if (entry.client === client) void showError(say`MCP Lens: ${reason}`);
    }
  }

  private ownerOf(session: vscode.DebugSession): Followed | undefined {
    let top: vscode.DebugSession | undefined = session;
    while (top && typeof top.configuration[LAUNCH_KEY] !== 'string') top = top.parentSession;
    const id = top?.configuration[LAUNCH_KEY];
    if (typeof id !== 'string') return undefined;
    return [...this.followed].find((f) => f.id === id);
  }

  private started(session: vscode.DebugSession): void {
    this.ownerOf(session)?.sessions.push(session);
  }

  /**
   * The user ended the debug session while the server runs: it goes on running, detached,
   * and leaves debug mode (the other sessions of its launcher processes end too).
   */
  private terminated(session: vscode.DebugSession): void {
    const followed = this.ownerOf(session);
    if (!followed) return;
    followed.sessions = followed.sessions.filter((s) => s.id !== session.id);
    if (followed.detached || followed.entry.client !== followed.client || followed.entry.state.kind !== 'running') return;
    followed.detached = true;
    followed.entry.debug = undefined;
    this.log.info(`[${followed.entry.name}] debugging ended; the server keeps running and its next restart runs it without the debugger`);
    for (const other of followed.sessions) void vscode.debug.stopDebugging(other);
  }
}

function topOf(session: vscode.DebugSession): vscode.DebugSession {
  let top = session;
  while (top.parentSession) top = top.parentSession;
  return top;
}

/** The script an inspector debugs (node's /json/list title), for the session's name. */
function inspectorTitle(host: string, port: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const request = http.get({ host, port, path: '/json/list', timeout: 1000 }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        try {
          const targets = JSON.parse(body) as { title?: string; url?: string }[];
          const title = targets[0]?.title ?? targets[0]?.url;
          resolve(title ? path.basename(title.replace(/^file:\/\//, '')) : undefined);
        } catch {
          resolve(undefined); // not node's inspector listing: the session keeps its generic name
        }
      });
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(undefined));
  });
}
