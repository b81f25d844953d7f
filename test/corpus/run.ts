// The fault corpus as a stage: for each single-fault server, the official conformance suite's
// `server` mode proves the fault is real (its scenario fails exactly the checks the case names),
// then `mcp-lens` must find it; the clean controls (the corpus fixtures without a fault, and the
// published reference server) must pass the suite and get no warning or error from MCP Lens.
//   node --import tsx test/corpus/run.ts [--grep TEXT] [--results FILE]
// Prints one line per case and `N passed, N failed`; exit 1 on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { node24 } from '../harness/node24';
import { resultsDir, root } from '../harness/paths';
import { CASES, type CorpusCase, type Fixture, type Transport } from './cases';
import { startHttp, stdioCommand } from './fixture';
import { CLI, runLens, serious, type Finding } from './lens';
import { failingSettled } from './suite';
import { SKILL_HOST_SCENARIOS, skillHostFails } from './skillHost';

const { values } = parseArgs({ options: { grep: { type: 'string' }, results: { type: 'string' } } });
const resultsFile = values.results ?? join(resultsDir, 'corpus.json');
/** Two at a time, as on a 2-core CI machine. */
const CONCURRENCY = 2;
const EVERYTHING = join(root, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');

interface Outcome {
  name: string;
  problems: string[];
}

const sameSet = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && [...a].sort().every((x, i) => x === [...b].sort()[i]);
const listed = (findings: readonly Finding[]): string => findings.map((f) => `${f.rule} (${f.severity}): ${f.message.slice(0, 160)}`).join('; ') || 'none';

async function lensOn(fixture: Fixture, fault: string | undefined, transport: Transport, command: readonly string[], url: string | undefined): Promise<ReturnType<typeof runLens>> {
  if (transport === 'http') return runLens(command, ['--url', url!]);
  if (fixture !== 'legacy') throw new Error(`the ${fixture} corpus fixture serves HTTP only`);
  return runLens(command, ['--', ...stdioCommand(fault)]);
}

/** One fault: the suite fails exactly its checks, and MCP Lens reports its rule over each transport. */
async function runCase(node: string, c: CorpusCase): Promise<Outcome> {
  const problems: string[] = [];
  const server = await startHttp(c.fixture, c.fault);
  try {
    const fails = await failingSettled(node, server.url, c.scenario, c.suiteFails);
    if (!sameSet(fails, c.suiteFails)) problems.push(`the suite's ${c.scenario} failed [${fails.join(', ')}], the case names [${[...c.suiteFails].sort().join(', ')}]`);
    for (const transport of c.transports) {
      const run = await lensOn(c.fixture, c.fault, transport, c.command, server.url);
      if (!serious(run.findings).some((f) => f.rule === c.rule)) {
        problems.push(`mcp-lens ${c.command.join(' ')} over ${transport} did not report ${c.rule}; it reported ${listed(run.findings)}${run.findings.length ? '' : ` (exit ${run.exitCode}: ${run.output.slice(0, 400)})`}`);
      }
    }
  } finally {
    await server.stop();
  }
  return { name: `${c.fault} (${c.fixture}, ${c.scenario} → ${c.rule})`, problems };
}

/** A fixture without a fault: every scenario and command its cases use is clean. */
async function runControl(node: string, fixture: Fixture, cases: readonly CorpusCase[]): Promise<Outcome> {
  const problems: string[] = [];
  const server = await startHttp(fixture, undefined);
  try {
    for (const scenario of new Set(cases.map((c) => c.scenario))) {
      const fails = await failingSettled(node, server.url, scenario, []);
      if (fails.length) problems.push(`the suite's ${scenario} failed [${fails.join(', ')}] on the clean control`);
    }
    const runs = new Map<string, { command: readonly string[]; transport: Transport; exit: number }>();
    for (const c of cases) for (const transport of c.transports) runs.set(`${transport} ${c.command.join(' ')}`, { command: c.command, transport, exit: c.controlExit ?? 0 });
    runs.set('http check', { command: ['check'], transport: 'http', exit: 0 });
    if (fixture === 'legacy') runs.set('stdio check', { command: ['check'], transport: 'stdio', exit: 0 });
    for (const [name, { command, transport, exit }] of runs) {
      const run = await lensOn(fixture, undefined, transport, command, server.url);
      const found = serious(run.findings);
      if (found.length) problems.push(`mcp-lens ${name} on the clean control reported ${listed(found)}`);
      if (run.exitCode !== exit) problems.push(`mcp-lens ${name} on the clean control exited ${run.exitCode} (expected ${exit}): ${run.output.slice(0, 400)}`);
    }
  } finally {
    await server.stop();
  }
  return { name: `clean control: ${fixture}`, problems };
}

/** The published reference server (server-everything): conforming, so nothing to act on. */
async function runEverything(): Promise<Outcome> {
  const run = await runLens(['check'], ['--', process.execPath, EVERYTHING, 'stdio']);
  const found = serious(run.findings);
  const problems = found.length ? [`mcp-lens check reported ${listed(found)}`] : [];
  if (run.exitCode !== 0) problems.push(`mcp-lens check exited ${run.exitCode}: ${run.output.slice(0, 400)}`);
  return { name: 'clean control: @modelcontextprotocol/server-everything (stdio)', problems };
}

async function inParallel<T>(jobs: readonly (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = await jobs[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, jobs.length) }, worker));
  return results;
}

async function main(): Promise<number> {
  const node = node24();
  if (!existsSync(CLI)) {
    const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const cases = CASES.filter((c) => !values.grep || [c.fault, c.fixture, c.scenario].some((s) => s.includes(values.grep!)));
  const fixtures = [...new Set(cases.map((c) => c.fixture))];
  const jobs: (() => Promise<Outcome>)[] = [
    ...fixtures.map((f) => () => runControl(node, f, cases.filter((c) => c.fixture === f))),
    ...(values.grep ? [] : [runEverything]),
    ...cases.map((c) => () => runCase(node, c)),
    // MCP Lens as a Skills host, refereed by the suite's sep-2640-client-* scenarios.
    ...SKILL_HOST_SCENARIOS.filter((h) => !values.grep || h.scenario.includes(values.grep) || 'skills'.includes(values.grep)).map((h) => async (): Promise<Outcome> => ({
      name: `skills host: ${h.scenario} (mcp-lens ${h.command.join(' ')})`,
      problems: (await skillHostFails(node, h.scenario, h.command, h.tampered)).map((f) => `the suite's ${h.scenario}: ${f}`),
    })),
  ];
  const wrapped = jobs.map((job) => async (): Promise<Outcome> => {
    const outcome = await job().catch((error: unknown) => ({ name: 'a corpus job', problems: [error instanceof Error ? error.message : String(error)] }));
    console.log(`${outcome.problems.length ? '✗' : '✓'} ${outcome.name}`);
    for (const p of outcome.problems) console.log(`    ${p}`);
    return outcome;
  });
  console.log(`corpus: ${cases.length} single-fault servers, ${fixtures.length} clean control(s)${values.grep ? '' : ' and server-everything'}`);
  const outcomes = await inParallel(wrapped, CONCURRENCY);
  const failed = outcomes.filter((o) => o.problems.length).length;
  const passed = outcomes.length - failed;
  console.log(`${passed} passed, ${failed} failed`);
  mkdirSync(dirname(resultsFile), { recursive: true });
  writeFileSync(resultsFile, JSON.stringify({ passed, failed, skipped: 0, outcomes }, null, 2));
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
