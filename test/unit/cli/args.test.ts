import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseCli } from '../../../src/cli/args';
import { UsageError } from '../../../src/cli/usage';

test('everything after -- is the server command, its own flags included', () => {
  const args = parseCli(['check', '--json', '--timeout', '500', '--', 'npx', '-y', 'server', '--json']);
  assert.deepEqual(args, { name: 'check', json: true, timeoutMs: 500, failOn: 'error', server: { command: 'npx', args: ['-y', 'server', '--json'] }, probes: undefined });
});

test('call takes the tool name and a JSON object of arguments', () => {
  const args = parseCli(['call', 'get_forecast', '--args', '{"city":"Paris"}', '--', 'node', 's.js']);
  assert.equal(args.name, 'call');
  if (args.name !== 'call') return;
  assert.equal(args.tool, 'get_forecast');
  assert.deepEqual(args.toolArgs, { city: 'Paris' });
  assert.deepEqual(args.server, { command: 'node', args: ['s.js'] });
});

test('record needs --out; lint needs exactly one file', () => {
  assert.deepEqual(parseCli(['record', '--out', 't.mcptrace.jsonl', '--', 'node', 's.js']), {
    name: 'record',
    out: 't.mcptrace.jsonl',
    watch: [],
    server: { command: 'node', args: ['s.js'] },
  });
  assert.deepEqual(parseCli(['record', '--watch', 'src/**/*.ts', '--watch', 'build/*.js', '--', 'node', 'build/s.js', '--watch']), {
    name: 'record',
    out: undefined,
    watch: ['src/**/*.ts', 'build/*.js'],
    server: { command: 'node', args: ['build/s.js', '--watch'] },
  });
  assert.deepEqual(parseCli(['mcp', '--timeout', '5000']), { name: 'mcp', timeoutMs: 5000 });
    assert.deepEqual(parseCli(['lint', 'a.jsonl']), { name: 'lint', json: false, failOn: 'error', file: 'a.jsonl', hosts: [] });
  assert.deepEqual((parseCli(['lint', '--host', 'openai', '--host', 'vscode', 'a.jsonl']) as { hosts: string[] }).hosts, ['openai', 'vscode']);
  assert.equal((parseCli(['lint', '--fail-on', 'warning', 'a.jsonl']) as { failOn: string }).failOn, 'warning');
});

for (const [argv, words] of [
  [['frobnicate'], /unknown command "frobnicate"/],
  [['check'], /missing the server command/],
  [['check', '--bogus', '--', 'node'], /Unknown option '--bogus'.*after --/],
  [['check', '--timeout', 'soon', '--', 'node'], /--timeout takes a positive number/],
  [['call', '--', 'node'], /missing the tool name/],
  [['call', 'echo', '--args', '{oops', '--', 'node'], /--args is not valid JSON/],
  [['call', 'echo', '--args', '[1]', '--', 'node'], /must be a JSON object/],
  [['record', '--', 'node'], /--out FILE is required/],
  [['lint'], /exactly one trace FILE/],
  [['lint', 'a', 'b'], /exactly one trace FILE/],
  [['lint', '--fail-on', 'always', 'a'], /--fail-on takes error, warning, never, got "always"/],
  [['help', 'frobnicate'], /help: unknown command "frobnicate"/],
  [['help', 'toString'], /help: unknown command "toString"/],
  [['constructor', '--help'], /unknown command "constructor"/],
] as const) {
  test(`usage error: ${argv.join(' ')}`, () => {
    assert.throws(() => parseCli([...argv]), (error: unknown) => error instanceof UsageError && words.test(error.message));
  });
}

test('help: the overview, a command\'s usage, and --help after -- left to the server', () => {
  assert.deepEqual(parseCli([]), { name: 'help' });
  assert.deepEqual(parseCli(['help', 'call']), { name: 'help', command: 'call' });
  assert.deepEqual(parseCli(['call', '-h']), { name: 'help', command: 'call' });
  assert.deepEqual(parseCli(['check', '--help', '--', 'node']), { name: 'help', command: 'check' });
  const args = parseCli(['check', '--', 'node', 's.js', '--help']);
  assert.equal(args.name, 'check');
});

test('fuzz and load: defaults, the server after --, and what each option takes', () => {
  assert.deepEqual(parseCli(['fuzz', 'a', 'b', '--seed=-3', '--', 'node', 's.js', '--runs']), {
    name: 'fuzz',
    tools: ['a', 'b'],
    runs: 100,
    seed: -3,
    allowDestructive: false,
    json: false,
    timeoutMs: 5000,
    server: { command: 'node', args: ['s.js', '--runs'] },
  });
  assert.deepEqual(parseCli(['load', 'wait', '--args', '{"ms":5}', '--duration', '2', '--rate', '10', '--fail-over-error-rate', '0', '--', 'node', 's.js']), {
    name: 'load',
    tool: 'wait',
    toolArgs: { ms: 5 },
    concurrency: 10,
    durationMs: 2000,
    rate: 10,
    failOverErrorRate: 0,
    failOn: 'error',
    json: false,
    timeoutMs: 30000,
    server: { command: 'node', args: ['s.js'] },
  });
  assert.equal((parseCli(['load', 'wait', '--', 'node']) as { requests: number }).requests, 100);
  assert.deepEqual(parseCli(['load', 'wait', '--fail-on', 'warning', '--junit', 'j.xml', '--sarif', 's.sarif', '--', 'node']), {
    ...(parseCli(['load', 'wait', '--', 'node']) as object),
    failOn: 'warning',
    junit: 'j.xml',
    sarif: 's.sarif',
  });
  assert.throws(() => parseCli(['load', 'wait', '--fail-on', 'sometimes', '--', 'node']), /--fail-on takes error, warning, never/);
  assert.deepEqual(parseCli(['watch', '--resource', 'memo://a', '--count', '2', '--', 'node', 's.js']), {
    name: 'watch',
    resources: ['memo://a'],
    lists: false,
    count: 2,
    json: false,
    timeoutMs: 30000,
    failOn: 'error',
    server: { command: 'node', args: ['s.js'] },
  });
  assert.equal((parseCli(['watch', '--', 'node']) as { lists: boolean }).lists, true, 'no --resource: the lists');
  assert.throws(() => parseCli(['load', 'wait', '--concurrency', '1.5', '--', 'node']), /--concurrency takes a positive whole number/);
  assert.throws(() => parseCli(['fuzz', '--save', '', '--', 'node']), /--save needs a FILE/);
});

