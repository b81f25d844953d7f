/**
 * How to launch a server so a debugger can attach, and how to learn where it listens.
 *
 * Node: `--inspect=0` through NODE_OPTIONS, so it reaches the node process whatever starts
 * it (node, npx, tsx, `node --import tsx`, a shell script that ends in node); each node
 * process then prints "Debugger listening on ws://127.0.0.1:PORT/<uuid>" on stderr.
 * Python: the interpreter runs a short bootstrap that starts debugpy on a free port, prints
 * that port on stderr, and runs the script or module as `python script.py` / `-m` would.
 */
import * as path from 'node:path';

export type DebugRuntime = 'node' | 'python';

export interface LaunchSpec {
  command: string;
  args: string[];
  env: Record<string, string>;
}

export interface DebugLaunch {
  runtime: DebugRuntime;
  spec: LaunchSpec;
  /** What was changed, for the log. */
  how: string;
}

export type DebugPlan = { ok: true; launch: DebugLaunch } | { ok: false; reason: string };

export interface PlanOptions {
  /** `dev.debug.type` from .vscode/mcp.json: node / pwa-node / debugpy / python. */
  declared?: string;
  /** Stop before the first line (`--inspect-brk`; debugpy waits for the client). */
  breakOnStart?: boolean;
  /** NODE_OPTIONS the child would inherit when spec.env has none (process.env's). */
  inheritedNodeOptions?: string;
}

const PYTHON = /^python(\d+(\.\d+)*)?(\.exe)?$/i;
const PY_SCRIPT = /\.pyw?$/i;

/** Interpreter options that take a value in the next argument (`python -X dev -W error`). */
const PY_OPTIONS_WITH_VALUE = new Set(['-X', '-W', '--check-hash-based-pycs']);

export function runtimeFromDeclared(declared: string): DebugRuntime | undefined {
  const t = declared.toLowerCase();
  if (t === 'node' || t === 'pwa-node' || t === 'javascript' || t === 'typescript') return 'node';
  if (t === 'python' || t === 'debugpy') return 'python';
  return undefined;
}

/** Python when the interpreter is named in the command line (also after `uv run`, `poetry run`) or a .py script runs. */
export function detectRuntime(command: string, args: readonly string[]): DebugRuntime {
  const words = [command, ...args].map((w) => path.basename(w));
  if (words.some((w) => PYTHON.test(w) || PY_SCRIPT.test(w))) return 'python';
  return 'node';
}

export function planDebugLaunch(spec: LaunchSpec, options: PlanOptions = {}): DebugPlan {
  let runtime: DebugRuntime;
  if (options.declared !== undefined) {
    const declared = runtimeFromDeclared(options.declared);
    if (!declared)
      return { ok: false, reason: `dev.debug.type "${options.declared}" is not one MCP Lens can attach to: use "node" or "debugpy".` };
    runtime = declared;
  } else {
    runtime = detectRuntime(spec.command, spec.args);
  }
  return runtime === 'node' ? planNode(spec, options) : planPython(spec, options);
}

function planNode(spec: LaunchSpec, options: PlanOptions): DebugPlan {
  const flag = options.breakOnStart ? '--inspect-brk=0' : '--inspect=0';
  const existing = (spec.env.NODE_OPTIONS ?? options.inheritedNodeOptions ?? '').trim();
  // Port 0: every node process in the chain (npx, tsx's launcher, the server) gets its own free port.
  const nodeOptions = existing ? `${existing} ${flag}` : flag;
  return {
    ok: true,
    launch: { runtime: 'node', spec: { ...spec, env: { ...spec.env, NODE_OPTIONS: nodeOptions } }, how: `NODE_OPTIONS=${nodeOptions}` },
  };
}

/** Written to stderr by the bootstrap; parseDebugpyListening reads it back. */
export const DEBUGPY_BANNER = 'MCP Lens: debugpy listening on';

