#!/usr/bin/env node
// The client the official conformance suite runs (`conformance client --command …`): it gets the
// scenario's server URL as its last argument and MCP_CONFORMANCE_SCENARIO / _CONTEXT in its
// environment, and does what a person would type at a shell: `mcp-lens check|call|read|prompt
// --url URL`. Only the choice of commands lives here; every protocol rule is the CLI's (src/).
import { spawnSync } from 'node:child_process';
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
function lens(args, { refused = false, faultyServer = false } = {}) {
  const argv = [...args, ...(faultyServer ? ['--json'] : []), '--url', url];
  process.stderr.write(`$ mcp-lens ${argv.map(quote).join(' ')}\n`);
  const run = spawnSync(process.execPath, [CLI, ...argv], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  process.stdout.write(run.stdout ?? '');
  process.stderr.write(run.stderr ?? '');
  const ok = refused ? run.status !== 0 && run.status !== null : faultyServer ? Array.isArray(resultOf(run.stdout)?.content) : run.status === 0;
  if (!ok) process.stderr.write(`(exit ${run.status}: ${refused ? 'expected a refusal' : 'expected success'})\n`);
  return { ok, stdout: run.stdout ?? '' };
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
  lens(['call', tool, '--args', JSON.stringify(args), ...(options.elicit ?? []).flatMap((a) => ['--elicit', a])], options);

/** A person's session with a server: what it offers, then one tool call. */
const PLANS = {
  initialize: () => [lens(['check'])],
  tools_call: () => [call('add_numbers', { a: 2, b: 3 })],
  'request-metadata': () => [lens(['check'])],
  'json-schema-ref-no-deref': () => [lens(['check'])],
  'sse-retry': () => [call('test_reconnection')],
  'http-standard-headers': () => [
    lens(['check']),
    call('test_headers'),
    call('my-hyphenated-tool'),
    lens(['read', 'file:///path/to/file%20name.txt']),
    lens(['read', 'https://example.com/resource?id=123']),
    lens(['prompt', 'test_prompt']),
  ],
  // The suite hands over the exact calls to make.
  'http-custom-headers': () => context.toolCalls.map((c) => call(c.name, c.arguments)),
  // The valid tool runs; each tool whose x-mcp-header is invalid must be refused by the client.
  'http-invalid-tool-headers': () => [
    call('valid_tool', { region: 'us-west1' }, { faultyServer: true }),
    call('invalid_empty_header', { value: 'v' }, { refused: true }),
    call('invalid_object_header', { data: {} }, { refused: true }),
    call('invalid_array_header', { items: ['a'] }, { refused: true }),
    call('invalid_null_header', { nil: null }, { refused: true }),
    call('invalid_number_header', { score: 1.5 }, { refused: true }),
    call('invalid_duplicate_same_case', { field1: 'a', field2: 'b' }, { refused: true }),
    call('invalid_duplicate_diff_case', { field1: 'a', field2: 'b' }, { refused: true }),
    call('invalid_space_in_name', { value: 'v' }, { refused: true }),
    call('invalid_colon_in_name', { value: 'v' }, { refused: true }),
    call('invalid_non_ascii_name', { value: 'v' }, { refused: true }),
    call('invalid_control_char_name', { value: 'v' }, { refused: true }),
  ],
  // Copy the focal tool's inputSchema out of `check --json` and hand it to the echo tool.
  'json-schema-2020-12-preservation': () => {
    const listed = lens(['check', '--json']);
    const tool = JSON.parse(listed.stdout).tools.find((t) => t.name === 'json_schema_2020_12_tool');
    return [listed, call('json_schema_echo', { schema: tool?.inputSchema ?? null })];
  },
  // Accepting the form as it comes: its defaults are the answer.
  'elicitation-sep1034-client-defaults': () => [call('test_client_elicitation_defaults', {}, { elicit: ['accept'] })],
  'sep-2322-client-request-state': () => [
    call('test_mrtr_echo_state', {}, { elicit: ['accept:{"confirmed":true}'] }),
    call('test_mrtr_no_state', {}, { elicit: ['accept:{"confirmed":true}'] }),
    call('test_mrtr_unrelated'),
    call('test_mrtr_no_result_type'),
  ],
};

/** The authorization scenarios: list the tools, then call the one the server offers. */
const AUTH_PLAN = () => [lens(['check']), call('test-tool')];

const plan = PLANS[scenario] ?? (scenario.startsWith('auth/') ? AUTH_PLAN : () => [lens(['check'])]);
const steps = plan();
process.exit(steps.every((s) => s.ok) ? 0 : 1);
