/**
 * `mcp-lens fuzz` against real servers built with the official SDK: a server with one fault
 * per tool (each found with its smallest input, saved as a regression test that fails today),
 * and a correct server (no finding). No process is left behind. Each over stdio and over
 * Streamable HTTP, where a crash ends the session (its stream closes without the answer) and
 * the run goes on in a new session.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { buildCli, FIXTURES, NODE, ROOT, runCli, waitFor } from './helpers';
import { HTTP, STDIO, TRANSPORTS, type Transport } from '../transport/transports';
import { assertValidJunit, assertValidSarif } from './reportSchemas';

before(buildCli);

const FAULTS = `${FIXTURES}fuzz/faults.mjs`;
const CORRECT = `${FIXTURES}fuzz/correct.mjs`;

interface Report {
  seed: number;
  starts: number;
  tools: { tool: string; skipped?: string; calls: number; findings: { rule: string; args: unknown; valid: boolean; end: string; message: string }[] }[];
  saved?: { file: string; tests: string[] };
}

/** Processes whose command line holds `marker`: a run must leave none. */
function running(marker: string): string[] {
  return execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).split('\n').filter((l) => l.includes(marker));
}

/**
 * How a crash shows. Over stdio: the process's exit, with its stderr. Over HTTP the process
 * is behind the server: the call's stream ends without its answer, and the call times out.
 */
const CRASH: Record<Transport['name'], { findings(args: unknown): { rule: string; args: unknown; end: string }[]; message: RegExp }> = {
  stdio: { findings: (args) => [{ rule: 'crashed', args, end: 'crashed' }], message: /RangeError: division by zero/ },
  'streamable-http': {
    findings: (args) => [
      { rule: 'connection-reset', args, end: 'hung' },
      { rule: 'timeout', args, end: 'hung' },
    ],
    message: /ended without its response/,
  },
};

/** No server process is left: over HTTP each session's process ends with its session (after the DELETE is answered). */
async function noneRunning(t: Transport, marker: string): Promise<void> {
  if (t === STDIO) assert.deepEqual(running(marker), [], 'no server process left running');
  // The HTTP server itself carries the command line it serves: only the processes it started count.
  else await waitFor(() => running(marker).every((l) => l.includes('stdio-over-http.mjs')), 'every session\'s server process to end');
}

