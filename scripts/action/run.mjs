// Step 2: run mcp-lens with the inputs, its JSON report to a file for the summary step. This
// step always succeeds once the command has run: its exit code goes to the `exit-code`
// output, and the action's last step fails the job with it, after the summary and the
// SARIF upload have had their turn. Bad inputs fail here, with exit code 2.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { commandArgs, diffArgs, printable } from './commandLine.mjs';
import { fail, input, setOutput } from './github.mjs';

const inputs = Object.fromEntries(['command', 'server', 'url', 'headers', 'args', 'sarif', 'junit', 'fail-on', 'base-ref', 'setup'].map((name) => [name, input(name)]));
const cwd = resolve(input('working-directory') || '.');
// On the PATH from the install step (GITHUB_PATH).
const cli = 'mcp-lens';
const out = mkdtempSync(join(process.env.RUNNER_TEMP || tmpdir(), 'mcp-lens-'));
const report = join(out, 'report.json');

/** One mcp-lens run: stdout (the JSON report) to `file`, stderr to the log. */
function mcpLens(args, dir, file) {
  console.log(`::group::mcp-lens ${printable(args)}${dir === cwd ? '' : ` (in ${dir})`}`);
  const run = spawnSync(cli, args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 512 * 1024 * 1024 });
  console.log('::endgroup::');
  if (run.error) fail(`could not run ${cli}: ${run.error.message}`);
  writeFileSync(file, run.stdout);
  if (run.status === 2) fail(`mcp-lens ${args[0]} refused its arguments (exit 2); see the log above`);
  return run.status ?? 1;
}

function git(args, dir) {
  const run = spawnSync('git', args, { cwd: dir, encoding: 'utf8' });
  return run.status === 0 ? run.stdout.trim() : undefined;
}

/** The base branch checked out beside this one (fetched first when the runner has not got it). */
function baseCheckout() {
  const base = inputs['base-ref'] || process.env.GITHUB_BASE_REF;
  if (!base) fail('diff needs the branch to compare with: "base-ref" (on pull_request events it defaults to the base branch)');
  const top = git(['rev-parse', '--show-toplevel'], cwd);
  if (!top) fail(`${cwd} is not in a git checkout`);
  let commit = git(['rev-parse', '--verify', '--quiet', `${base}^{commit}`], top) ?? git(['rev-parse', '--verify', '--quiet', `origin/${base}^{commit}`], top);
  if (!commit && git(['fetch', '--no-tags', '--depth=1', 'origin', base], top) !== undefined) commit = git(['rev-parse', 'FETCH_HEAD'], top);
  if (!commit) fail(`the base ref ${JSON.stringify(base)} is neither in this checkout nor fetchable from origin`);
  const dir = join(out, 'base');
  if (git(['worktree', 'add', '--detach', dir, commit], top) === undefined) fail(`git worktree add ${commit} failed`);
  return join(dir, relative(top, cwd));
}

function setup(dir) {
  if (!inputs.setup) return;
  console.log(`::group::setup (in ${dir}): ${inputs.setup}`);
  const run = spawnSync(inputs.setup, { cwd: dir, shell: true, stdio: ['ignore', 'inherit', 'inherit'] });
  console.log('::endgroup::');
  if (run.status !== 0) fail(`the "setup" command failed in ${dir} (exit ${run.status})`);
}

let code;
try {
  if (inputs.command === 'diff') {
    const { check, diff } = diffArgs(inputs);
    const before = join(out, 'base.json');
    const after = join(out, 'head.json');
    const baseDir = baseCheckout();
    setup(baseDir);
    mcpLens(check, baseDir, before);
    setup(cwd);
    mcpLens(check, cwd, after);
    code = mcpLens(diff(before, after), cwd, report);
  } else {
    code = mcpLens(commandArgs(inputs), cwd, report);
  }
} catch (error) {
  fail(error.message);
}

setOutput('exit-code', String(code));
setOutput('report', report);
// The reports the command wrote, for the upload steps ('' when it wrote none).
for (const kind of ['sarif', 'junit']) setOutput(kind, inputs[kind] && existsSync(resolve(cwd, inputs[kind])) ? resolve(cwd, inputs[kind]) : '');
