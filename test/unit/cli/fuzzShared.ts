// What the `mcp-lens fuzz` tests share: the fixtures, the report's shape, how a crash shows
// over each transport, and the tests every transport runs (fuzz.test.ts over stdio,
// fuzzHttp.test.ts over Streamable HTTP: two files, so that the two halves run side by side).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { NODE, FIXTURES, runCli, waitFor } from './helpers';
import { HTTP, STDIO, type Transport } from '../transport/transports';
import { assertValidJunit, assertValidSarif } from './reportSchemas';

export const FAULTS = `${FIXTURES}fuzz/faults.mjs`;
export const CORRECT = `${FIXTURES}fuzz/correct.mjs`;

export interface Report {
  seed: number;
  starts: number;
  tools: { tool: string; skipped?: string; calls: number; findings: { rule: string; args: unknown; valid: boolean; end: string; message: string }[] }[];
  saved?: { file: string; tests: string[] };
}

/** Processes whose command line holds `marker`: a run must leave none. */
export function running(marker: string): string[] {
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

/** The tests every transport runs. */
export function transportTests(t: Transport): void {
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
