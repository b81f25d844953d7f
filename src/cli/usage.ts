/** A mistake in how the command was invoked: printed with the usage text, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const USAGE = `Usage:
  mcp-lens check [--json] [--timeout MS] SERVER
      Start the server, probe its era, list tools/resources/prompts, validate every
      message and print the trace and the diagnostics.
  mcp-lens call TOOL [--args JSON] [ANSWERS] [--json] [--timeout MS] SERVER
      Call one tool and print its result on stdout (progress on stderr).
  mcp-lens read URI [ANSWERS] [--json] [--timeout MS] SERVER
      Read one resource and print its contents.
  mcp-lens prompt NAME [--args JSON] [ANSWERS] [--json] [--timeout MS] SERVER
      Get one prompt and print its messages.
  mcp-lens record --out FILE -- CMD [ARGS…]
      Run CMD as a transparent stdio proxy, writing every byte both ways to a
      *.mcptrace.jsonl trace file. Launch this in place of the server in any host.
  mcp-lens lint [--json] FILE
      Diagnostics over a trace file (*.mcptrace.jsonl, raw JSON-RPC lines or a VS Code
      MCP output log).

ANSWERS (each repeatable, used in the order the server asks) answer what the server asks back:
  --elicit accept|accept:JSON|decline|cancel   an elicitation (form, or URL: shown on stderr)
  --sample TEXT                                the model's reply to a sampling request
  --root PATH                                  a root for roots/list (default: the working directory)
On a terminal, what no flag answers is asked there; otherwise elicitations are declined and
sampling refused, naming the flag to use. --json lists every question and answer (inputRounds).

SERVER is either a stdio server, -- CMD [ARGS…], or a Streamable HTTP server:
  --url URL [--header 'Name: value']… [--token TOKEN]   (--token sends Authorization: Bearer)

Exit codes: 0 ok, 1 an error-severity diagnostic or a failed call, 2 usage error.`;