for (const t of TRANSPORTS) {
  test(`fuzz over ${t.name} finds each fault of the faulty server with its smallest input, restarts after crashes and hangs, and saves failing regression tests`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-lens-fuzz-'));
    const marker = `--fuzz-marker-${process.pid}-${t.name}`;
    const saved = join(dir, 'found.mcptest.json');
    // A test file names a command or a configured server, not a URL: over HTTP --save adds to one that exists.
    if (t === HTTP) writeFileSync(saved, JSON.stringify({ command: [NODE, FAULTS, marker], tests: [] }));
    const server = await t.server(FAULTS, { args: [marker] });
    const run = await runCli(['fuzz', '--seed', '5', '--runs', '60', '--timeout', '1000', '--json', '--save', saved, '--junit', join(dir, 'junit.xml'), '--sarif', join(dir, 'out.sarif'), ...server], { deadlineMs: 240_000 });
    assert.equal(run.code, 1, run.stderr);
    const report = JSON.parse(run.stdout) as Report;
    const of = (tool: string) => report.tools.find((t) => t.tool === tool)!;
    const only = (tool: string) => of(tool).findings.map((f) => ({ rule: f.rule, args: f.args, end: f.end }));
    const crash = CRASH[t.name];
    assert.deepEqual(only('divide'), crash.findings({ a: 0, b: 0 }));
    assert.match(of('divide').findings[0]!.message, crash.message);
    assert.deepEqual(only('search'), [{ rule: 'timeout', args: { query: '' }, end: 'hung' }]);
    assert.deepEqual(only('read_note').map((f) => f.rule), ['error-leaks-internals']);
    assert.deepEqual(only('stats'), [{ rule: 'output-schema-mismatch', args: { values: [] }, end: 'result' }]);
    assert.deepEqual(only('set_level').map((f) => [f.rule, f.end]), [['invalid-input-accepted', 'result']]);
    assert.equal(of('set_level').findings[0]!.valid, false);
    assert.deepEqual(only('echo'), [], 'the correct tool of the same server');
    assert.match(of('wipe').skipped ?? '', /destructiveHint/);
    assert.match(of('by_ref').skipped ?? '', /\$ref "#\/\$defs\/place" does not resolve/);
    // stdio: a new process after the crash and the hang. HTTP: the session whose process died answers 404
    // and the client opens a new one itself (session-expired), so the run goes on in the same start;
    // the findings above, made after the crash, show it did.
    if (t === STDIO) assert.ok(report.starts >= 3, `restarted after the crash and the hang (${report.starts} starts)`);
    else assert.ok(report.starts >= 1, `${report.starts} starts`);
    await noneRunning(t, marker);

    // The saved findings are regression tests: they fail until the faults are fixed.
    assert.equal(report.saved?.tests.length, 5);
    const replay = await runCli(['test', saved, '--timeout', '2000', ...(t === HTTP ? server : [])], { deadlineMs: 120_000 });
    assert.equal(replay.code, 1, replay.stdout);
    assert.match(replay.stdout, /0 passed, 5 failed/);
    await noneRunning(t, marker);

    const junit = readFileSync(join(dir, 'junit.xml'), 'utf8');
    await assertValidJunit(junit);
    assert.match(junit, new RegExp(`<testcase name="divide"[^>]*>\\s*<failure type="${crash.findings({})[0]!.rule}"`));
    assert.match(junit, /<testcase name="wipe"[^>]*>\s*<skipped /);
    const sarif = JSON.parse(readFileSync(join(dir, 'out.sarif'), 'utf8'));
    assertValidSarif(sarif);
    assert.equal(sarif.runs[0].results.length, 4 + crash.findings({}).length);
  });

  test(`fuzz over ${t.name} passes the correct SDK server with 0 findings and exit 0`, async () => {
    const run = await runCli(['fuzz', '--seed', '11', '--runs', '80', ...(await t.server(CORRECT))], { deadlineMs: 120_000 });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    assert.match(run.stdout, /✓ divide 80 calls/);
    assert.match(run.stdout, /0 findings in 240 calls; repeat with --seed 11/);
  });
}

test('fuzz reports a server whose memory grows with the calls (memory-growth, exit 1), citing the calls', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-lens-fuzz-run-'));
  const json = await runCli(['fuzz', '--seed', '3', '--runs', '40', '--json', '--junit', join(dir, 'r.xml'), '--sarif', join(dir, 'r.sarif'), '--', NODE, `${FIXTURES}fuzz/leaks.mjs`], { deadlineMs: 120_000 });
  assert.equal(json.code, 1, json.stderr);
  const r = JSON.parse(json.stdout) as Report & { run: { rule: string; evidence: number[] }[] };
  assert.deepEqual(r.tools[0].findings, []);
  assert.deepEqual(r.run.map((d) => d.rule), ['memory-growth']);
  assert.ok(r.run[0].evidence.length >= 3);
  // In the CI reports like any other finding: a failed test case, a SARIF result.
  const junit = readFileSync(join(dir, 'r.xml'), 'utf8');
  assert.match(junit, /tests="2" failures="1"/);
  assert.match(junit, /<testcase name="across the run: memory-growth" classname="leaks\.mjs\.fuzz">\n\s+<failure type="memory-growth"/);
  const sarif = JSON.parse(readFileSync(join(dir, 'r.sarif'), 'utf8')) as { runs: { results: { ruleId: string }[] }[] };
  assert.deepEqual(sarif.runs[0].results.map((x) => x.ruleId), ['memory-growth']);
  rmSync(dir, { recursive: true, force: true });
  const text = await runCli(['fuzz', '--seed', '3', '--runs', '40', '--', NODE, `${FIXTURES}fuzz/leaks.mjs`], { deadlineMs: 120_000 });
  assert.match(text.stdout, /across the run\n\s+memory-growth the server process \(pid \d+\) grew from/);
  assert.match(text.stdout, /1 finding in 40 calls/);
});

