import * as path from 'node:path';
import { readFile } from 'node:fs/promises';
import { parseEnvFile } from './envFile';
import { InputCancelledError, prepareExpansion, type ExpansionContext } from './expansion';
import type { ConfigProblem, StdioServerConfig } from './types';

export { InputCancelledError };

/** What the transport needs to spawn the server (same shape as core/transport's ServerSpec). */
export interface ResolvedServer {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  /** The variables the config sets, over the inherited environment; `null` removes one. */
  env: Record<string, string | null>;
  /** Values of `password` inputs used here, so logs can hide them (DESIGN.md §5.8). */
  secrets: string[];
}

export interface ResolveContext extends ExpansionContext<StdioServerConfig> {
  read?: (path: string) => Promise<string>;
}

export type ResolveResult = { ok: true; server: ResolvedServer } | { ok: false; problems: ConfigProblem[] };

/**
 * Expands variables in command, args, cwd, env and envFile, asks for the inputs the server
 * uses (in order of first use), and reads its envFile. `env` wins over `envFile`, as in VS Code.
 */
export async function resolveServer(config: StdioServerConfig, ctx: ResolveContext): Promise<ResolveResult> {
  const strings = [
    config.command,
    ...config.args,
    config.cwd ?? '',
    config.envFile ?? '',
    ...Object.values(config.env).filter((v): v is string => v !== null),
  ];
  const { problems, secrets, problem, expand } = await prepareExpansion(config, strings, ctx);

  const command = expand('command', config.command);
  const args = config.args.map((arg, i) => expand(`args[${i}]`, arg));
  const base = config.file.workspaceFolder ?? ctx.userHome;
  const cwd = config.cwd ? path.resolve(base, expand('cwd', config.cwd)) : base;

  const env: Record<string, string | null> = {};
  if (config.envFile) {
    const envPath = path.resolve(base, expand('envFile', config.envFile));
    try {
      const parsed = parseEnvFile(await (ctx.read ?? ((p: string) => readFile(p, 'utf8')))(envPath));
      for (const p of parsed.problems) problem('envFile', `${envPath}:${p.line}: ${p.message}`);
      Object.assign(env, parsed.env);
    } catch (error) {
      problem('envFile', `cannot read ${envPath}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
  }
  for (const [key, value] of Object.entries(config.env)) env[key] = value === null ? null : expand(`env.${key}`, value);

  if (problems.length) return { ok: false, problems };
  return { ok: true, server: { name: config.name, command, args, cwd, env, secrets } };
}
