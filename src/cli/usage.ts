/** A mistake in how the command was invoked: printed with the usage text, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const USAGE = `Usage:
  mcp-lens check [--json] [--timeout MS] SERVER
      Start the server, probe its era, list tools/resources/prompts, validate every
      message and print the trace and the diagnostics.
  mcp-lens call TOOL [--args JSON] [--elicit ANSWER]… [--json] [--timeout MS] SERVER
      Call one tool and print its result on stdout (progress on stderr). Each --elicit
      (accept, accept:JSON, decline or cancel) answers the server's next elicitation.
  mcp-lens read URI [--elicit ANSWER]… [--json] [--timeout MS] SERVER
      Read one resource and print its contents.
  mcp-lens prompt NAME [--args JSON] [--elicit ANSWER]… [--json] [--timeout MS] SERVER
      Get one prompt and print its messages.
  mcp-lens record --out FILE -- CMD [ARGS…]
      Run CMD as a transparent stdio proxy, writing every byte both ways to a
      *.mcptrace.jsonl trace file. Launch this in place of the server in any host.
  mcp-lens lint [--json] FILE
      Diagnostics over a trace file (*.mcptrace.jsonl, raw JSON-RPC lines or a VS Code
      MCP output log).

SERVER is either a stdio server, -- CMD [ARGS…], or a Streamable HTTP server:
  --url URL [--header 'Name: value']… [--token TOKEN]   (--token sends Authorization: Bearer)
  --url URL --auth [--client-id ID [--client-secret SECRET]] [--client-metadata-url URL]
      On 401 run the MCP authorization flow (OAuth 2.1, PKCE): print the address to sign in
      at and wait for the browser on a 127.0.0.1 listener. Without --client-id the client
      uses its metadata document where the server supports it, else registers (RFC 7591).
      A server offering only client credentials gets them from --client-id with
      --client-secret, or with a PKCS #8 key in MCP_LENS_CLIENT_PRIVATE_KEY (private_key_jwt;
      MCP_LENS_CLIENT_SIGNING_ALG, default ES256).

Exit codes: 0 ok, 1 an error-severity diagnostic or a failed call, 2 usage error.`;
