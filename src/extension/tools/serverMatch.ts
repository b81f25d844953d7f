/**
 * Which configured servers a source file belongs to: an argument names the file (or a folder
 * holding it), the file sits under the server's own `cwd`, or an argument's package (the
 * nearest package.json / pyproject.toml below the workspace folder) holds the file — a
 * server launched as `node dist/index.js` is edited in `src/`. Pure apart from `existsSync`.
 */
import { existsSync, statSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ServerConfig } from '../../core/config/types';
import { expandVariables } from '../../core/config/variables';

const PACKAGE_FILES = ['package.json', 'pyproject.toml', 'setup.py'];

export interface Match {
  key: string;
  /** 3: an argument is the file; 2: a folder argument or the cwd holds it; 1: the same package. */
  strength: number;
}

export function serversForFile(
  file: string,
  servers: readonly ServerConfig[],
  env: Record<string, string | undefined> = process.env,
): Match[] {
  const target = path.resolve(file);
  const matches: Match[] = [];
  for (const config of servers) {
    if (config.type !== 'stdio') continue;
    const strength = matchStrength(target, config, env);
    if (strength > 0) matches.push({ key: config.key, strength });
  }
  return matches.sort((a, b) => b.strength - a.strength);
}

/** The files a stdio server's command line names (`node src/server.mjs` → that file), as absolute paths that exist. */
export function argumentFiles(config: ServerConfig, env: Record<string, string | undefined> = process.env): string[] {
  if (config.type !== 'stdio') return [];
  const { cwd, candidates } = commandPaths(config, env);
  return candidates.map((c) => path.resolve(cwd, c)).filter((f) => existsSync(f) && statSync(f).isFile());
}

function commandPaths(
  config: Extract<ServerConfig, { type: 'stdio' }>,
  env: Record<string, string | undefined>,
): { cwd: string; candidates: string[] } {
  const workspaceFolder = config.file.workspaceFolder;
  const expand = (value: string) =>
    expandVariables(value, { kind: config.file.kind, workspaceFolder, userHome: os.homedir(), env, inputs: new Map() }).value;
  const base = workspaceFolder ?? path.dirname(config.file.path);
  const cwd = config.cwd ? path.resolve(base, expand(config.cwd)) : base;
  return { cwd, candidates: [config.command, ...config.args].map(expand).flatMap(pathsIn) };
}

function matchStrength(target: string, config: Extract<ServerConfig, { type: 'stdio' }>, env: Record<string, string | undefined>): number {
  const workspaceFolder = config.file.workspaceFolder;
  const { cwd, candidates } = commandPaths(config, env);
  let best = 0;
  for (const candidate of candidates) {
    const resolved = path.resolve(cwd, candidate);
    if (resolved === target) return 3;
    if (isInside(target, resolved) && existsSync(resolved)) best = Math.max(best, 2);
    else if (existsSync(resolved)) {
      const root = packageRoot(path.dirname(resolved), workspaceFolder);
      if (root && isInside(target, root)) best = Math.max(best, 1);
    }
  }
  if (config.cwd && isInside(target, cwd)) best = Math.max(best, 2);
  return best;
}

/** An argument may be `--entry=src/server.ts`; its path part is what can name a file. */
function pathsIn(arg: string): string[] {
  const eq = arg.indexOf('=');
  const parts = eq > 0 && arg.startsWith('-') ? [arg.slice(eq + 1)] : [arg];
  return parts.filter((p) => p !== '' && !p.startsWith('-') && /[\\/.]/.test(p));
}

function isInside(file: string, folder: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/** The nearest folder with a package manifest, not above the workspace folder. */
function packageRoot(start: string, stop: string | undefined): string | undefined {
  let dir = start;
  for (;;) {
    if (PACKAGE_FILES.some((f) => existsSync(path.join(dir, f)))) return dir;
    if (stop && path.resolve(dir) === path.resolve(stop)) return undefined;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    if (stop && !isInside(parent, stop) && path.resolve(parent) !== path.resolve(stop)) return undefined;
    dir = parent;
  }
}
