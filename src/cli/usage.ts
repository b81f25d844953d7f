import { COMMANDS, commandSpec } from './commandTable';

/** The usage texts: each command's own (declared beside its options) and the overview of them all. */

export { UsageError } from './usageError';

/** Each command's own usage, printed by `mcp-lens <command> --help` and `mcp-lens help <command>`. */
export const COMMAND_USAGE: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(COMMANDS).map(([name, spec]) => [name, spec.usage]),
);

/** That command's usage, or undefined for a word that names no command (`toString` included). */
export function usageOf(command: string | undefined): string | undefined {
  return commandSpec(command)?.usage;
}

export const USAGE = `Usage:
  mcp-lens check [--json] [--timeout MS] [--fail-on LEVEL] [--probes LIST | --no-probes] SERVER
      Start the server, probe its era, list tools/resources/prompts, exercise it with
      safe probes, validate every message and print the trace and the diagnostics.
  mcp-lens call TOOL [--args JSON] [--task] [ANSWERS] [--json] [--timeout MS] [--fail-on LEVEL] SERVER
      Call one tool (or run it as a task) and print its result on stdout (progress on stderr).
  mcp-lens read URI|TEMPLATE [--var NAME=VALUE]… [ANSWERS] [--json] [--timeout MS] [--fail-on LEVEL] SERVER
      Read one resource (a template expanded with --var) and print its contents.
  mcp-lens prompt NAME [--args JSON] [--arg NAME=VALUE]… [ANSWERS] [--json] [--timeout MS] [--fail-on LEVEL] SERVER
      Get one prompt and print its messages.
  mcp-lens skill [URI] [--json] [--timeout MS] [--fail-on LEVEL] SERVER
      List the server's skills (the MCP Skills extension), or print one skill's SKILL.md
      once it is verified against its entry.
  mcp-lens watch [--resource URI]… [--lists] [--count N] [--duration S] [--json] [--timeout MS] [--fail-on LEVEL] SERVER
      Print list changes and resource updates as they arrive (subscriptions/listen on
      2026-07-28, resources/subscribe before), until Ctrl-C, --count or --duration.
  mcp-lens complete (--prompt NAME | --template TEMPLATE) ARGUMENT [--value TEXT] [--context NAME=VALUE]… [--json] [--timeout MS] [--fail-on LEVEL] SERVER
      Print the server's completions for a prompt argument or a template variable.
  mcp-lens record --out FILE -- CMD [ARGS…]
      Run CMD as a transparent stdio proxy, writing every byte both ways to a
      *.mcptrace.jsonl trace file. Launch this in place of the server in any host.
  mcp-lens record --watch GLOB [--watch GLOB…] [--out FILE] -- CMD [ARGS…]
      Hot-reload proxy: restart the server when a watched file changes (or the host
      calls the added mcp_lens_restart_server tool), keeping the host's session.
  mcp-lens record --listen PORT --url URL --out FILE
      HTTP reverse proxy on 127.0.0.1:PORT in front of the HTTP server at URL (Streamable
      HTTP or HTTP+SSE): point the host at it; every message goes to the trace.
  mcp-lens lint [--json] [--fail-on LEVEL] [--host NAME]… FILE
      Diagnostics over a trace file (*.mcptrace.jsonl, raw JSON-RPC lines or a VS Code
      MCP output log).
  mcp-lens mcp [--timeout MS]
      Run MCP Lens as an MCP server over stdio for coding agents: start the servers
      you build as named sessions, call their tools, read diagnostics, messages and
      stderr, restart, check. \`mcp-lens mcp --help\` prints host config snippets.
  mcp-lens test [FILES…] [--junit FILE] [--sarif FILE] [--update-snapshots] [--json]
                [--timeout MS] [SERVER]
      Run saved calls (*.mcptest.json; all under the current folder when no FILES are
      given). SERVER runs them against that server instead of the one each file names.
  mcp-lens eval [FILES…] --model PROVIDER:MODEL [--model …] [--min-pass-rate X]
                [--compare REF] [--junit FILE] [--sarif FILE] [--json] [SERVER]
      Does a model use the tools right? Run *.mcpeval.json cases through a model
      against the real server: pass rates with intervals, precision and recall;
      with --compare, what a change (a description edit) did to them.
  mcp-lens fuzz [TOOL…] [--runs N] [--seed S] [--allow-destructive] [--save FILE]
                [--junit FILE] [--sarif FILE] [--json] [--timeout MS] SERVER
      Call each tool with inputs drawn from its inputSchema; report crashes, hangs, leaks
      and broken contracts, each with its smallest input.
  mcp-lens load TOOL [--args JSON] [--concurrency N] [--requests N | --duration S]
                [--rate R] [--fail-over-p99 MS] [--fail-over-error-rate X] [--fail-on LEVEL]
                [--junit FILE] [--sarif FILE] [--json] [--timeout MS] SERVER
      Concurrent calls of one tool: throughput, latency percentiles, errors by kind.
  mcp-lens diff [--json] [--fail-on breaking|any|never] OLD NEW|SERVER
      The interface diff of two servers (check --json reports or trace files, or OLD
      against a live SERVER listed now), each change classified breaking or not. Exit 1
      per --fail-on (default breaking).
  mcp-lens replay TRACE [--json] [--timeout MS] SERVER
      Send a recorded trace's client requests to SERVER and report every response that
      differs (ids, timestamps and _meta ignored).
  mcp-lens logout URL
      Revoke (RFC 7009) and forget the tokens --auth cached for the server at URL.
  mcp-lens help COMMAND, mcp-lens COMMAND --help
      That command's usage and options.

ANSWERS (each repeatable, used in the order the server asks) answer what the server asks back:
  --elicit accept|accept:JSON|decline|cancel   an elicitation (form, or URL: shown on stderr)
  --sample TEXT                                the model's reply to a sampling request
  --root PATH                                  a root for roots/list (default: the working directory)
On a terminal, what no flag answers is asked there; otherwise elicitations are declined and
sampling refused, naming the flag to use. --json lists every question and answer (inputRounds).

SERVER is either a stdio server, -- CMD [ARGS…], or an HTTP server:
  --url URL [--header 'Name: value']… [--token TOKEN]   (--token sends Authorization: Bearer)
  --url URL --transport sse
      The HTTP+SSE transport of 2024-11-05 ("type": "sse"): URL is the event stream. Without
      it a POST refused with 4xx is followed by a GET for an HTTP+SSE endpoint event.
  --url URL --auth [--client-id ID [--client-secret SECRET]] [--client-metadata-url URL] [--dpop MODE]
      On 401 run the MCP authorization flow (OAuth 2.1, PKCE): print the address to sign in
      at and wait for the browser on a 127.0.0.1 listener. Without --client-id the client
      uses its metadata document where the server supports it, else registers (RFC 7591).
      A server offering only client credentials gets them from --client-id with
      --client-secret, or with a PKCS #8 key in MCP_LENS_CLIENT_PRIVATE_KEY (private_key_jwt;
      MCP_LENS_CLIENT_SIGNING_ALG, default ES256).
  --url URL --client-id ID [--client-secret SECRET] --idp-issuer URL|--idp-token-endpoint URL
      --idp-client-id ID --id-token-file PATH|--id-token-env VAR
      Enterprise-managed authorization (SEP-990), no browser: the person's ID token from the
      enterprise IdP is exchanged there (RFC 8693) for an ID-JAG (audience: the server's
      authorization server), which the jwt-bearer grant (RFC 7523) turns into the token.
      This client's secret at the IdP, if it has one: MCP_LENS_IDP_CLIENT_SECRET.
  --url URL --workload-token-file PATH|--workload-token-env VAR [--client-id ID]
      Workload identity (SEP-1933) for CI: the JWT the platform issued to the job (its "aud"
      the authorization server's issuer) is the jwt-bearer grant. Files are read again at
      each authorization; a refusal is reported, never retried with another grant.
      Tokens (and the registered client) are cached per server URL and authorization
      server in the user's cache folder (a 0600 file; MCP_LENS_CACHE_DIR moves it) and
      refreshed when they expire; --no-token-cache keeps this run's to itself.
      --dpop auto|always|never (or MCP_LENS_DPOP): tokens bound to a key with a DPoP proof
      on every request (RFC 9449); auto does it where the servers' metadata or 401 ask.
  --client-profile NAME   (either kind of server)
      Declare what that host declares (clientInfo, capabilities, extensions such as MCP
      Apps' io.modelcontextprotocol/ui): vscode, claude-desktop, claude-code, chatgpt,
      cursor, gemini-cli. A server that registers tools only for some clients lists them
      as that host sees them.

LEVEL is error (default), warning or never: which diagnostics make the exit code 1.
Exit codes: 0 ok, 1 a diagnostic at or above --fail-on, a failed call or test, a breaking
difference (diff) or a different response (replay), 2 usage error.`;
