// The official MCP conformance suite as a scoreboard: both requirement sets, the client under
// test being `mcp-lens` driven by adapter.mjs, each against its expected-failures baseline.
//   node --import tsx test/conformance/run.ts [--revision 2026-07-28] [--results FILE]
// Prints `N passed, N failed` per revision; exit 0 when every outcome matches the baseline.
//   ... run.ts --client "COMMAND"  scores another client the same way (no baseline, exit 0):
// how the comparison figures of docs/conformance.md for other clients are measured.
//   ... run.ts --scenario auth/dpop [--scenario …]  runs only those scenarios of each revision's
// requirement set, one at a time as the suite runs a scenario alone (a WARNING or the client's
// exit code fails it), judged against the same baseline; results in conformance-scenarios.json.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { node24 } from '../harness/node24';
import { resultsDir, root } from '../harness/paths';
// The CLI exactly as it ships, built the one way the unit stage builds it (bin.ts and the bundle
// it runs, the bundles it requires beside it), written whole then renamed: other stages may be
// running dist/cli.js meanwhile.
import { buildCli } from '../unit/cli/helpers';
import { readBaseline, type BaselineEntry } from './baseline';
import { readClientRequirements } from './requirements';
import { badChecks, describeChecks } from './checkResults';
import { readAloneVerdict, readVerdicts, type Verdict } from './suiteOutput';

const REVISIONS = ['2026-07-28', '2025-11-25'] as const;
const SUITE_DIR = join(root, 'node_modules', '@modelcontextprotocol', 'conformance');
const SUITE = join(SUITE_DIR, 'dist', 'index.js');
const ADAPTER = join(root, 'test', 'conformance', 'adapter.mjs');
const CLI = join(root, 'dist', 'cli.js');
/** Every scenario of a set runs at once on a small machine: give each client room. */
const CLIENT_TIMEOUT_MS = 120_000;

interface RevisionResult {
  revision: string;
  passed: string[];
  /** `why`: the baseline's reason; `checks`: the checks that failed or warned, from the suite's checks.json. */
  failed: { scenario: string; why?: string; checks?: string }[];
  /** Failures not in the baseline, and baseline entries that now pass: what turns the stage red. */
  unexpected: string[];
  notScored: { scenario: string; passed: boolean; reason: string; checks?: string }[];
  suiteExit: number | null;
}

const { values } = parseArgs({
  options: {
    revision: { type: 'string', multiple: true },
    results: { type: 'string' },
    client: { type: 'string' },
    scenario: { type: 'string', multiple: true },
  },
});
/** `--scenario`: only these, each run alone. */
const only = values.scenario;
/** Another client, measured for comparison, or mcp-lens through the adapter. */
const other = values.client;
const clientCommand = other ?? `"${process.execPath}" "${ADAPTER}"`;
// A run of some scenarios keeps its logs and checks apart from the whole run's.
const tag = `${other ? '-other' : ''}${only ? '-scenarios' : ''}`;
const resultsFile = values.results ?? join(resultsDir, `conformance${tag}.json`);
const revisions = values.revision ?? [...REVISIONS];

/** Where the suite saves each scenario's checks.json for a revision. */
const outputDir = (revision: string) => join(resultsDir, `conformance${tag}`, revision);

function runSuite(node: string, revision: string, log: string): Promise<{ code: number | null; output: string }> {
  const baselineFile = join(root, 'test', 'conformance', `expected-failures-${revision}.yml`);
  // Only this run's checks are read back: an earlier run's folder could name a check that is fixed.
  rmSync(outputDir(revision), { recursive: true, force: true });
  const args = [
    SUITE,
    'client',
    '--command',
    clientCommand,
    '--requirements',
    revision,
    '--timeout',
    String(CLIENT_TIMEOUT_MS),
    '--output-dir',
    outputDir(revision),
  ];
  if (!other && existsSync(baselineFile)) args.push('--expected-failures', baselineFile);
  return spawnSuite(node, args).then((run) => {
    writeFileSync(log, run.output);
    return run;
  });
}

