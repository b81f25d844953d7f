/**
 * The GitHub Action's steps run as GitHub runs them: each scripts/action/*.mjs with its inputs
 * as INPUT_* variables and the runner's files (GITHUB_OUTPUT, GITHUB_PATH, GITHUB_STEP_SUMMARY)
 * in a temporary folder, the CLI installed from `npm pack` of this repository, against the
 * example servers: a passing run, failing runs, SARIF and JUnit validated, the job summary.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { after, before, test } from 'node:test';
import { buildCli, NODE, ROOT } from '../cli/helpers';
import { assertValidJunit, assertValidSarif } from '../cli/reportSchemas';
import { NO_BUILD, packInto, VERSION } from '../package/pack';

const SCRIPTS = join(ROOT, 'scripts', 'action');
const SERVERS = join(ROOT, 'examples', 'workspace', 'servers');
let work: string;
let bin: string;

interface Step {
  status: number | null;
  stdout: string;
  outputs: Record<string, string>;
  summary: string;
}

/** One step: `node scripts/action/NAME.mjs` with the runner's variables, in a job folder of its own. */
function step(name: string, inputs: Record<string, string>, env: Record<string, string> = {}): Step {
  const job = mkdtempSync(join(work, `${name}-`));
  const files = { GITHUB_OUTPUT: join(job, 'output'), GITHUB_PATH: join(job, 'path'), GITHUB_STEP_SUMMARY: join(job, 'summary') };
  for (const file of Object.values(files)) writeFileSync(file, '');
  const inputEnv = Object.fromEntries(Object.entries(inputs).map(([key, value]) => [`INPUT_${key.toUpperCase().replaceAll('-', '_')}`, value]));
  const run = spawnSync(NODE, [join(SCRIPTS, `${name}.mjs`)], {
    cwd: work,
    encoding: 'utf8',
    env: { ...process.env, ...files, ...inputEnv, ...env, RUNNER_TEMP: job, PATH: bin ? `${bin}${delimiter}${process.env.PATH}` : process.env.PATH },
  });
  const outputs: Record<string, string> = {};
  for (const m of readFileSync(files.GITHUB_OUTPUT, 'utf8').matchAll(/^([\w-]+)<<(\S+)\n([\s\S]*?)\n\2$/gm)) outputs[m[1]!] = m[3]!;
  if (name === 'install') outputs.path = readFileSync(files.GITHUB_PATH, 'utf8').trim();
  return { status: run.status, stdout: run.stdout + run.stderr, outputs, summary: readFileSync(files.GITHUB_STEP_SUMMARY, 'utf8') };
}

/** The run step, then the summary step with the run's outputs, as action.yml chains them. */
function job(inputs: Record<string, string>): { run: Step; summary: string } {
  const run = step('run', inputs);
  assert.equal(run.status, 0, run.stdout);
  const summary = step('summary', { command: inputs.command! }, { MCP_LENS_EXIT_CODE: run.outputs['exit-code']!, MCP_LENS_REPORT: run.outputs.report! });
  assert.equal(summary.status, 0, summary.stdout);
  return { run, summary: summary.summary };
}

before(async () => {
  if (NO_BUILD) return;
  await buildCli();
  work = mkdtempSync(join(tmpdir(), 'mcp-lens-action-'));
  const packed = packInto(work);
  const installed = step('install', { package: packed.file }, { npm_config_offline: 'true', npm_config_cache: join(work, 'cache') });
  assert.equal(installed.status, 0, installed.stdout);
  bin = installed.outputs.path!;
  assert.ok(existsSync(join(bin, 'mcp-lens')), installed.stdout);
});

