import * as path from 'node:path';
import { readFile } from 'node:fs/promises';
import { parseEnvFile } from './envFile';
import { expandVariables, inputIds, type VariableContext } from './variables';
import type { ConfigProblem, InputDefinition, StdioServerConfig } from './types';

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

export interface ResolveContext {
  userHome: string;
  env: Record<string, string | undefined>;
  /** Asks the user for an input (or recalls it); undefined means they cancelled. */
  resolveInput(input: InputDefinition, server: StdioServerConfig): Promise<string | undefined>;
  read?: (path: string) => Promise<string>;
}

export class InputCancelledError extends Error {
  constructor(readonly inputId: string) {
    super(`no value was given for \${input:${inputId}}`);
  }
}

export type ResolveResult = { ok: true; server: ResolvedServer } | { ok: false; problems: ConfigProblem[] };

/**
 * Expands variables in command, args, cwd, env and envFile, asks for the inputs the server
 * uses (in order of first use), and reads its envFile. `env` wins over `envFile`, as in VS Code.
 */
export async function resolveServer(config: StdioServerConfig, ctx: ResolveContext): Promise<ResolveResult> {
  const problems: ConfigProblem[] = [];
  const problem = (field: string, message: string) => problems.push({ file: config.file.path, server: config.name, field, message, line: config.line, severity: 'error' });

  const strings = [config.command, ...config.args, config.cwd ?? '', config.envFile ?? '', ...Object.values(config.env).filter((v): v is string => v !== null)];
  const inputs = new Map<string, string>();
  const secrets: string[] = [];
  for (const id of new Set(strings.flatMap(inputIds))) {
    const definition = config.inputs.find((i) => i.id === id);
    if (!definition) continue; // reported when the file was parsed
    const value = await ctx.resolveInput(definition, config);
    if (value === undefined) throw new InputCancelledError(id);
    inputs.set(id, value);
    if (definition.password && value !== '') secrets.push(value);
  }

  const vars: VariableContext = { kind: config.file.kind, workspaceFolder: config.file.workspaceFolder, userHome: ctx.userHome, env: ctx.env, inputs };
  const expand = (field: string, value: string) => {
    const result = expandVariables(value, vars);
    for (const error of result.errors) problem(field, error);
    return result.value;
  };

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