for (const t of TRANSPORTS) {
  test(`fuzz over ${t.name} is reproducible from the seed; destructive tools run only with --allow-destructive`, async () => {
    const faults = await t.server(FAULTS);
    const once = async () => {
      const run = await runCli(['fuzz', 'divide', 'set_level', '--seed', '3', '--runs', '40', '--timeout', '1000', '--json', ...faults]);
      assert.ok(run.stdout, run.stderr);
      return JSON.parse(run.stdout) as Report;
    };
    const [a, b] = [await once(), await once()];
    const shape = (r: Report) => r.tools.map((t) => [t.tool, t.findings.map((f) => [f.rule, f.args])]);
    assert.deepEqual(shape(a), shape(b));
    assert.equal(a.tools.length, 2);

    const allowed = await runCli(['fuzz', 'wipe', '--allow-destructive', '--runs', '5', '--timeout', '1000', '--json', ...faults]);
    const wipe = (JSON.parse(allowed.stdout) as Report).tools[0]!;
    assert.equal(wipe.skipped, undefined);
    assert.deepEqual(wipe.findings.map((f) => f.rule), CRASH[t.name].findings({}).map((f) => f.rule));
  });

  test(`fuzz over ${t.name} names an unknown tool and the tools there are; usage errors exit 2`, async () => {
    const unknown = await runCli(['fuzz', 'nope', ...(await t.server(CORRECT))]);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /no tool "nope"; the server lists divide, shout, stats/);
    for (const argv of [['fuzz', '--runs', '0', '--', NODE], ['fuzz', '--seed', 'x', '--', NODE], ['fuzz', NODE, CORRECT]]) assert.equal((await runCli(argv)).code, 2, argv.join(' '));
  });
}

