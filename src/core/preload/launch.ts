/**
 * Launching a server with the stray-stdout preloads: Node gets
 * `NODE_OPTIONS=--require <node-preload.js>`, Python gets sitecustomize.py's directory first
 * on PYTHONPATH, and both get MCP_LENS_SIDE_FILE, the file the preloads append their records
 * to. Environment variables reach every descendant (npx, `sh -c`, uv run), which an
 * inherited fd 3 does not. Nothing else about the spec changes.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { preloadAssets, type PreloadAssets } from './assets';
import { SIDE_FILE_ENV, STDOUT_ID_ENV } from './record';

/** The fields of ServerSpec (src/core/transport/stdio.ts) this module reads and writes. */
export interface LaunchSpec {
  command: string;
  args?: string[];
  cwd?: string;
  env?: Record<string, string>;
}

export type PreloadRuntime = 'node' | 'python';

export interface InjectOptions {
  /** The file the preloads append to; read it with readSideChannel. */
  sideChannelPath: string;
  /** Defaults to the installed MCP Lens's own (preloadAssets()). */
  assets?: PreloadAssets;
  /** The environment the child inherits beneath spec.env; existing NODE_OPTIONS / PYTHONPATH are kept. Default process.env. */
  baseEnv?: Record<string, string | undefined>;
  /** Which preloads to inject; default: those preloadRuntimes(spec) detects. */
  runtimes?: readonly PreloadRuntime[];
}

/**
 * The spec with the preloads injected for the runtimes the command starts: NODE_OPTIONS
 * gets `--require …` appended to any existing value, PYTHONPATH gets sitecustomize's
 * directory prepended. A spec whose command is neither Node nor Python comes back unchanged
 * (the same object). Throws when a needed preload file is missing (an unbuilt checkout),
 * before anything runs.
 */
export function injectPreload<S extends LaunchSpec>(spec: S, options: InjectOptions): S & Pick<LaunchSpec, 'env'> {
  const variables = preloadEnv(spec, options);
  if (!variables) return spec;
  const baseEnv = options.baseEnv ?? process.env;
  const inherited = (name: string): string | undefined => spec.env?.[name] ?? baseEnv[name];
  const env: Record<string, string> = { ...spec.env, ...variables };
  const nodeOptions = inherited('NODE_OPTIONS')?.trim();
  if (variables.NODE_OPTIONS && nodeOptions) {
    env.NODE_OPTIONS = nodeOptions.includes(variables.NODE_OPTIONS) ? nodeOptions : `${nodeOptions} ${variables.NODE_OPTIONS}`;
  }
  const pythonPath = inherited('PYTHONPATH');
  // First on PYTHONPATH, so that this sitecustomize is the one `site` imports (it runs the one it shadows).
  if (variables.PYTHONPATH && pythonPath) env.PYTHONPATH = `${variables.PYTHONPATH}${path.delimiter}${pythonPath}`;
  return { ...spec, env };
}

/**
 * Only the preload's own variables, for a transport that merges them itself
 * (transport/env.ts buildChildEnv appends NODE_OPTIONS and PYTHONPATH to the child's).
 * Undefined when the command starts neither Node nor Python.
 */
export function preloadEnv(spec: LaunchSpec, options: InjectOptions): Record<string, string> | undefined {
  const runtimes = options.runtimes ?? preloadRuntimes(spec, options.baseEnv);
  if (runtimes.length === 0) return undefined;
  const assets = options.assets ?? preloadAssets();
  // The first process that observes records which file its stdout is (see node-preload.ts).
  const env: Record<string, string> = { [SIDE_FILE_ENV]: path.resolve(options.sideChannelPath), [STDOUT_ID_ENV]: '' };
  if (runtimes.includes('node')) {
    requireFile(assets.nodePreload);
    env.NODE_OPTIONS = `--require ${nodeOptionsValue(assets.nodePreload)}`;
  }
  if (runtimes.includes('python')) {
    requireFile(path.join(assets.pythonDir, 'sitecustomize.py'));
    env.PYTHONPATH = assets.pythonDir;
  }
  return env;
}

