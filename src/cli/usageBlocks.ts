/**
 * The parts of the commands' usage texts that several commands share (told once here, so
 * each command's usage, kept beside its options, says them the same way).
 */

/** `--fail-on LEVEL`, as every command that takes it says it. */
export const FAIL_ON = `  --fail-on error|warning|never
      Which diagnostics make the exit code 1: error (the default: a broken MUST or
      MUST NOT of the spec, or a failure), warning (also a broken SHOULD), never.`;

/** SERVER: a stdio command or an HTTP server, with the transport and auth flags. */
export const SERVER = `SERVER is -- CMD [ARGS…] (a stdio server) or an HTTP server:
  --url URL          the server's endpoint
  --transport sse    the HTTP+SSE transport of 2024-11-05 (URL: the event stream); by
                     default Streamable HTTP, falling back to HTTP+SSE on a 4xx POST
  --header 'K: V'    an HTTP header to send (repeatable)
  --token TOKEN      sends Authorization: Bearer TOKEN (redacted in traces and reports)
  --auth             on 401, the MCP authorization flow (see mcp-lens help); the tokens
                     are cached between runs (the logout command forgets them)
  --no-token-cache   with --auth: neither reuse nor keep tokens (CI, shared machines)
  --dpop MODE        with --auth: DPoP-bound tokens (RFC 9449) auto (where the servers ask),
                     always or never; MCP_LENS_DPOP sets it too
  --idp-issuer URL | --idp-token-endpoint URL, --idp-client-id ID,
  --id-token-file PATH | --id-token-env VAR  (with --client-id)
                     enterprise-managed authorization: exchange the ID token at the
                     enterprise IdP for an ID-JAG, then that for the server's token
  --workload-token-file PATH | --workload-token-env VAR
                     workload identity: the CI job's or pod's JWT as the grant
  --client-profile NAME
                     connect as that host does: its clientInfo and the capabilities and
                     extensions it declares (vscode, claude-desktop, claude-code, chatgpt,
                     cursor, gemini-cli), to see the tools a server registers for it`;

/** The flags that answer what a server asks back. */
export const ELICIT = `  --elicit ANSWER  answers the server's next elicitation (repeatable, in order):
                   accept (the form's defaults), accept:JSON, decline or cancel
  --sample TEXT    the model's reply to the server's next sampling request (repeatable)
  --root PATH      a root for roots/list (repeatable; default: the working directory)
On a terminal, what no flag answers is asked there; otherwise elicitations are declined
and sampling refused, naming the flag to use.`;

export const EXIT_CODES = 'Exit codes: 0 ok, 1 a diagnostic at or above --fail-on or a failed call, 2 usage error.';

/** The end of a one-request command's usage: --timeout, --fail-on, SERVER and the exit codes. */
export const REQUEST_TAIL = `  --timeout MS     how long each request may take (default 30000)
${FAIL_ON}

${SERVER}

${EXIT_CODES}`;

/** REQUEST_TAIL after the usual `--json` line of a one-request command. */
export const REPORT_TAIL = `  --json           print one JSON report with the result, the diagnostics and the trace
${REQUEST_TAIL}`;
