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
  mcp-lens lint [--json] FILE
      Diagnostics over a trace file (*.mcptrace.jsonl, raw JSON-RPC lines or a VS Code
      MCP output log).
  mcp-lens test [FILES…] [--junit FILE] [--sarif FILE] [--update-snapshots] [--json]
                [--timeout MS] [-- CMD [ARGS…]]
      Run saved calls (*.mcptest.json; all under the current folder when no FILES are
      given). -- CMD runs them against that server instead of the one each file names.
  mcp-lens diff [--json] [--fail-on breaking|any|never] OLD NEW
      The interface diff of two servers (check --json reports or trace files), each
      change classified breaking or not. Exit 1 per --fail-on (default breaking).
  mcp-lens replay TRACE [--json] [--timeout MS] -- CMD [ARGS…]
      Send a recorded trace's client requests to CMD and report every response that
      differs (ids, timestamps and _meta ignored).

Exit codes: 0 ok, 1 an error-severity diagnostic, a failed call or test, a difference,
2 usage error.`;
