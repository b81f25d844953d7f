import { clientProfile, type ClientProfile } from '../core/hosts/clientProfiles';

/**
 * The host a server's sessions declare themselves as: `mcpLens.clientProfiles` by server name,
 * else its `*` entry, else none (MCP Lens declares itself). An unknown id is no profile.
 */
export function clientProfileFor(server: string, setting: Record<string, unknown>): ClientProfile | undefined {
  const id = setting[server] ?? setting['*'];
  return typeof id === 'string' ? clientProfile(id) : undefined;
}