function bootstrap(breakOnStart: boolean): string {
  return [
    'import os, runpy, sys',
    'import debugpy',
    "host, port = debugpy.listen(('127.0.0.1', 0))",
    `sys.stderr.write('${DEBUGPY_BANNER} %s:%d\\n' % (host, port))`,
    'sys.stderr.flush()',
    ...(breakOnStart ? ['debugpy.wait_for_client()'] : []),
    'args = sys.argv[1:]',
    "if args[0] == '-m':",
    '    sys.argv = args[1:]',
    "    runpy.run_module(args[1], run_name='__main__', alter_sys=True)",
    'else:',
    '    sys.argv = args',
    // As `python script.py` does: the script's folder first on the import path.
    '    sys.path[0] = os.path.dirname(os.path.abspath(args[0]))',
    "    runpy.run_path(args[0], run_name='__main__')",
  ].join('\n');
}

function planPython(spec: LaunchSpec, options: PlanOptions): DebugPlan {
  const words = [spec.command, ...spec.args];
  const at = words.findIndex((w) => PYTHON.test(path.basename(w)));
  if (at === -1) {
    return {
      ok: false,
      reason: `MCP Lens starts a Python server under debugpy when its command names the interpreter (python, python3, .venv/bin/python, "uv run python server.py"); "${words.join(' ')}" does not.`,
    };
  }
  // The interpreter's own options stay before the bootstrap.
  let i = at + 1;
  while (i < words.length && words[i].startsWith('-') && words[i] !== '-m' && words[i] !== '-c' && words[i] !== '-') {
    i += PY_OPTIONS_WITH_VALUE.has(words[i]) ? 2 : 1;
  }
  const target = words[i];
  if (target === undefined || target === '-c' || target === '-') {
    return {
      ok: false,
      reason: `MCP Lens can debug a Python server started as "python script.py" or "python -m module"; "${words.join(' ')}" runs ${target ?? 'no script'}.`,
    };
  }
  if (target === '-m' && words[i + 1] === undefined) return { ok: false, reason: `"${words.join(' ')}" names no module after -m.` };
  const rewritten = [...words.slice(0, i), '-c', bootstrap(options.breakOnStart === true), ...words.slice(i)];
  return {
    ok: true,
    launch: {
      runtime: 'python',
      spec: { ...spec, command: rewritten[0], args: rewritten.slice(1) },
      how: `${path.basename(words[at])} runs ${target === '-m' ? `-m ${words[i + 1]}` : path.basename(target)} under debugpy (127.0.0.1, a free port)`,
    },
  };
}

export interface InspectorEndpoint {
  host: string;
  port: number;
  /** The WebSocket URL node printed. */
  url: string;
}

const INSPECTOR = /Debugger listening on (ws:\/\/(\[[0-9a-f:]+\]|[\w.-]+):(\d+)\/[\w-]+)/i;

/** node's "Debugger listening on ws://127.0.0.1:PORT/<uuid>" stderr line. */
export function parseInspectorListening(line: string): InspectorEndpoint | undefined {
  const m = INSPECTOR.exec(line);
  if (!m) return undefined;
  return { url: m[1], host: m[2].replace(/^\[|\]$/g, ''), port: Number(m[3]) };
}

/** The bootstrap's "MCP Lens: debugpy listening on HOST:PORT" line. */
export function parseDebugpyListening(line: string): { host: string; port: number } | undefined {
  const at = line.indexOf(DEBUGPY_BANNER);
  if (at === -1) return undefined;
  const m = /^\s*([\w.:-]+):(\d+)\s*$/.exec(line.slice(at + DEBUGPY_BANNER.length));
  return m ? { host: m[1], port: Number(m[2]) } : undefined;
}

/** The stderr line a Python server without debugpy dies with. */
export function isDebugpyMissing(line: string): boolean {
  return /No module named ['"]?debugpy/.test(line);
}
