import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { buildCli, FIXTURES, NODE, runCli } from './helpers';
import { startModelDouble, type ModelDouble } from './modelDouble';

// `eval --compare` end to end: a git repository with two commits of a server's tool list; the
// second commit's description of get_forecast mentions rain, and the scripted model double
// picks the tool only when it does. Comparing with HEAD~1 shows the case flip, beyond noise.
let model: ModelDouble;
let repo: string;

const git = (...args: string[]) => execFileSync('git', ['-C', repo, '-c', 'user.name=Lens Test', '-c', 'user.email=lens@example.invalid', ...args], { encoding: 'utf8' }).trim();
const tools = (description: string) => `${JSON.stringify([{ name: 'get_forecast', description, inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }], null, 2)}\n`;
const OLD = 'Daily forecast for a city.';
const NEW = 'Daily forecast for a city: rain, sun and temperature.';

before(async () => {
  await buildCli();
  repo = realpathSync(mkdtempSync(join(tmpdir(), 'mcp-lens-compare-repo-')));
  mkdirSync(join(repo, 'evals'));
  execFileSync('git', ['init', '-q', repo]);
  // The server reads its tool list from tools.json in its folder (the eval file's): at HEAD~1, from HEAD~1's.
  writeFileSync(join(repo, 'evals', 'forecast.mcpeval.json'), JSON.stringify({
    server: { command: [NODE, join(FIXTURES, 'tools-from-json.mjs'), 'tools.json'] },
    repeat: 3,
    cases: [
      { name: 'rain', prompt: 'Will it rain in Oslo? @when-described get_forecast rain @call get_forecast {"city":"Oslo"} @answer {result}', expect: { tool: 'get_forecast', args: { city: 'Oslo' } } },
      { name: 'named', prompt: 'Forecast for Oslo @call get_forecast {"city":"Oslo"} @answer {result}', expect: { tool: 'get_forecast' } },
    ],
  }));
  writeFileSync(join(repo, 'evals', 'tools.json'), tools(OLD));
  git('add', '-A');
  git('commit', '-q', '-m', 'a forecast tool');
  writeFileSync(join(repo, 'evals', 'tools.json'), tools(NEW));
  git('commit', '-q', '-am', 'say when the forecast tool is for');
  model = await startModelDouble();
});

after(() => {
  model?.stop();
  if (repo) rmSync(repo, { recursive: true, force: true });
});

const EVAL = () => join(repo, 'evals', 'forecast.mcpeval.json');
const compare = (args: string[]) => runCli(['eval', EVAL(), '--model', 'openai-compatible:scripted-1', '--base-url', model.baseUrl, ...args]);

interface CompareReport {
  compare: { ref?: string; before: string; after: string };
  passed: boolean;
  results: { cases: { name: string; before: { passes: number; runs: number }; after: { passes: number; runs: number }; difference: { estimate: number; low: number; high: number }; change: string; repeatToTell?: number }[]; tools: { tool: string; before: { recall?: number }; after: { recall?: number } }[] }[];
}

test('--compare HEAD~1: the description change flips the case from 0/3 to 3/3, beyond noise; the working tree is untouched', async () => {
  const status = git('status', '--porcelain');
  const traces = mkdtempSync(join(tmpdir(), 'mcp-lens-compare-traces-'));
  const run = await compare(['--compare', 'HEAD~1', '--trace-dir', traces]);
  assert.equal(run.code, 0, run.stderr);
  // Each version's session has its own trace; the model was offered each version's description.
  assert.deepEqual(readdirSync(traces).sort(), ['forecast.openai-compatible_scripted-1.after.mcptrace.jsonl', 'forecast.openai-compatible_scripted-1.before.mcptrace.jsonl']);
  assert.match(readFileSync(join(traces, 'forecast.openai-compatible_scripted-1.before.mcptrace.jsonl'), 'utf8'), new RegExp(`"description":"${OLD}"`));
  assert.match(readFileSync(join(traces, 'forecast.openai-compatible_scripted-1.after.mcptrace.jsonl'), 'utf8'), new RegExp(`"description":"${NEW}"`));
  rmSync(traces, { recursive: true, force: true });
  assert.match(run.stdout, new RegExp(`^before: HEAD~1 \\(${git('rev-parse', 'HEAD~1').slice(0, 12)}\\)$`, 'm'));
  assert.match(run.stdout, /^after: {2}the working tree$/m);
  // 0/3 against 3/3: Wilson [0%, 56%] and [44%, 100%]; the change +100%, its Newcombe interval [+21%, +100%].
  assert.match(run.stdout, /› rain\s+0\/3 0% \[0%–56%\]\s+3\/3 100% \[44%–100%\]\s+\+100% \[\+21%, \+100%\] better$/m);
  assert.match(run.stdout, /› named\s+3\/3 100% \[44%–100%\]\s+3\/3 100% \[44%–100%\]\s+0% \[−56%, \+56%\] no change$/m);
  // get_forecast is expected in 6 runs a side: chosen in 3 of them before, in all 6 after.
  assert.match(run.stdout, /^get_forecast\s+100% \(3\/3\)\s+100% \(6\/6\)\s+50% \(3\/6\)\s+100% \(6\/6\)$/m);
  assert.equal(git('status', '--porcelain'), status);
  assert.equal(git('worktree', 'list').split('\n').length, 1, 'the temporary worktree is removed');
});

