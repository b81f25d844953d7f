import type { CommandSpec } from '../cliParser';
import { timeout, TIMEOUT_OPTION } from '../timeoutFlag';
import { UsageError } from '../usageError';
import { MCP_HELP } from './help';

/** `mcp-lens mcp`: its arguments and options (its usage is MCP_HELP, with the host config snippets). */

export interface McpArgs {
  name: 'mcp';
  timeoutMs: number;
}

export const MCP_COMMAND: CommandSpec<McpArgs> = {
  usage: MCP_HELP,
  refusesServerCommand: 'mcp: takes no server command (the agent starts servers with start_server)',
  options: TIMEOUT_OPTION,
  build: ({ values, positionals }) => {
    if (positionals.length > 0) throw new UsageError(`mcp: unexpected argument ${JSON.stringify(positionals[0])}`);
    return { name: 'mcp', timeoutMs: timeout('mcp', values.timeout as string | undefined) };
  },
};
