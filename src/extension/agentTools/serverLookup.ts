import { AgentInputError, line } from '../../core/agent/bounds';
import type { ServerEntry } from '../serverEntry';
import type { ServerRegistry } from '../serverRegistry';

/** The server an agent named (by name, or by key when two config files use one name). */
export function findServer(registry: ServerRegistry, name: unknown): ServerEntry {
  if (typeof name !== 'string' || name === '')
    throw new AgentInputError('"server" is required: the name of a server as mcpLens_listServers shows it.');
  const found = registry.get(name);
  if (found) return found;
  const all = registry.servers;
  const same = all.filter((s) => s.name === name);
  if (same.length > 1)
    throw new AgentInputError(
      `Several servers are named ${JSON.stringify(name)}; pass one of their keys instead: ${same.map((s) => s.key).join(', ')}.`,
    );
  const names = all.map((s) => line(s.name, 80));
  throw new AgentInputError(
    `No server named ${JSON.stringify(line(name, 80))} in this workspace. Servers: ${names.length ? names.join(', ') : 'none (no .vscode/mcp.json, .mcp.json or .cursor/mcp.json lists one, or the workspace is not trusted)'}.`,
  );
}
