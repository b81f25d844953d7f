import { expandVariables, inputIds, type VariableContext } from './variables';
import type { ConfigProblem, InputDefinition, RemoteServerConfig, ServerConfig } from './types';
import { InputCancelledError } from './resolve';

/** What the Streamable HTTP transport needs (same shape as core/transport's HttpServerSpec). */
export interface ResolvedRemoteServer {
  name: string;
  url: string;
  headers: Record<string, string>;
  /** Values of `password` inputs used here, so traces and logs can hide them (DESIGN.md §5.8). */
  secrets: string[];
}

export interface ResolveRemoteContext {
  userHome: string;
  env: Record<string, string | undefined>;
  /** Asks the user for an input (or recalls it); undefined means they cancelled. */
  resolveInput(input: InputDefinition, server: ServerConfig): Promise<string | undefined>;
}

export type ResolveRemoteResult = { ok: true; server: ResolvedRemoteServer } | { ok: false; problems: ConfigProblem[] };

/**
 * Expands variables in `url` and `headers` (`"Authorization": "Bearer ${input:token}"` is the
 * usual way to give a token), asking for the inputs they use, in order of first use.
 */
export async function resolveRemoteServer(config: RemoteServerConfig, ctx: ResolveRemoteContext): Promise<ResolveRemoteResult> {
  const problems: ConfigProblem[] = [];
  const problem = (field: string, message: string) => problems.push({ file: config.file.path, server: config.name, field, message, line: config.line, severity: 'error' });

  const inputs = new Map<string, string>();
  const secrets: string[] = [];
  for (const id of new Set([config.url, ...Object.values(config.headers)].flatMap(inputIds))) {
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
  const url = expand('url', config.url);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(config.headers)) headers[name] = expand(`headers.${name}`, value);
  if (problems.length) return { ok: false, problems };
  return { ok: true, server: { name: config.name, url, headers, secrets } };
}
