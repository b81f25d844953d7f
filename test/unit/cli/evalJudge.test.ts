import { strict as assert } from 'node:assert';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { buildCli, ROOT, runCli } from './helpers';
import { startModelDouble, type ModelDouble } from './modelDouble';

// Judge prompts end to end: the real provider talks HTTP to the scripted double, which plays
// both the model under test and the judge (its verdict follows the script in each case's "judge").
const EVALS = join(ROOT, 'test', 'fixtures', 'evals', 'judge.mcpeval.json');

let model: ModelDouble;
let work: string;

before(async () => {
  await buildCli();
  work = mkdtempSync(join(tmpdir(), 'mcp-lens-eval-judge-'));
  model = await startModelDouble({ REQUEST_LOG: join(work, 'requests.jsonl') });
});

after(() => {
  model?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

interface Report {
  passed: boolean;
  results: { cases: { name: string; passes: number; runs: number; failures: { messages: string[] }[]; judged?: { pass: number; fail: number; unreadable: number; error: number; outputTokens: number }; outputTokens: number }[] }[];
}

test('a judged pass passes, a judged fail fails with the judge\'s reason, an unreadable verdict is not a pass', async () => {
  const run = await runCli(['eval', EVALS, '--model', 'openai-compatible:scripted-1', '--base-url', model.baseUrl]);
  assert.equal(run.code, 1, run.stderr);
  assert.match(run.stdout, /› judged pass\s+2\/2 100%/);
  assert.match(run.stdout, /› judged fail\s+0\/2 0%/);
  assert.match(run.stdout, /› unreadable verdict\s+0\/1 0%/);
  assert.match(run.stdout, /✗ repetition 1: the judge \(openai-compatible:scripted-1\) failed the answer: the answer does not name Tokyo/);
  assert.match(run.stdout, /✗ repetition 1: the judge \(openai-compatible:scripted-1\) gave no verdict that can be read: Looks good to me!/);
  assert.match(run.stdout, /judge pass \/ fail\s+2 \/ 2/);
  assert.match(run.stdout, /judge unreadable\s+1/);
  // Five judged answers, 5 output tokens each; the model's own stay 2 turns × 5 repetitions × 5.
  assert.match(run.stdout, /judge tokens in \/ out\s+\d+ \/ 25\b/);
  assert.match(run.stdout, /tokens in \/ out\s+\d+ \/ 50\b/);
});

test('--judge-model grades with another model: its turns are in the model lane, in --json the counts per case', async () => {
  const traces = join(work, 'traces');
  const run = await runCli(['eval', EVALS, '--model', 'openai-compatible:scripted-1', '--judge-model', 'openai-compatible:judge-1', '--base-url', model.baseUrl, '--json', '--trace-dir', traces]);
  assert.equal(run.code, 1, run.stderr);
  const report = JSON.parse(run.stdout) as Report;
  const cases = Object.fromEntries(report.results[0].cases.map((c) => [c.name, c]));
  assert.deepEqual(cases['judged pass'].judged, { pass: 2, fail: 0, unreadable: 0, error: 0, inputTokens: 40, outputTokens: 10 });
  assert.deepEqual([cases['judged fail'].passes, cases['judged fail'].judged?.fail], [0, 2]);
  assert.deepEqual([cases['unreadable verdict'].passes, cases['unreadable verdict'].judged?.unreadable], [0, 1]);
  assert.match(cases['judged fail'].failures[0].messages[0], /^the judge \(openai-compatible:judge-1\) failed the answer/);

  const trace = readFileSync(join(traces, readdirSync(traces)[0]), 'utf8');
  const turns = trace.trim().split('\n').map((l) => JSON.parse(l) as { kind?: string; raw: string; info?: Record<string, unknown> }).filter((e) => e.kind === 'model' && e.info?.role === 'judge');
  assert.equal(turns.length, 5);
  assert.deepEqual(turns.map((t) => t.info?.verdict), ['pass', 'pass', 'fail', 'fail', 'unreadable']);
  assert.ok(turns.every((t) => t.info?.judgeModel === 'openai-compatible:judge-1' && t.info.model === 'openai-compatible:scripted-1'));
  assert.match(turns[2].raw, /^openai-compatible:scripted-1 judged fail #1 judge \(openai-compatible:judge-1\): fail: the answer does not name Tokyo/);

  // The judge is asked as the judge model, offered no tools, and sees the answer it grades.
  const asked = readFileSync(join(work, 'requests.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { model: string; tools?: unknown[]; messages: { role: string; content: string }[] }).filter((r) => r.model === 'judge-1');
  assert.equal(asked.length, 5);
  assert.ok(asked.every((r) => r.tools === undefined || r.tools.length === 0));
  assert.match(asked[2].messages.at(-1)!.content, /<final_answer>\nIt will be sunny\n<\/final_answer>$/);
});

test('a --judge-model that cannot be had is one sentence and exit 2', async () => {
  const run = await runCli(['eval', EVALS, '--model', 'openai-compatible:scripted-1', '--base-url', model.baseUrl, '--judge-model', 'anthropic:claude-sonnet-4-5'], { env: { ANTHROPIC_API_KEY: '' } });
  assert.equal(run.code, 2);
  assert.match(run.stderr, /--judge-model: anthropic needs an API key in the environment variable ANTHROPIC_API_KEY/);
});