test('fuzz over streamable-http says the server\'s memory is not sampled and judges no memory-growth; --header and --token reach the server', async () => {
  const server = await HTTP.server(`${FIXTURES}fuzz/leaks.mjs`, { require: ['Authorization: Bearer fuzz-tok', 'X-Team: blue'] });
  const json = await runCli(['fuzz', '--seed', '3', '--runs', '40', '--json', '--token', 'fuzz-tok', '--header', 'X-Team: blue', ...server], { deadlineMs: 120_000 });
  assert.equal(json.code, 0, json.stderr);
  const r = JSON.parse(json.stdout) as Report & { run: unknown[]; limits: string[] };
  assert.deepEqual(r.run, []);
  assert.deepEqual(r.limits, ["the server's memory is not sampled for a remote server (--url): memory-growth is not judged"]);
  const text = await runCli(['fuzz', '--seed', '3', '--runs', '5', '--token', 'fuzz-tok', '--header', 'X-Team: blue', ...server]);
  assert.equal(text.code, 0, text.stderr);
  assert.match(text.stderr, /note: the server's memory is not sampled for a remote server/);
  const noHeader = await runCli(['fuzz', '--runs', '5', '--token', 'fuzz-tok', ...server]);
  assert.equal(noHeader.code, 1);
  assert.match(noHeader.stderr, /could not connect to the server: .*missing or wrong x-team header/);
});

test('fuzz --timeout bounds the calls, not the start: a server slower to start than a call may take is still fuzzed', async () => {
  // Silent for 1.5 s before it reads stdin: the era probe and initialize wait longer than --timeout 500.
  const run = await runCli(['fuzz', '--runs', '2', '--timeout', '500', '--json', '--', NODE, `${FIXTURES}lifecycle/slow-legacy-start.mjs`], {
    env: { SLOW_START_MS: '1500' },
  });
  assert.doesNotMatch(run.stderr, /could not start the server/);
  assert.deepEqual((JSON.parse(run.stdout) as Report).tools.map((t) => t.tool), ['old_school']);
});

test('fuzz --save with --url needs a test file that exists (it names the server): exit 2 before any call', async () => {
  const server = await HTTP.server(CORRECT);
  const missing = join(mkdtempSync(join(tmpdir(), 'mcp-lens-fuzz-save-')), 'new.mcptest.json');
  const run = await runCli(['fuzz', '--runs', '5', '--save', missing, ...server]);
  assert.equal(run.code, 2);
  assert.match(run.stderr, /--save with --url adds tests to an existing test file; .*new\.mcptest\.json does not exist/);
});

test('fuzz over streamable-http: a remote server that goes down between two calls stops the run (exit 1) and says so', async () => {
  const server = await HTTP.server(CORRECT, { downAfterCalls: 5 });
  const run = await runCli(['fuzz', 'divide', '--runs', '20', '--timeout', '1000', '--json', ...server]);
  assert.equal(run.code, 1, run.stderr);
  const [tool] = (JSON.parse(run.stdout) as Report & { tools: { stopped?: string }[] }).tools;
  // The sixth call cannot be sent (nothing listens): the run reconnects once, cannot, and says so.
  assert.equal(tool!.calls, 6);
  assert.match(tool!.stopped ?? '', /could not be started again/);
});

test('a server that cannot be started again after a crash: the run says it stopped and exits 1', async () => {
  const marker = join(mkdtempSync(join(tmpdir(), 'mcp-lens-once-')), 'started');
  const run = await runCli(['fuzz', '--runs', '20', '--json', '--', NODE, `${FIXTURES}fuzz/starts-once.mjs`, marker]);
  assert.equal(run.code, 1, run.stderr);
  const [tool] = (JSON.parse(run.stdout) as Report & { tools: { stopped?: string }[] }).tools;
  assert.match(tool!.stopped ?? '', /could not be started again/);
  assert.deepEqual(tool!.findings.map((f) => f.rule), ['crashed']);
});

test('a tool that hangs on text over 200 characters: each kind of input waits the full timeout at most once, the hang is shrunk to 201 characters, a stuck server is started again', async () => {
  interface HangReport {
    starts: number;
    tools: { calls: number; hangs?: { classes: string[]; fullTimeouts: number; deadlineMs: number; setAside: number }; findings: { rule: string; end: string; message: string; args: { text: string } }[] }[];
  }
  const marker = `--hangs-marker-${process.pid}`;
  const fuzz = async (tool: string) => {
    const run = await runCli(['fuzz', tool, '--seed', '4', '--runs', '200', '--timeout', '2000', '--json', '--', NODE, `${FIXTURES}fuzz/hangs.mjs`, marker], { deadlineMs: 240_000 });
    assert.equal(run.code, 1, run.stderr);
    return JSON.parse(run.stdout) as HangReport;
  };
  for (const tool of ['save_note', 'tokenize']) {
    const report = await fuzz(tool);
    const [r] = report.tools;
    assert.deepEqual(r!.findings.map((f) => [f.rule, f.end, f.args.text.length]), [['timeout', 'hung', 201]], tool);
    assert.match(r!.findings[0]!.message, /got no response within \d+ ms/);
    const hangs = r!.hangs!;
    assert.ok(hangs.classes.includes('text: longer than maxLength 5000'), hangs.classes.join('; '));
    assert.ok(hangs.fullTimeouts >= 1 && hangs.fullTimeouts <= hangs.classes.length, `${tool}: ${hangs.fullTimeouts} full timeouts for ${hangs.classes.length} kinds of input`);
    assert.ok(hangs.deadlineMs < 2000);
    assert.equal(r!.calls + hangs.setAside, 200, 'every run either called or set aside');
    // save_note awaits forever but its server still answers: it keeps its session. tokenize spins: restarted.
    if (tool === 'save_note') assert.equal(report.starts, 1);
    else assert.ok(report.starts > 1, `tokenize's stuck server was started again (${report.starts} starts)`);
    assert.deepEqual(running(marker), [], 'no server process left running');
  }
  const text = await runCli(['fuzz', 'save_note', '--seed', '4', '--runs', '50', '--timeout', '2000', '--', NODE, `${FIXTURES}fuzz/hangs.mjs`], { deadlineMs: 120_000 });
  assert.match(text.stdout, /kinds? of input hung \(.*\): \d calls? waited the full timeout, the rest of those inputs \d+ ms \(learned from the server's answers\)/);
  assert.match(text.stdout, /\(201 characters\)/);
});
