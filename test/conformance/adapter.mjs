#!/usr/bin/env node
// The client the official conformance suite runs (`conformance client --command …`): it gets the
// scenario's server URL as its last argument and MCP_CONFORMANCE_SCENARIO / _CONTEXT in its
// environment, and does what a person would type at a shell: `mcp-lens check|call|read|prompt
// --url URL`. Only the choice of commands lives here; every protocol rule is the CLI's (src/).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CLI = process.env.MCP_LENS_CLI ?? fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
const url = process.argv[process.argv.length - 1];
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT || '{}');

/**
 * Runs `mcp-lens ARGS --url URL`, echoing what it printed. `refused: true` is a step where
 * the client must say no (a tool it rejected): then success is a non-zero exit.
 * `faultyServer: true` is a call to a server the CLI finds errors in elsewhere (exit 1 by its
 * rules): the step succeeds when the `--json` report carries the tool's result.
 */
async function lens(args, { refused = false, faultyServer = false } = {}) {
  // The client scenarios judge every request the client sends: check's server probes (an
  // unknown URI, a legacy initialize without _meta to a modern server) are not what a person's
  // session there is about.
  const probes = args[0] === 'check' ? ['--no-probes'] : [];
  const argv = [...args, ...probes, ...(faultyServer ? ['--json'] : []), '--url', url];
  process.stderr.write(`$ mcp-lens ${argv.map(quote).join(' ')}\n`);
  const run = await runCli(argv);
  process.stdout.write(run.stdout);
  process.stderr.write(run.stderr);
  const ok = refused ? run.status !== 0 && run.status !== null : faultyServer ? Array.isArray(resultOf(run.stdout)?.content) : run.status === 0;
  if (!ok) process.stderr.write(`(exit ${run.status}: ${refused ? 'expected a refusal' : 'expected success'})\n`);
  return { ok, stdout: run.stdout };
}

/** The address `mcp-lens --auth` prints for a person to open (the line after its sign-in prompt). */
const SIGN_IN_URL = /^\s+(https?:\/\/\S+)$/m;

/**
 * Runs the CLI. When it prints an authorization URL, does what the person's browser would:
 * GET it and follow the redirects, which end at the CLI's loopback listener.
 */
function runCli(argv) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...argv], { env: { ...process.env, ...AUTH_ENV, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let opened = 0;
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => {
      stderr += c;
      for (const [, address] of [...stderr.matchAll(new RegExp(SIGN_IN_URL, 'gm'))].slice(opened)) {
        opened++;
        fetch(address, { redirect: 'follow' }).then(
          (res) => res.body?.cancel(),
          (err) => process.stderr.write(`(the browser could not open ${address}: ${err.cause?.message ?? err.message})\n`),
        );
      }
    });
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}

function resultOf(stdout) {
  try {
    return JSON.parse(stdout).result;
  } catch {
    return undefined;
  }
}