test('--json carries both sides, the change with its interval and the tools; a regression below --min-pass-rate exits 1', async () => {
  // The working tree takes the word out again: against HEAD, the case goes from 3/3 to 0/3.
  writeFileSync(join(repo, 'evals', 'tools.json'), tools(OLD));
  const junit = join(repo, '..', `${repo.split('/').pop()}.xml`);
  try {
    const run = await compare(['--compare', 'HEAD', '--json', '--junit', junit]);
    assert.equal(run.code, 1, run.stderr);
    const report = JSON.parse(run.stdout) as CompareReport;
    assert.equal(report.compare.ref, 'HEAD');
    assert.equal(report.passed, false);
    const rain = report.results[0].cases.find((c) => c.name === 'rain')!;
    assert.deepEqual([rain.before.passes, rain.before.runs, rain.after.passes, rain.after.runs, rain.change], [3, 3, 0, 3, 'worse']);
    assert.deepEqual([rain.difference.estimate, Math.round(rain.difference.low * 1000), Math.round(rain.difference.high * 1000)], [-1, -1000, -206]);
    assert.deepEqual(report.results[0].tools.map((t) => [t.tool, t.before.recall, t.after.recall]), [['get_forecast', 1, 0.5]]);
    assert.match(readFileSync(junit, 'utf8'), /<testcase name="rain"[^>]*>\s*<failure type="eval" message="passed 0\/3 0% \[0%–56%\], worse than before \(3\/3\) beyond noise, below --min-pass-rate 1"/);
    // At one repetition the same flip cannot be told from noise: flagged, with the repetitions that would tell it, and no failure.
    const one = await compare(['--compare', 'HEAD', '--repeat', '1']);
    assert.equal(one.code, 0, one.stderr);
    assert.match(one.stdout, /› rain\s+1\/1 100% \[21%–100%\]\s+0\/1 0% \[0%–79%\]\s+−100% \[−100%, \+12%\] noise\?$/m);
    assert.match(one.stdout, /^\? .*› rain: −100% cannot be told from noise at 1 repetition; --repeat 2 would tell a change this size$/m);
  } finally {
    writeFileSync(join(repo, 'evals', 'tools.json'), tools(NEW));
    rmSync(junit, { force: true });
  }
});

test('--compare-command runs the other version from a command line', async () => {
  const old = join(repo, '..', `${repo.split('/').pop()}-old-tools.json`);
  writeFileSync(old, tools(OLD));
  try {
    const run = await compare(['--compare-command', `"${NODE}" "${join(FIXTURES, 'tools-from-json.mjs')}" "${old}"`]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^before: --compare-command /m);
    assert.match(run.stdout, /› rain\s+0\/3 0%.*\s+3\/3 100%.*\+100% \[\+21%, \+100%\] better$/m);
  } finally {
    rmSync(old, { force: true });
  }
});

test('a ref that is no commit, or a file outside any repository, is a usage error (exit 2)', async () => {
  const unknown = await compare(['--compare', 'no-such-branch']);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /--compare no-such-branch: no such commit in /);
  const outside = mkdtempSync(join(tmpdir(), 'mcp-lens-compare-norepo-'));
  try {
    writeFileSync(join(outside, 'a.mcpeval.json'), readFileSync(EVAL(), 'utf8'));
    const run = await runCli(['eval', join(outside, 'a.mcpeval.json'), '--model', 'openai-compatible:scripted-1', '--base-url', model.baseUrl, '--compare', 'HEAD'], { env: { GIT_CEILING_DIRECTORIES: tmpdir() } });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /--compare HEAD needs a git repository: .* is not in one/);
  } finally {
    rmSync(outside, { recursive: true, force: true });
  }
});

test('a version that cannot run is said per side and exits 1: here the eval file\'s folder is newer than REF', async () => {
  mkdirSync(join(repo, 'later'));
  writeFileSync(join(repo, 'later', 'tools.json'), tools(NEW));
  writeFileSync(join(repo, 'later', 'a.mcpeval.json'), readFileSync(EVAL(), 'utf8'));
  try {
    const run = await runCli(['eval', join(repo, 'later', 'a.mcpeval.json'), '--model', 'openai-compatible:scripted-1', '--base-url', model.baseUrl, '--compare', 'HEAD']);
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stdout, /✗ .*a\.mcpeval\.json \(openai-compatible:scripted-1\) before: at HEAD \([0-9a-f]{12}\): the server's folder later is not in that commit/);
    assert.equal(git('worktree', 'list').split('\n').length, 1);
  } finally {
    rmSync(join(repo, 'later'), { recursive: true, force: true });
  }
});
