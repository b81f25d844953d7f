import { prepareExpansion, type ExpansionContext } from './expansion';
import type { ConfigProblem, RemoteServerConfig, ServerConfig } from './types';

/** What the Streamable HTTP transport needs (same shape as core/transport's HttpServerSpec). */
export interface ResolvedRemoteServer {
  name: string;
  url: string;
  headers: Record<string, string>;
  /** Values of `password` inputs used here, so traces and logs can hide them (DESIGN.md §5.8). */
  secrets: string[];
}

export type ResolveRemoteContext = ExpansionContext<ServerConfig>;

export type ResolveRemoteResult = { ok: true; server: ResolvedRemoteServer } | { ok: false; problems: ConfigProblem[] };

/**
 * Expands variables in `url` and `headers` (`"Authorization": "Bearer ${input:token}"` is the
 * usual way to give a token), asking for the inputs they use, in order of first use.
 */
export async function resolveRemoteServer(config: RemoteServerConfig, ctx: ResolveRemoteContext): Promise<ResolveRemoteResult> {
  const { problems, secrets, expand } = await prepareExpansion(config, [config.url, ...Object.values(config.headers)], ctx);
  const url = expand('url', config.url);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(config.headers)) headers[name] = expand(`headers.${name}`, value);
  if (problems.length) return { ok: false, problems };
  return { ok: true, server: { name: config.name, url, headers, secrets } };
}
