import { strict as assert } from 'node:assert';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { buildCli, ROOT, runCli } from './helpers';
import { startModelDouble, type ModelDouble } from './modelDouble';

// `mcp-lens eval` end to end: the real @ai-sdk/openai-compatible provider talks HTTP to a
// scripted chat-completions double (a child process), and each tool call it makes runs on
// the real weather example server. The double's script is in each case's prompt.
const EVALS = join(ROOT, 'test', 'fixtures', 'evals', 'weather.mcpeval.json');
const KEY = 'sk-test-eval-key-7f3a9c';

let model: ModelDouble;
let baseUrl: string;
let work: string;

before(async () => {
  await buildCli();
  work = mkdtempSync(join(tmpdir(), 'mcp-lens-eval-'));
  model = await startModelDouble({ EXPECT_KEY: KEY, REQUEST_LOG: join(work, 'requests.jsonl') });
  baseUrl = model.baseUrl;
});

after(() => {
  model?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

const evalRun = (args: string[], env: Record<string, string> = { MCP_LENS_EVAL_API_KEY: KEY }) => runCli(['eval', EVALS, '--model', 'openai-compatible:scripted-1', '--base-url', baseUrl, ...args], { env });

test('the table shows each case against the script, and exit 1 when a case misses the pass rate', async () => {
  const junit = join(work, 'eval.xml');
  const sarif = join(work, 'eval.sarif');
  const traces = join(work, 'traces');
  const run = await evalRun(['--junit', junit, '--sarif', sarif, '--trace-dir', traces]);
  assert.equal(run.code, 1, run.stderr);
  const row = (name: string) => run.stdout.split('\n').find((l) => l.includes(`› ${name} `)) ?? '';
  // Two passes of two: the Wilson 95% interval is [34%, 100%].
  assert.match(row('right pick'), /2\/2 100% \[34%–100%\]/);
  assert.match(row('wrong tool'), /0\/2 0% \[0%–66%\]/);
  assert.match(row('hallucinated tool'), /0\/2 0%/);
  assert.match(row('schema-breaking arguments'), /1\/1 100% \[21%–100%\]/);
  assert.match(row('multi-step'), /2\/2 100%/);
  assert.match(row('refusal'), /2\/2 100%/);
  // Distinct tools chosen per run, in cases that expect one: right pick 2 (both expected), wrong
  // tool 2 (none), hallucinated 2 (none), schema 1 (expected), multi-step 2×2 (convert expected)
  // → precision 5 of 11; recall: 5 of the 9 runs chose an expected tool. Refusal expects none.
  assert.match(run.stdout, /tool precision\s+45%/);
  assert.match(run.stdout, /tool recall\s+56%/);
  // Calls to offered tools: 2 + 2 + 1 + 4 = 9, one of them breaks get_forecast's schema (days > 7, colour).
  assert.match(run.stdout, /schema-breaking args\s+1\/9 11%/);
  assert.match(run.stdout, /hallucinated tools\s+1\b/);
  assert.match(run.stdout, /! hallucinated tool: get_weather \(not offered by the server\)/);
  assert.match(run.stdout, /! hallucinated argument: get_forecast\.colour/);
  assert.match(run.stdout, /✗ repetition 1: expected a call to get_forecast; the model called get_air_quality/);
  // Output tokens: 5 per model turn; turns: 2×2 + 2×2 + 2×2 + 1×2 + 2×3 + 2×1 = 22 → 110.
  assert.match(run.stdout, /tokens in \/ out\s+\d+ \/ 110\b/);
  assert.match(run.stdout, /mean steps\s+2\.0/);

  const xml = readFileSync(junit, 'utf8');
  assert.match(xml, /<testcase name="wrong tool"[^>]*>\s*<failure/);
  assert.match(xml, /<testcase name="right pick"[^>]*\/>/);
  const log = JSON.parse(readFileSync(sarif, 'utf8')) as { runs: { results: { message: { text: string } }[] }[] };
  const texts = log.runs[0].results.map((r) => r.message.text);
  assert.ok(texts.some((t) => /hallucinated tool: get_weather/.test(t)), texts.join('\n'));

  // The trace holds the model's lane beside the wire, and never the key.
  const files = readdirSync(traces);
  assert.deepEqual(files, ['weather.openai-compatible_scripted-1.mcptrace.jsonl']);
  const trace = readFileSync(join(traces, files[0]), 'utf8');
  const events = trace.trim().split('\n').map((l) => JSON.parse(l) as { kind?: string; dir: string; info?: Record<string, unknown>; msg?: { method?: string } });
  const turns = events.filter((e) => e.kind === 'model');
  assert.ok(turns.some((e) => e.info?.role === 'assistant' && JSON.stringify(e.info.toolCalls).includes('get_weather')));
  assert.ok(events.some((e) => e.dir === 'c2s' && e.msg?.method === 'tools/call'));
  assert.ok(!trace.includes(KEY));
  assert.ok(!run.stdout.includes(KEY) && !run.stderr.includes(KEY));
});

test('the model is offered the tools as the server lists them, and the key reaches only the endpoint', async () => {
  const requests = readFileSync(join(work, 'requests.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { tools: { function: { name: string; description: string; parameters: Record<string, unknown> } }[] });
  const offered = requests[0].tools.map((t) => t.function.name).sort();
  assert.deepEqual(offered, ['convert_temperature', 'get_air_quality', 'get_forecast']);
  const forecast = requests[0].tools.find((t) => t.function.name === 'get_forecast')!;
  assert.equal(forecast.function.description, 'Daily forecast for a city (Amsterdam, Berlin, Lisbon or Tokyo).');
  assert.deepEqual((forecast.function.parameters as { required: string[] }).required, ['city']);
});

test('--min-pass-rate 0 passes the same run (exit 0); a wrong key fails every case with the provider\'s error, not a crash', async () => {
  const lenient = await evalRun(['--min-pass-rate', '0']);
  assert.equal(lenient.code, 0, lenient.stderr);
  const wrong = await evalRun(['--repeat', '1'], { MCP_LENS_EVAL_API_KEY: 'wrong' });
  assert.equal(wrong.code, 1, wrong.stderr);
  assert.match(wrong.stdout, /✗ repetition 1: the model failed: invalid api key/);
  assert.doesNotMatch(wrong.stderr, /internal error/);
});

test('no model to be had is one sentence and exit 2', async () => {
  const noKey = await runCli(['eval', EVALS, '--model', 'openai:gpt-4.1-mini'], { env: { OPENAI_API_KEY: '' } });
  assert.equal(noKey.code, 2);
  assert.match(noKey.stderr, /openai needs an API key in the environment variable OPENAI_API_KEY/);
  const unknown = await runCli(['eval', EVALS, '--model', 'mistral:large']);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /unknown provider "mistral"; the providers are openai, anthropic, google, openai-compatible/);
  const noBase = await runCli(['eval', EVALS, '--model', 'openai-compatible:llama3.2'], { env: { MCP_LENS_EVAL_BASE_URL: '' } });
  assert.equal(noBase.code, 2);
  assert.match(noBase.stderr, /openai-compatible needs the endpoint: --base-url URL/);
});

const fixture = (name: string) => join(ROOT, 'test', 'fixtures', 'evals', name);
const run = (files: string[], args: string[] = []) => runCli(['eval', ...files, '--model', 'openai-compatible:scripted-1', '--base-url', baseUrl, ...args], { env: { MCP_LENS_EVAL_API_KEY: KEY } });

test('a server that exits during a case fails that case, and the next case runs on a restarted server', async () => {
  const result = await run([fixture('crash.mcpeval.json')]);
  assert.equal(result.code, 1, result.stderr);
  assert.match(result.stdout, /› crashes the server\s+0\/1 0%/);
  assert.match(result.stdout, /✗ repetition 1: the server went away during crash/);
  assert.match(result.stdout, /› after the restart\s+1\/1 100%/);
});

test('a destructive tool is not run without --allow-destructive, and the case says so', async () => {
  const result = await run([fixture('destructive.mcpeval.json')]);
  assert.equal(result.code, 1, result.stderr);
  assert.match(result.stdout, /✗ repetition 1: called delete_city, which is destructive; not run without --allow-destructive/);
});

test('several --model run side by side, one column each', async () => {
  const result = await run([fixture('crash.mcpeval.json')], ['--model', 'openai-compatible:scripted-2', '--min-pass-rate', '0']);
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /^case\s+openai-compatible:scripted-1\s+openai-compatible:scripted-2$/m);
  assert.match(result.stdout, /› after the restart\s+1\/1 100% \[21%–100%\]\s+1\/1 100% \[21%–100%\]/);
});

test('--max-tokens stops the run before it spends more', async () => {
  // The first step of the first case costs 10 in + 5 out: a cap of 10 stops before step two.
  const result = await run([EVALS], ['--max-tokens', '10']);
  assert.equal(result.code, 1, result.stderr);
  assert.match(result.stdout, /✗ repetition 1: the run reached --max-tokens before this step/);
  assert.match(result.stdout, /stopped at --max-tokens 10: the cases after it did not run/);
  assert.match(result.stdout, /tokens in \/ out\s+10 \/ 5\b/);
});

test('--json reports each case with its counts, interval and findings', async () => {
  const result = await run([EVALS], ['--json']);
  assert.equal(result.code, 1, result.stderr);
  const report = JSON.parse(result.stdout) as { passed: boolean; minPassRate: number; results: { model: string; cases: { name: string; passes: number; runs: number; interval: { low: number }; hallucinatedTools: string[]; outputTokens: number; steps: number }[] }[] };
  assert.equal(report.passed, false);
  assert.equal(report.minPassRate, 1);
  const cases = Object.fromEntries(report.results[0].cases.map((c) => [c.name, c]));
  assert.deepEqual([cases['right pick'].passes, cases['right pick'].runs], [2, 2]);
  assert.equal(Math.round(cases['right pick'].interval.low * 1000), 342);
  assert.deepEqual(cases['hallucinated tool'].hallucinatedTools, ['get_weather']);
  // multi-step: three model turns each repetition (two calls, then the answer), 5 output tokens each.
  assert.equal(cases['multi-step'].steps, 3);
  assert.equal(cases['multi-step'].outputTokens, 30);
});
