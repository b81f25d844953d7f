import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { McpArgs } from './mcpArgs';
import { version } from '../version';
import { ConfiguredServers } from './configured';
import { Sessions } from './sessions';
import { registerAgentTools } from './tools';
import { ignoreClosing } from '../../core/util/ignored';

const INSTRUCTIONS = `MCP Lens runs the MCP servers you are building and shows exactly what they say.
Start one with start_server (a name and its command line, or just the name of a server the
workspace configures: list_servers shows them), then call_tool to try a tool, get_diagnostics
and read_stderr when something fails, restart_server after you changed its code, and check to see
whether it is still a correct MCP server. Sessions stay open across calls until stop_server.`;

/**
 * \`mcp-lens mcp\`: the agent operations over stdio, on the official SDK. Ends when the host
 * closes our stdin; every server under test ends with it.
 */
export async function runMcp(args: McpArgs): Promise<number> {
  const sessions = new Sessions(args.timeoutMs);
  const server = new McpServer({ name: 'mcp-lens', version }, { instructions: INSTRUCTIONS });
  registerAgentTools(server, sessions, args.timeoutMs, new ConfiguredServers(process.cwd()));
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve;
    process.stdin.once('end', resolve);
    for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.once(signal, resolve);
  });
  await server.connect(transport);
  await closed;
  await sessions.stopAll();
  await ignoreClosing(server.close());
  return 0;
}
