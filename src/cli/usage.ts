import { MCP_HELP } from './mcp/help';
import { PROBE_IDS } from '../core/probe/probe';

/** A mistake in how the command was invoked: printed with the usage text, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

const FAIL_ON = `  --fail-on error|warning|never
      Which diagnostics make the exit code 1: error (the default: a broken MUST or
      MUST NOT of the spec, or a failure), warning (also a broken SHOULD), never.`;

const SERVER = `SERVER is -- CMD [ARGS…] (a stdio server) or an HTTP server:
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

const ELICIT = `  --elicit ANSWER  answers the server's next elicitation (repeatable, in order):
                   accept (the form's defaults), accept:JSON, decline or cancel
  --sample TEXT    the model's reply to the server's next sampling request (repeatable)
  --root PATH      a root for roots/list (repeatable; default: the working directory)
On a terminal, what no flag answers is asked there; otherwise elicitations are declined
and sampling refused, naming the flag to use.`;

const EXIT_CODES = 'Exit codes: 0 ok, 1 a diagnostic at or above --fail-on or a failed call, 2 usage error.';

/** Each command's own usage, printed by `mcp-lens <command> --help` and `mcp-lens help <command>`. */
export const COMMAND_USAGE: Readonly<Record<string, string>> = {
  mcp: MCP_HELP,
  check: `Usage: mcp-lens check [--json] [--timeout MS] [--fail-on LEVEL] [--probes LIST | --no-probes] SERVER

Start the server, probe its era (server/discover, else initialize), list every tool,
resource, template and prompt (all pages), then exercise it as a host does with safe
probes (ping, logging levels, completion, resource reads and an unknown URI, prompts,
subscriptions, both eras; never a tool call, never a write), validate every message
and print the trace, a summary, which probes ran or were skipped, and the diagnostics.

  --json           print one JSON report instead: {server, era, protocolVersion,
                   capabilities, tools, resources, prompts, probes, diagnostics, events}
  --timeout MS     how long each request (and each probe) may take (default 30000)
  --probes LIST    run only these probes, comma-separated: ${PROBE_IDS.join(', ')}
                   (default: every one; see docs/probes.md)
  --no-probes      list only, exercise nothing
${FAIL_ON}

${SERVER}

A server that cannot be started or reached exits 1 whatever --fail-on says.
${EXIT_CODES}`,
  call: `Usage: mcp-lens call TOOL [--args JSON] [--task] [--elicit ANSWER]… [--json] [--timeout MS] [--fail-on LEVEL] SERVER

Call one tool and print its result on stdout (progress on stderr). An isError result
(the tool ran and failed) and a JSON-RPC error (the request never reached the tool)
are told apart; both exit 1 whatever --fail-on says.

  --args JSON      the tool's arguments, a JSON object (default {})
  --task           run it as a task, print each status on stderr. 2025-11-25 servers
                   that declare tasks: poll tasks/get, fetch tasks/result (a tool whose
                   execution.taskSupport is "required" always runs as one). 2026-07-28
                   servers that advertise io.modelcontextprotocol/tasks: declare the
                   extension, poll tasks/get to its inlined result, answer input with
                   tasks/update
${ELICIT}
  --json           print one JSON report with the result, the diagnostics and the trace
  --timeout MS     how long each request may take (default 30000)
${FAIL_ON}

${SERVER}

${EXIT_CODES}`,
  read: `Usage: mcp-lens read URI|TEMPLATE [--var NAME=VALUE]… [--elicit ANSWER]… [--json] [--timeout MS] [--fail-on LEVEL] SERVER

Read one resource (resources/read) and print its contents: text as it is, a blob as its
size and mime type. A resource template (RFC 6570, levels 1–4, e.g.
'weather://{city}/now{?units}') is expanded with the --var values first; a variable left
out is left out of the URI. Not found is told apart by era: -32002 (2025-11-25 and
earlier) or -32602 (2026-07-28).

  --var NAME=VALUE a template variable (repeatable); a list variable ({x*}) takes a,b,c

${ELICIT}
  --json           print one JSON report with the result, the diagnostics and the trace
  --timeout MS     how long each request may take (default 30000)
${FAIL_ON}

${SERVER}

${EXIT_CODES}`,
  watch: `Usage: mcp-lens watch [--resource URI]… [--lists] [--count N] [--duration S] [--json] [--timeout MS] [--fail-on LEVEL] SERVER

Print the server's list changes (tools, prompts, resources list_changed) and resource
updates (resources/updated) as they arrive, until Ctrl-C, --count or --duration. A
2026-07-28 server is asked on one subscriptions/listen stream (it sends nothing it was not
asked for); what its acknowledgement leaves out is said. A legacy server is sent
resources/subscribe for each URI (it declares resources.subscribe), and sends list_changed
unasked. At the end the stream is cancelled (notifications/cancelled) or each URI
unsubscribed, and the server is stopped (a Ctrl-C meanwhile kills it at once).

  --resource URI   watch this resource (repeatable)
  --lists          watch the lists too (the default when no --resource is given); on
                   2026-07-28 only the lists the server declares listChanged for
  --count N        stop after N notifications
  --duration S     stop after S seconds
  --json           one JSON line per notification ({type: "notification", at, method, uri?,
                   seq}), then one {type: "end", how, notifications, …the check --json report}
  --timeout MS     how long each request (and the stream's acknowledgement) may take
                   (default 30000)
${FAIL_ON}

${SERVER}

A watch the server ends (its stream, or its process) is said; a server that exits makes
the exit code 1.
${EXIT_CODES}`,
  prompt: `Usage: mcp-lens prompt NAME [--args JSON] [--arg NAME=VALUE]… [--elicit ANSWER]… [--json] [--timeout MS] [--fail-on LEVEL] SERVER

Get one prompt (prompts/get) and print each of its messages under its role.

  --args JSON      the prompt's arguments, a JSON object of strings (default {})
  --arg NAME=VALUE one argument (repeatable; over --args)
${ELICIT}
  --json           print one JSON report with the result, the diagnostics and the trace
  --timeout MS     how long each request may take (default 30000)
${FAIL_ON}

${SERVER}

${EXIT_CODES}`,
  skill: `Usage: mcp-lens skill [URI] [--json] [--timeout MS] [--fail-on LEVEL] SERVER

The MCP Skills extension (io.modelcontextprotocol/skills, SEP-2640) of a server that
declares it. Without URI: every skill skills/list returns (all pages), its name, SKILL.md
URI and description. With the URI of a skill's SKILL.md: its entry (the listing's, else
skills/get), then resources/read of that file, printed only once its size, SHA-256 digest and frontmatter match the entry (a
host must not use a file that does not: skill-file-mismatch, exit 1). Nothing else of the
skill is read, and nothing is run.

  --json           print one JSON report: the listing ({skills}) or {skill, file: {verified,
                   digestChecked, faults, text}}, the diagnostics and the trace
  --timeout MS     how long each request may take (default 30000)
${FAIL_ON}

${SERVER}

${EXIT_CODES}`,
  complete: `Usage: mcp-lens complete (--prompt NAME | --template URI_TEMPLATE) ARGUMENT [--value TEXT] [--context NAME=VALUE]… [--json] [--timeout MS] [--fail-on LEVEL] SERVER

Ask the server for completions (completion/complete) of a prompt's argument or a resource
template's variable, and print the values, one a line. The server must declare the
completions capability.

  --prompt NAME        complete an argument of this prompt (ref/prompt)
  --template TEMPLATE  complete a variable of this resource template (ref/resource)
  --value TEXT         what has been typed so far (default: empty)
  --context NAME=VALUE the other arguments already chosen (repeatable), sent as
                       context.arguments
  --json           print one JSON report with the result, the diagnostics and the trace
  --timeout MS     how long each request may take (default 30000)
${FAIL_ON}

${SERVER}

${EXIT_CODES}`,
  record: `Usage: mcp-lens record --out FILE -- CMD [ARGS…]
       mcp-lens record --watch GLOB [--watch GLOB…] [--out FILE] -- CMD [ARGS…]
       mcp-lens record --listen PORT --url URL --out FILE

Run CMD as a transparent stdio proxy, writing every byte both ways (and stderr) to a
*.mcptrace.jsonl trace file. Launch this in place of the server in any host.
"{timestamp}" in FILE is replaced at each launch.

  --out, -o FILE   the trace file to write
  --watch GLOB     hot reload: restart the server when a matching file changes (or the
                   host calls the added mcp_lens_restart_server tool); the host's session
                   survives, in-flight requests get an error, list_changed is sent
  --listen PORT    an HTTP server instead: listen on 127.0.0.1:PORT (0: any free port,
  --url URL        printed on stderr) and forward every request to URL, recording each
                   message (POST bodies, JSON and SSE answers, the GET stream; HTTP+SSE
                   too) and each exchange's status and headers, Authorization redacted.
                   Point the host at the printed address. Stops on SIGINT/SIGTERM.

Exits with the server's own exit code (127 when it cannot start, 2 usage error); with
--listen, 0 once stopped.`,
  test: `Usage: mcp-lens test [FILES…] [--junit FILE] [--sarif FILE] [--update-snapshots] [--json] [--timeout MS] [SERVER]

Run saved calls (*.mcptest.json; every one under the current folder when no FILES are
given) against the server each file names, or against SERVER instead (-- CMD, or --url
URL for the same tests on a deployed server), and print each failure as expected vs actual.

  --junit FILE         write JUnit XML for CI systems
  --sarif FILE         write SARIF 2.1.0 (stray stdout at the source line that wrote it)
  --update-snapshots   rewrite stale snapshots in place (comments kept)
  --json               print one JSON report of every test
  --timeout MS         how long each request may take (default 30000)

${SERVER}

Exit codes: 0 every test passed, 1 a test failed, 2 usage error.`,
  eval: `Usage: mcp-lens eval [FILES…] --model PROVIDER:MODEL [--model …] [--judge-model PROVIDER:MODEL]
                     [--base-url URL] [--repeat N] [--min-pass-rate X] [--json] [--junit FILE]
                     [--sarif FILE] [--allow-destructive] [--max-tokens N] [--trace-dir DIR]
                     [--compare REF | --compare-command CMD] [--timeout MS] [SERVER]

Run evals (*.mcpeval.json; every one under the current folder when no FILES are given):
a model is offered the server's tools as a host offers them, each tool call it makes runs
on the real server, until it answers. Prints each case's pass rate with its 95% interval
per model, tool precision and recall, schema-breaking arguments and hallucinated names.

  --model P:M            openai, anthropic, google or openai-compatible, and the model id;
                         repeat it to compare models side by side. Keys are read from
                         OPENAI_API_KEY, ANTHROPIC_API_KEY, GOOGLE_GENERATIVE_AI_API_KEY,
                         MCP_LENS_EVAL_API_KEY (openai-compatible, optional)
  --judge-model P:M      grades the answers of cases with a "judge" prompt (default: each
                         model judges its own); takes --base-url only if openai-compatible
  --base-url URL         the endpoint (openai-compatible needs it: Ollama, LM Studio, vLLM;
                         or MCP_LENS_EVAL_BASE_URL)
  --repeat N             run every case N times (default: the file's "repeat", else 1)
  --min-pass-rate X      each case must pass at least this share, 0 to 1 (default 1)
  --allow-destructive    run tools annotated destructiveHint when the model calls them
  --max-tokens N         stop the run once the models have used N tokens
  --trace-dir DIR        write each session's trace (wire and model turns) to DIR
  --junit FILE, --sarif FILE, --json   reports, as for test
  --timeout MS           how long each tool call may take (default 30000)
  --compare REF          run the cases against the server at git REF too (started from a
                         temporary worktree of REF of the eval file's repository, removed
                         afterwards) and report each case's change with its interval, and
                         each tool's precision and recall before and after
  --compare-command CMD  the same against another server command ("node old/server.js",
                         quoted as a shell would, run in the current folder)

${SERVER}

Exit codes: 0 every case met the pass rate, 1 a case did not, 2 usage error (no model).
With --compare: 1 when a case got worse beyond noise and is below --min-pass-rate now,
or a version could not run; 2 also when REF is not a commit.`,
  diff: `Usage: mcp-lens diff [--json] [--fail-on breaking|any|never] OLD NEW
       mcp-lens diff [--json] [--fail-on breaking|any|never] [--timeout MS] OLD SERVER

The interface diff of two servers' tools, resources, templates and prompts. OLD and NEW
are check --json reports or trace files; in the second form NEW is the live SERVER,
listed now as check lists it (e.g. the released report against the server you are
building, or against the deployed one with --url). Each change is classified breaking
(a tool removed, an input field newly required, a type narrowed, an enum value removed,
an output schema that promises less) or not (a new tool, an optional field).

  --json               print the changes as JSON
  --fail-on LEVEL      breaking (default): exit 1 on a breaking change; any: on any change;
                       never: report only
  --timeout MS         with SERVER: how long each request may take (default 30000)

${SERVER}

Exit codes: 0 no change at or above --fail-on, 1 one, 2 usage error, an input that cannot
be read or a SERVER that cannot be listed.`,
  replay: `Usage: mcp-lens replay TRACE [--json] [--timeout MS] SERVER

Send a recorded trace's client requests (from mcp-lens record, or any trace) to SERVER,
a rebuilt server (-- CMD) or a remote one (--url URL), and report every response that
differs by path (ids, timestamps and _meta ignored).

  --json           print the differences as JSON
  --timeout MS     how long each request may take (default 30000)

${SERVER}

Exit codes: 0 the same answers, 1 a difference, 2 usage error.`,
  logout: `Usage: mcp-lens logout URL

Sign out of the server at URL (the --url given then): its tokens are revoked at each
authorization server that offers a revocation endpoint (RFC 7009), then what --auth cached
is forgotten (the tokens and the client registered for it). A revocation that failed is
said on stderr; the cache forgets the tokens all the same. The next --auth run signs in again.

The cache is tokens.json in the user's cache folder ($XDG_CACHE_HOME or ~/.cache/mcp-lens,
~/Library/Caches/mcp-lens, %LOCALAPPDATA%\\mcp-lens), or in MCP_LENS_CACHE_DIR.

${EXIT_CODES}`,
  fuzz: `Usage: mcp-lens fuzz [TOOL…] [--runs N] [--seed S] [--allow-destructive] [--save FILE] [--junit FILE] [--sarif FILE] [--json] [--timeout MS] SERVER

Call each tool (or the TOOLs named) with inputs drawn from its inputSchema: valid ones and
near misses (a required field missing, a wrong type, a value past a bound or outside an
enum, an extra property, empty and 100 000-character strings, control and bidi characters,
deep nesting). Each finding (a crash, a hang, a leaked stack trace, an outputSchema broken,
an invalid input accepted, a valid one refused, stray stdout) is shrunk to its smallest
input. A hang waits the full --timeout once per kind of input; after that, inputs of that
kind wait a deadline learned from the server's own answers, and the hang is shrunk too (to
the shortest text that still hangs). The server is restarted after a crash, or after a hang
it does not recover from, and the run goes on; a remote server (--url) is reconnected with a
new session instead, and its memory is not sampled (memory-growth needs the server's process
on this machine). A tool that answers input_required (2026-07-28) is also answered with a
tampered requestState and with an answer it never asked for: it must refuse both.

  --runs N             inputs per tool (default 100)
  --seed S             draw the same inputs as an earlier run (each run prints its seed)
  --allow-destructive  also fuzz tools annotated destructiveHint: true (skipped otherwise)
  --save FILE          add each finding to FILE (*.mcptest.json) as a regression test
  --junit FILE         write JUnit XML (one test case per tool, and one per finding
                       across the run: memory-growth, latency-growth)
  --sarif FILE         write SARIF 2.1.0 (one result per finding)
  --json               print one JSON report with every finding and its input
  --timeout MS         how long a call may take before it counts as hung (default 5000)
                       (with --save and --url FILE must exist: it names its server)

${SERVER}

Exit codes: 0 no finding, 1 a finding (or the server could not start), 2 usage error.`,
  load: `Usage: mcp-lens load TOOL [--args JSON] [--concurrency N] [--requests N | --duration S] [--rate R] [--fail-over-p99 MS] [--fail-over-error-rate X] [--fail-on LEVEL] [--junit FILE] [--sarif FILE] [--json] [--timeout MS] SERVER

Call TOOL with the same arguments, N calls in flight at once over one session, and print
throughput, latency (min, p50, p90, p99, max) and errors by kind, with the server's CPU and
memory. Client and server share this machine: the figures are this machine's. A remote
server (--url): the network is in every latency, and its CPU and memory are not sampled.

  --args JSON                the tool's arguments (default {})
  --concurrency N            calls in flight at once (default 10)
  --requests N               how many calls in all (default 100)
  --duration S               call for S seconds instead of a number of calls
  --rate R                   start at most R calls per second
  --fail-over-p99 MS         exit 1 when p99 latency is over MS
  --fail-over-error-rate X   exit 1 when the share of failed calls is over X (0.01 = 1%)
  --fail-on LEVEL            which findings across the run (memory-growth, latency-growth:
                             warnings) make the exit code 1: error (default), warning, never
  --junit FILE               write JUnit XML (the tool's thresholds, and one test case per
                             finding: a failure when it reaches --fail-on)
  --sarif FILE               write SARIF 2.1.0 (one result per threshold crossed and finding)
  --json                     print one JSON report (with the latency histogram and timeline)
  --timeout MS               how long each call may take (default 30000)

${SERVER}

Exit codes: 0 within the thresholds, 1 over one, a finding at or above --fail-on (or no call
succeeded), 2 usage error.`,
  lint: `Usage: mcp-lens lint [--json] [--fail-on LEVEL] [--host NAME]… FILE

The diagnostics over a trace file (*.mcptrace.jsonl, raw JSON-RPC lines or a VS Code
MCP output log), the same as a live session gives.

  --json           print one JSON report (with the file's problems)
  --host NAME      also check the trace's tools/list against what that host documents it
                   accepts (openai, anthropic, claude-code, gemini, cursor, vscode;
                   repeatable): names, tool count, description length and the JSON Schema
                   the host takes; each finding cites the host's page and says the fix;
                   and print each tool definition's token cost
                   (o200k_base); any host finding makes the exit code 1
${FAIL_ON}

${EXIT_CODES}`,
};

/** That command's usage, or undefined for a word that names no command (`toString` included). */
export function usageOf(command: string | undefined): string | undefined {
  return command !== undefined && Object.hasOwn(COMMAND_USAGE, command) ? COMMAND_USAGE[command] : undefined;
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
