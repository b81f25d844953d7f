/** A mistake in how the command was invoked: printed with the usage text, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const USAGE = `Usage:
  mcp-lens check [--json] [--timeout MS] -- CMD [ARGS…]
      Start the server, probe its era, list tools/resources/prompts, validate every
      message and print the trace and the diagnostics.
  mcp-lens call TOOL [--args JSON] [--json] [--timeout MS] -- CMD [ARGS…]
      Call one tool and print its result on stdout (progress on stderr).
  mcp-lens record --out FILE -- CMD [ARGS…]
      Run CMD as a transparent stdio proxy, writing every byte both ways to a
      *.mcptrace.jsonl trace file. Launch this in place of the server in any host.
  mcp-lens record --watch GLOB [--watch GLOB…] [--out FILE] -- CMD [ARGS…]
      Hot-reload proxy: restart the server when a watched file changes (or the host
      calls the added mcp_lens_restart_server tool), keeping the host's session.
  mcp-lens lint [--json] FILE
      Diagnostics over a trace file (*.mcptrace.jsonl, raw JSON-RPC lines or a VS Code
      MCP output log).
  mcp-lens mcp [--timeout MS]
      Run MCP Lens as an MCP server over stdio for coding agents: start the servers
      you build as named sessions, call their tools, read diagnostics, messages and
      stderr, restart, check. \`mcp-lens mcp --help\` prints host config snippets.

Exit codes: 0 ok, 1 an error-severity diagnostic or a failed call, 2 usage error.`;