function spawnSuite(node: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    // The adapter runs on this Node (the project's), the suite on Node 24.
    const child = spawn(node, args, { cwd: root, env: { ...process.env, MCP_LENS_CLI: CLI, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

/** `--scenario`: each named scenario of the revision's requirement set run alone, its verdict as the runner gives it. */
async function runScenarios(node: string, revision: string, log: string): Promise<{ code: number | null; output: string; verdicts: Map<string, Verdict> }> {
  const required = readClientRequirements(SUITE_DIR, revision);
  rmSync(outputDir(revision), { recursive: true, force: true });
  const verdicts = new Map<string, Verdict>();
  let output = '';
  let code: number | null = 0;
  for (const scenario of only ?? []) {
    if (!required.scored.includes(scenario) && !required.notScored.has(scenario)) {
      output += `${scenario}: not in the ${revision} requirement set, not run\n`;
      continue;
    }
    // --force: an extension scenario is "not on the spec timeline", yet the requirement set runs it.
    const args = [SUITE, 'client', '--command', clientCommand, '--scenario', scenario, '--spec-version', revision, '--force', '--timeout', String(CLIENT_TIMEOUT_MS), '--output-dir', outputDir(revision)];
    const run = await spawnSuite(node, args);
    output += run.output;
    code = run.code === 0 ? code : run.code;
    const verdict = readAloneVerdict(run.output);
    if (verdict) verdicts.set(scenario, verdict);
  }
  writeFileSync(log, output);
  return { code, output, verdicts };
}

function judge(revision: string, output: string, code: number | null, baseline: BaselineEntry[], alone?: Map<string, Verdict>): RevisionResult {
  const verdicts = alone ?? readVerdicts(output);
  const required = readClientRequirements(SUITE_DIR, revision);
  const expected = new Map(baseline.map((b) => [b.scenario, b.why]));
  const result: RevisionResult = { revision, passed: [], failed: [], unexpected: [], notScored: [], suiteExit: code };
  const checksOf = (scenario: string) => {
    const bad = badChecks(outputDir(revision), scenario);
    return bad.length ? { checks: describeChecks(bad) } : {};
  };
  for (const scenario of required.scored) {
    if (only && !only.includes(scenario)) continue;
    // A scenario the summary does not list did not run to a verdict: a failure. So is one with a
    // WARNING: the runner fails a scenario run alone on it, and a broken SHOULD is a finding.
    const passed = verdicts.get(scenario)?.passed === true;
    if (passed) result.passed.push(scenario);
    else result.failed.push({ scenario, why: expected.get(scenario), ...checksOf(scenario) });
    if (passed === expected.has(scenario)) result.unexpected.push(passed ? `${scenario} passes: remove it from the baseline` : `${scenario} fails and is not in the baseline`);
  }
  for (const [scenario, reason] of required.notScored) {
    if (only && !only.includes(scenario)) continue;
    const passed = verdicts.get(scenario)?.passed === true;
    result.notScored.push({ scenario, passed, reason, ...(passed ? {} : checksOf(scenario)) });
  }
  for (const scenario of only ?? []) if (!required.scored.includes(scenario) && !required.notScored.has(scenario)) result.unexpected.push(`${scenario} is not a client scenario of the ${revision} requirement set`);
  if (verdicts.size === 0) result.unexpected.push(`the suite reported no scenario (exit ${code}); see its log`);
  return result;
}

async function main(): Promise<number> {
  const node = node24();
  await buildCli();
  mkdirSync(resultsDir, { recursive: true });
  const results: RevisionResult[] = [];
  for (const revision of revisions) {
    const log = join(resultsDir, `conformance${tag}-${revision}.log`);
    const baseline = other ? [] : readBaseline(join(root, 'test', 'conformance', `expected-failures-${revision}.yml`));
    const { code, output, verdicts } = only ? await runScenarios(node, revision, log) : { ...(await runSuite(node, revision, log)), verdicts: undefined };
    const r = judge(revision, output, code, baseline, verdicts);
    results.push(r);
    const extra = r.notScored.length ? `; not scored: ${r.notScored.filter((s) => s.passed).length}/${r.notScored.length} pass` : '';
    if (other) {
      console.log(`conformance ${revision} (client: ${other}): ${r.passed.length} passed, ${r.failed.length} failed (of ${r.passed.length + r.failed.length} scored)${extra}`);
      for (const f of r.failed) console.log(`  ✗ ${f.scenario}${f.checks ? ` — ${f.checks}` : ''}`);
      console.log(`  log: ${log}`);
      continue;
    }
    console.log(`conformance ${revision}: ${r.passed.length} passed, ${r.failed.length} failed (of ${r.passed.length + r.failed.length} scored; ${baseline.length} in the baseline)${extra}`);
    for (const f of r.failed) console.log(`  ✗ ${f.scenario}${f.why ? ` — ${f.why}` : ''}${f.checks ? ` — ${f.checks}` : ''}`);
    for (const s of r.notScored) console.log(`  ${s.passed ? '✓' : '✗'} ${s.scenario} (not scored: ${s.reason})${s.checks ? ` — ${s.checks}` : ''}`);
    for (const u of r.unexpected) console.log(`  UNEXPECTED: ${u}`);
    console.log(`  log: ${log}`);
  }
  const unexpected = results.reduce((n, r) => n + r.unexpected.length, 0);
  const passed = results.reduce((n, r) => n + r.passed.length, 0);
  mkdirSync(dirname(resultsFile), { recursive: true });
  // `failed` is what makes the stage red: outcomes the baseline did not predict.
  writeFileSync(resultsFile, JSON.stringify({ passed, failed: other ? 0 : unexpected, revisions: results }, null, 2));
  return other || unexpected === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