function quote(word) {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

const call = (tool, args = {}, options = {}) =>
  lens(['call', tool, '--args', JSON.stringify(args), ...(options.elicit ?? []).flatMap((a) => ['--elicit', a]), ...(options.extra ?? [])], options);

/**
 * A person's session with a server, step by step (each a function: a step starts once the one
 * before it has finished).
 */
const PLANS = {
  initialize: () => [() => lens(['check'])],
  tools_call: () => [() => call('add_numbers', { a: 2, b: 3 })],
  'request-metadata': () => [() => lens(['check'])],
  'json-schema-ref-no-deref': () => [() => lens(['check'])],
  'sse-retry': () => [() => call('test_reconnection')],
  'http-standard-headers': () => [
    () => lens(['check']),
    () => call('test_headers'),
    () => call('my-hyphenated-tool'),
    () => lens(['read', 'file:///path/to/file%20name.txt']),
    () => lens(['read', 'https://example.com/resource?id=123']),
    () => lens(['prompt', 'test_prompt']),
  ],
  // The suite hands over the exact calls to make.
  'http-custom-headers': () => context.toolCalls.map((c) => () => call(c.name, c.arguments)),
  // The valid tool runs; each tool whose x-mcp-header is invalid must be refused by the client.
  'http-invalid-tool-headers': () => [
    () => call('valid_tool', { region: 'us-west1' }, { faultyServer: true }),
    ...[
      ['invalid_empty_header', { value: 'v' }],
      ['invalid_object_header', { data: {} }],
      ['invalid_array_header', { items: ['a'] }],
      ['invalid_null_header', { nil: null }],
      ['invalid_number_header', { score: 1.5 }],
      ['invalid_duplicate_same_case', { field1: 'a', field2: 'b' }],
      ['invalid_duplicate_diff_case', { field1: 'a', field2: 'b' }],
      ['invalid_space_in_name', { value: 'v' }],
      ['invalid_colon_in_name', { value: 'v' }],
      ['invalid_non_ascii_name', { value: 'v' }],
      ['invalid_control_char_name', { value: 'v' }],
    ].map(([tool, args]) => () => call(tool, args, { refused: true })),
  ],
  // Copy the focal tool's inputSchema out of `check --json` and hand it to the echo tool.
  'json-schema-2020-12-preservation': () => {
    let listed;
    return [
      async () => (listed = await lens(['check', '--json'])),
      () => call('json_schema_echo', { schema: JSON.parse(listed.stdout).tools.find((t) => t.name === 'json_schema_2020_12_tool')?.inputSchema ?? null }),
    ];
  },
  // Accepting the form as it comes: its defaults are the answer.
  'elicitation-sep1034-client-defaults': () => [() => call('test_client_elicitation_defaults', {}, { elicit: ['accept'] })],
  'sep-2322-client-request-state': () => [
    () => call('test_mrtr_echo_state', {}, { elicit: ['accept:{"confirmed":true}'] }),
    () => call('test_mrtr_no_state', {}, { elicit: ['accept:{"confirmed":true}'] }),
    () => call('test_mrtr_unrelated'),
    () => call('test_mrtr_no_result_type'),
  ],
};

/**
 * How this client identifies itself to an authorization server, as its user would configure it:
 * a pre-registered client when the suite hands one over, and always the URL of its client ID
 * metadata document (the suite's, which the client uses where the server advertises support).
 */
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';
const AUTH_FLAGS = [
  '--auth',
  // Each scenario is a fresh authorization server: a token cached from another must not be tried.
  '--no-token-cache',
  ...(context.client_id ? ['--client-id', context.client_id] : []),
  ...(context.client_secret ? ['--client-secret', context.client_secret] : []),
  '--client-metadata-url',
  CLIENT_METADATA_URL,
  // Enterprise-managed authorization: the IdP (its token endpoint discovered from its issuer) and this client there.
  ...(context.idp_issuer ? ['--idp-issuer', context.idp_issuer, '--idp-client-id', context.idp_client_id, '--id-token-env', 'ENTERPRISE_ID_TOKEN'] : []),
  // Workload identity: the valid one of the tokens the suite hands over (a refused one must not be followed by another request).
  ...(context.valid_jwt ? ['--workload-token-env', 'WORKLOAD_IDENTITY_TOKEN'] : []),
];

/**
 * What the CLI keeps off its command line, where it takes it: a pre-registered client's private
 * key for private_key_jwt; the person's ID token from the enterprise IdP (enterprise-managed
 * authorization); a CI job's identity token (workload identity). The two tokens go in variables
 * the flags below name, as a CI job would hand them over.
 */
const AUTH_ENV = {
  ...(context.private_key_pem ? { MCP_LENS_CLIENT_PRIVATE_KEY: context.private_key_pem } : {}),
  ...(context.signing_algorithm ? { MCP_LENS_CLIENT_SIGNING_ALG: context.signing_algorithm } : {}),
  ...(context.idp_id_token ? { ENTERPRISE_ID_TOKEN: context.idp_id_token } : {}),
  ...(context.valid_jwt ? { WORKLOAD_IDENTITY_TOKEN: context.valid_jwt } : {}),
};

/**
 * The authorization scenarios: one session that signs in, lists the tools and calls the one the
 * server offers (`call` lists before it calls). One session, because the CLI keeps no token
 * between runs: a second command would sign in afresh, and the server would see it as the same
 * client asking again for the scopes it already had.
 */
// The suite's authorization servers answer the optional GET stream of a 2025 session with 404
// (the spec says "or else return HTTP 405"), an error by the CLI's rules: the step succeeds when
// the report carries the tool's result.
const AUTH_PLAN = () => [() => call('test-tool', {}, { extra: AUTH_FLAGS, faultyServer: true })];

const plan = PLANS[scenario] ?? (scenario.startsWith('auth/') ? AUTH_PLAN : () => [() => lens(['check'])]);
let ok = true;
for (const step of plan()) ok = (await step()).ok && ok;
process.exit(ok ? 0 : 1);