after(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

test('a passing fuzz run: exit code 0, a SARIF 2.1.0 and a JUnit report, the summary as a table', { skip: NO_BUILD }, async () => {
  const { run, summary } = job({ command: 'fuzz', server: `node "${join(SERVERS, 'weather', 'server.mjs')}"`, args: '--runs 5', sarif: 'weather.sarif', junit: 'weather.xml' });
  assert.equal(run.outputs["exit-code"], "0", run.stdout);
  assert.equal(run.outputs.sarif, join(work, 'weather.sarif'));
  assertValidSarif(JSON.parse(readFileSync(run.outputs.sarif!, 'utf8')));
  await assertValidJunit(readFileSync(run.outputs.junit!, 'utf8'));
  assert.match(summary, /^### mcp-lens fuzz: ✅ passed$/m);
  assert.match(summary, /^\| Tool \| Calls \| Findings \|$/m);
  assert.match(summary, /^\| `get_forecast` \| 5 \| 0 \|$/m);
});

test('a failing check: exit code 1 for the job, every diagnostic a row of the summary', { skip: NO_BUILD }, () => {
  const { run, summary } = job({ command: 'check', server: `node ${join(SERVERS, 'chatty', 'server.mjs')}` });
  assert.equal(run.outputs['exit-code'], '1');
  assert.equal(run.outputs.sarif, '');
  assert.match(summary, /^### mcp-lens check: ❌ failed$/m);
  assert.match(summary, /^`chatty 0\.0\.1`: legacy era, protocol `2025-11-25`; 2 tools/m);
  assert.match(summary, /^\| ❌ error \| `stray-stdout` \| `framing` \| `stdout line is not JSON: "Server ready"` \|$/m);
  assert.match(summary, /^\| ❌ error \| `capability-not-declared` \| `negotiation` \|/m);
});

test('a failing fuzz run writes a SARIF report with its findings, valid against SARIF 2.1.0', { skip: NO_BUILD }, () => {
  const { run, summary } = job({ command: 'fuzz', server: `node ${join(SERVERS, 'chatty', 'server.mjs')}`, args: '--runs 5', sarif: 'chatty.sarif' });
  assert.equal(run.outputs['exit-code'], '1');
  const sarif = JSON.parse(readFileSync(run.outputs.sarif!, 'utf8'));
  assertValidSarif(sarif);
  assert.ok(sarif.runs[0].results.some((r: { ruleId: string }) => r.ruleId === 'stray-stdout'), JSON.stringify(sarif.runs[0].results));
  assert.match(summary, /^\| ❌ error \| `stray-stdout` \| `echo` \|/m);
});

test('diff against the base branch: a renamed tool is a breaking change, exit code 1', { skip: NO_BUILD }, () => {
  const repo = join(work, 'repo');
  mkdirSync(repo);
  const git = (...args: string[]) => assert.equal(spawnSync('git', args, { cwd: repo, encoding: 'utf8' }).status, 0, args.join(' '));
  git('init', '-q', '-b', 'main');
  cpSync(join(SERVERS, 'weather', 'server.mjs'), join(repo, 'server.mjs'));
  git('add', '.');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'base');
  git('checkout', '-qb', 'feature');
  writeFileSync(join(repo, 'server.mjs'), readFileSync(join(repo, 'server.mjs'), 'utf8').replaceAll("'get_air_quality'", "'air_quality'"));
  git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qam', 'rename a tool');
  const { run, summary } = job({ command: 'diff', server: 'node server.mjs', 'base-ref': 'main', 'working-directory': repo });
  assert.equal(run.outputs['exit-code'], '1', summary);
  assert.match(summary, /^### mcp-lens diff: ❌ failed$/m);
  assert.match(summary, /^\| tools \| `get_air_quality` \| `[^`]*get_air_quality[^`]*` \| ❌ /m);
  assert.match(summary, /^\| tools \| `air_quality` \| `[^`]*` \| no \|$/m);
});

test('bad inputs stop the run step with exit code 2 and an error annotation, before anything runs', { skip: NO_BUILD }, () => {
  const noServer = step('run', { command: 'check' });
  assert.equal(noServer.status, 2);
  assert.match(noServer.stdout, /^::error title=mcp-lens action::mcp-lens check needs a server/m);
  const sarifForCheck = step('run', { command: 'check', server: 'node x.mjs', sarif: 'x.sarif' });
  assert.equal(sarifForCheck.status, 2);
  assert.match(sarifForCheck.stdout, /mcp-lens check writes no SARIF report/);
  assert.equal(step('run', { command: 'eval', server: 'node x.mjs' }).status, 2);
});

test('action.yml passes every input the scripts read, runs each script, and installs this version by default', () => {
  const yml = readFileSync(join(ROOT, 'action.yml'), 'utf8');
  for (const script of yml.matchAll(/scripts\/action\/([\w-]+\.mjs)/g)) assert.ok(existsSync(join(SCRIPTS, script[1]!)), script[1]);
  for (const [, env, name] of yml.matchAll(/^\s+INPUT_(\w+): \$\{\{ inputs\.([\w-]+) \}\}$/gm)) {
    assert.equal(env, name!.toUpperCase().replaceAll('-', '_'));
    assert.match(yml, new RegExp(`^  ${name}:$`, 'm'), `input ${name} is declared`);
  }
  for (const file of ['install', 'run', 'summary']) {
    const source = readFileSync(join(SCRIPTS, `${file}.mjs`), 'utf8');
    // input('name') calls, and run.mjs's list of the names it reads.
    const names = [...source.matchAll(/input\('([\w-]+)'\)/g)].map((m) => m[1]!);
    for (const list of source.matchAll(/\[((?:'[\w-]+', )+'[\w-]+')\]\.map\(\(name\) => \[name, input\(name\)\]\)/g)) names.push(...list[1]!.split(', ').map((n) => n.slice(1, -1)));
    assert.ok(names.length > 0, file);
    for (const name of names) {
      assert.match(yml, new RegExp(`INPUT_${name.toUpperCase().replaceAll('-', '_')}: \\$\\{\\{ inputs\\.${name} \\}\\}`), `${file}.mjs reads ${name}`);
    }
  }
  assert.match(yml, new RegExp(`^    default: mcp-lens@${VERSION.replaceAll('.', '\\.')}$`, 'm'));
});