test('check --probes takes known ids (deduplicated), --no-probes none; both at once, an empty list or an unknown id is a usage error', () => {
  assert.deepEqual((parseCli(['check', '--probes', 'ping, logging,ping', '--', 'srv']) as { probes?: string[] }).probes, ['ping', 'logging']);
  assert.deepEqual((parseCli(['check', '--no-probes', '--', 'srv']) as { probes?: string[] }).probes, []);
  assert.throws(() => parseCli(['check', '--probes', 'ping', '--no-probes', '--', 'srv']), /--probes and --no-probes contradict each other/);
  assert.throws(() => parseCli(['check', '--probes', ',', '--', 'srv']), /--probes takes a comma-separated list/);
  assert.throws(() => parseCli(['check', '--probes', 'fuzz', '--', 'srv']), /unknown probe "fuzz"/);
});

test('eval: repeated --model, the pass rate, repeat and cap; what is wrong is a usage error', () => {
  const args = parseCli(['eval', 'a.mcpeval.json', '--model', 'openai:gpt-4.1-mini', '--model', 'openai-compatible:llama3.2', '--base-url', 'http://localhost:11434/v1', '--min-pass-rate', '0.8', '--repeat', '5', '--max-tokens', '20000', '--allow-destructive']);
  assert.deepEqual(args, {
    name: 'eval',
    files: ['a.mcpeval.json'],
    models: [{ provider: 'openai', model: 'gpt-4.1-mini' }, { provider: 'openai-compatible', model: 'llama3.2' }],
    baseUrl: 'http://localhost:11434/v1',
    repeat: 5,
    minPassRate: 0.8,
    json: false,
    allowDestructive: true,
    maxTokens: 20000,
    timeoutMs: 30_000,
  });
  assert.throws(() => parseCli(['eval', '--model', 'openai:x', '--min-pass-rate', '80']), /--min-pass-rate takes a number from 0 to 1, got "80"/);
  assert.throws(() => parseCli(['eval', '--model', 'gpt-4']), /--model takes PROVIDER:MODEL/);
  assert.throws(() => parseCli(['eval']), /say which model runs the cases: --model PROVIDER:MODEL/);
  assert.deepEqual((parseCli(['eval', '--model', 'openai:x', '--judge-model', 'anthropic:claude-sonnet-4-5']) as { judgeModel?: unknown }).judgeModel, { provider: 'anthropic', model: 'claude-sonnet-4-5' });
  assert.throws(() => parseCli(['eval', '--model', 'openai:x', '--judge-model', 'gpt-4']), /--judge-model takes PROVIDER:MODEL/);
  assert.throws(() => parseCli(['eval', '--model', 'openai:x', '--judge-model', 'openai-compatible:judge']), /openai-compatible needs the endpoint/);
});

test('eval --compare REF or --compare-command CMD (its words split as a shell would quote them); not both, not REF with --url', () => {
  const ref = parseCli(['eval', '--model', 'openai:x', '--compare', 'HEAD~1']) as { compare?: unknown };
  assert.deepEqual(ref.compare, { ref: 'HEAD~1' });
  const command = parseCli(['eval', '--model', 'openai:x', '--compare-command', 'node "old server/index.js" --port 3', '--', 'node', 'server.js']) as { compare?: unknown; server?: unknown };
  assert.deepEqual(command.compare, { command: { command: 'node', args: ['old server/index.js', '--port', '3'] } });
  assert.deepEqual(command.server, { command: 'node', args: ['server.js'] });
  assert.deepEqual((parseCli(['eval', '--model', 'openai:x', '--compare-command', 'node old.js', '--url', 'http://127.0.0.1:3000/mcp']) as { compare?: unknown }).compare, { command: { command: 'node', args: ['old.js'] } });
  assert.throws(() => parseCli(['eval', '--model', 'openai:x', '--compare', 'main', '--compare-command', 'node old.js']), /--compare REF and --compare-command CMD contradict each other/);
  assert.throws(() => parseCli(['eval', '--model', 'openai:x', '--compare', 'main', '--url', 'http://127.0.0.1:3000/mcp']), /--compare REF runs the server's command from a checkout of REF; --url names a server that is already running/);
  assert.throws(() => parseCli(['eval', '--model', 'openai:x', '--compare', '']), /--compare takes a git ref/);
  assert.throws(() => parseCli(['eval', '--model', 'openai:x', '--compare-command', '  ']), /--compare-command takes the other version's server command/);
});