const NODE_COMMANDS = new Set(['node', 'nodejs', 'npx', 'npm', 'pnpm', 'pnpx', 'yarn', 'tsx', 'ts-node', 'ts-node-esm', 'nodemon']);
const PYTHON_COMMANDS = new Set(['py', 'uv', 'uvx', 'pipx', 'poetry', 'pdm', 'hatch']);
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh']);

/**
 * The runtimes a spec starts: by the command's name (`node`, `npx`, `tsx`, `python3.11`,
 * `uvx`…), by the words of a `sh -c` script, or by the `#!` line of a script command.
 */
export function preloadRuntimes(spec: LaunchSpec, baseEnv: Record<string, string | undefined> = process.env): PreloadRuntime[] {
  const name = commandName(spec.command);
  const direct = runtimeOf(name);
  if (direct) return [direct];
  if (SHELLS.has(name)) return runtimesOfWords(shellScript(spec.args ?? []) ?? '');
  if (name === 'cmd') return runtimesOfWords(cmdScript(spec.args ?? []));
  const shebang = readShebang(spec, { ...baseEnv, ...spec.env });
  return shebang ? runtimesOfWords(shebang) : [];
}

function commandName(command: string): string {
  return path
    .basename(command.replace(/\\/g, '/'))
    .toLowerCase()
    .replace(/\.(exe|cmd|bat)$/, '');
}

function runtimeOf(name: string): PreloadRuntime | undefined {
  if (NODE_COMMANDS.has(name)) return 'node';
  if (PYTHON_COMMANDS.has(name) || /^python(\d+(\.\d+)?)?$/.test(name)) return 'python';
  return undefined;
}

function runtimesOfWords(text: string): PreloadRuntime[] {
  const found = new Set<PreloadRuntime>();
  for (const word of text.split(/[\s;&|()`'"=]+/)) {
    const runtime = word && runtimeOf(commandName(word));
    if (runtime) found.add(runtime);
  }
  return [...found].sort();
}

/** The script of `sh -c SCRIPT` (also `-lc`, `-ec`…). */
function shellScript(args: readonly string[]): string | undefined {
  const flag = args.findIndex((arg) => /^-[a-z]*c[a-z]*$/.test(arg));
  return flag === -1 ? undefined : args[flag + 1];
}

/** What `cmd /c …` (or `/k`) runs: everything after the switch. */
function cmdScript(args: readonly string[]): string {
  const flag = args.findIndex((arg) => /^\/[ck]$/i.test(arg));
  return flag === -1 ? '' : args.slice(flag + 1).join(' ');
}

/** The `#!` line of the command when it is a script (an npm bin, ./server.py). */
function readShebang(spec: LaunchSpec, env: Record<string, string | undefined>): string | undefined {
  const file = locate(spec.command, spec.cwd ?? process.cwd(), env.PATH ?? env.Path ?? '');
  if (!file) return undefined;
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, 'r');
    const head = Buffer.alloc(256);
    const read = fs.readSync(fd, head, 0, head.length, 0);
    const text = head.subarray(0, read).toString('utf8');
    return text.startsWith('#!') ? text.slice(2).split('\n')[0] : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

function locate(command: string, cwd: string, searchPath: string): string | undefined {
  const candidates =
    command.includes('/') || command.includes('\\')
      ? [path.resolve(cwd, command)]
      : searchPath
          .split(path.delimiter)
          .filter(Boolean)
          .map((dir) => path.join(dir, command));
  return candidates.find((candidate) => {
    try {
      return fs.statSync(candidate).isFile();
    } catch {
      return false;
    }
  });
}

function requireFile(file: string): void {
  if (!fs.existsSync(file)) throw new Error(`MCP Lens preload missing: ${file} (run \`npm run build\`)`);
}

/**
 * NODE_OPTIONS splits on spaces; a double-quoted value may hold spaces, and inside quotes a
 * backslash escapes the next character (Node's documented NODE_OPTIONS quoting).
 */
function nodeOptionsValue(file: string): string {
  return /[\s"]/.test(file) ? `"${file.replace(/[\\"]/g, '\\$&')}"` : file;
}
