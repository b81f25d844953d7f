/** `mcp-lens mcp --help`: what it is, and configuration to paste into the common hosts. */
export const MCP_HELP = `Usage: mcp-lens mcp [--timeout MS]

Runs MCP Lens as an MCP server over stdio, for coding agents (Claude Code, Codex, Cursor,
VS Code). The agent starts the MCP servers it is building as named sessions, held across
its calls, and calls their tools, reads their diagnostics (with evidence), their last
messages and stderr, restarts them after an edit, and runs check.

Tools: start_server, list_servers, restart_server, stop_server, list_capabilities,
call_tool, get_diagnostics, read_messages, read_stderr, check.
list_servers also shows the servers the folder it runs in configures (.vscode/mcp.json,
.mcp.json, .cursor/mcp.json) with their file and line; start_server with just such a name
starts it as the editor would. An \${input:id} it uses is read from MCP_LENS_INPUT_<ID>
(the id upper-cased, other characters as _): \${input:api-key} from MCP_LENS_INPUT_API_KEY.
--timeout MS: how long a request to a server under test may take (default 30000).

Claude Code:
  claude mcp add mcp-lens -- npx -y mcp-lens mcp

Codex (~/.codex/config.toml):
  [mcp_servers.mcp-lens]
  command = "npx"
  args = ["-y", "mcp-lens", "mcp"]

Cursor (.cursor/mcp.json) and Claude Desktop (claude_desktop_config.json):
  {
    "mcpServers": {
      "mcp-lens": { "command": "npx", "args": ["-y", "mcp-lens", "mcp"] }
    }
  }

VS Code (.vscode/mcp.json):
  {
    "servers": {
      "mcp-lens": { "type": "stdio", "command": "npx", "args": ["-y", "mcp-lens", "mcp"] }
    }
  }

Installed globally (npm i -g mcp-lens), use "mcp-lens" as the command and ["mcp"] as the args.`;
