import { readdir, readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { preparePreload } from '../../core/preload/run';
import { runTestFile, type FileResult, type TestResult } from '../../core/testing/runner';
import { serverSpecFor } from '../../core/testing/serverSpec';
import { snapshotUpdates, writeSnapshots } from '../../core/testing/snapshots';
import { parseTestFile, TEST_FILE_SUFFIX, type TestFile } from '../../core/testing/testFile';
import type { ClientOptions, HttpServerSpec, ServerSpec } from '../../core/session/client';
import type { TestArgs } from './testArgs';
import type { Output } from '../output';
import type { Style } from '../style';
import { junitXml, type SuiteInput } from '../testReports/junit';
import { sarifLog } from '../testReports/sarif';
import { isRemote } from '../serverTarget';
import { version } from '../version';
import { clientOptions, clientSpec } from './session';

/**
 * `mcp-lens test`: every saved call of every test file, one server session per file; the
 * results on stdout (or --json), JUnit and SARIF files for CI. Exit 1 when a test fails or a
 * file cannot run.
 */
export async function runTests(args: TestArgs, io: Output): Promise<number> {
  const files = args.files.length ? args.files : await findFiles(process.cwd(), TEST_FILE_SUFFIX);
  if (files.length === 0) {
    io.err(`mcp-lens test: no *${TEST_FILE_SUFFIX} files under ${process.cwd()}`);
    return 1;
  }
  const suites: SuiteInput[] = [];
  for (const name of files) {
    const suite = await runOne(name, args, io);
    suites.push(suite);
    if (!args.json) io.out(suiteLines(suite, io.outStyle).join('\n'));
  }
  if (args.junit) await writeFile(args.junit, junitXml(suites));
  if (args.sarif)
    await writeFile(
      args.sarif,
      `${JSON.stringify(
        sarifLog(suites, version, (file) => uriFor(file)),
        null,
        2,
      )}\n`,
    );
  const failed = suites.reduce((n, s) => n + s.result.tests.filter((t) => t.status === 'failed').length, 0);
  const passed = suites.reduce((n, s) => n + s.result.tests.filter((t) => t.status === 'passed').length, 0);
  const broken = suites.filter((s) => s.result.problems.length > 0).length;
  if (args.json) {
    io.out(JSON.stringify({ passed, failed, files: suites.map(jsonSuite) }));
  } else {
    const s = io.outStyle;
    io.out(
      `\n${s.green(`${passed} passed`)}, ${failed ? s.red(`${failed} failed`) : '0 failed'}${broken ? `, ${s.red(`${broken} file${broken === 1 ? '' : 's'} could not run`)}` : ''}`,
    );
  }
  return failed || broken ? 1 : 0;
}

async function runOne(name: string, args: TestArgs, io: Output): Promise<SuiteInput> {
  let text: string;
  try {
    text = await readFile(name, 'utf8');
  } catch (error) {
    const message = `cannot read the test file: ${(error as Error).message}`;
    return {
      name,
      server: path.basename(name),
      result: { path: path.resolve(name), tests: [], problems: [{ line: 1, message }], diagnostics: [], events: [] },
    };
  }
  const file = parseTestFile(path.resolve(name), text);
  const server = serverLabel(file, args);
  if (file.tests.length === 0)
    return {
      name,
      server,
      result: {
        path: file.path,
        tests: [],
        problems: file.problems.length ? file.problems : [{ line: 1, message: 'the file has no tests' }],
        diagnostics: [],
        events: [],
      },
    };
  const spec = await specFor(file, args);
  if (!spec.ok)
    return {
      name,
      server,
      result: { path: file.path, tests: [], problems: [...file.problems, { line: 1, message: spec.message }], diagnostics: [], events: [] },
    };
  const timeoutMs = file.timeoutMs ?? args.timeoutMs;
  // An override (-- CMD, --url) connects as check and call do (its --client-profile, --auth); a file's own server as mcp-lens.
  const options: ClientOptions = args.server
    ? clientOptions(args.server, timeoutMs)
    : { clientInfo: { name: 'mcp-lens', version }, requestTimeoutMs: timeoutMs };
  const result =
    'url' in spec.spec ? await runTestFile(file, spec.spec, { client: options }) : await runStdio(file, spec.spec, options, io);
  if (args.updateSnapshots) await updateSnapshots(file, text, result);
  return { name, server, result };
}

/** A stdio server runs with the stray-stdout preload, which names the source line of a stray write (SARIF places it there). */
async function runStdio(file: TestFile, spec: ServerSpec, options: ClientOptions, io: Output): Promise<FileResult> {
  const preload = preparePreload(spec, true, (message) => io.err(`mcp-lens test: ${message}`));
  return runTestFile(file, spec, {
    client: { ...options, transport: preload.transport },
    onClient: (client) => preload.attach(client.trace),
    afterClose: () => preload.finish(),
  });
}

/** Rewrites the snapshots that failed; a test that failed only its snapshot then passes. */
async function updateSnapshots(file: TestFile, text: string, result: FileResult): Promise<void> {
  const stale = result.tests.filter((t) => t.failures.some((f) => f.check === 'snapshot'));
  if (stale.length === 0) return;
  const updates = snapshotUpdates(file.tests, new Map(stale.map((t) => [t.name, t.result])));
  await writeFile(file.path, writeSnapshots(text, updates));
  for (const t of stale) {
    t.failures = t.failures.filter((f) => f.check !== 'snapshot');
    t.snapshotUpdated = true;
    if (t.failures.length === 0) t.status = 'passed';
  }
}

async function specFor(
  file: TestFile,
  args: TestArgs,
): Promise<{ ok: true; spec: ServerSpec | HttpServerSpec } | { ok: false; message: string }> {
  if (args.server) return { ok: true, spec: clientSpec(args.server) };
  return serverSpecFor(file);
}

function serverLabel(file: TestFile, args: TestArgs): string {
  if (args.server) return isRemote(args.server) ? args.server.url : path.basename(args.server.command);
  // A file that starts its own command is named after itself (weather.mcptest.json → weather).
  return file.server && 'name' in file.server ? file.server.name : path.basename(file.path, TEST_FILE_SUFFIX);
}

/** Every file below `root` whose name ends in `suffix`, skipping dependencies and VCS folders, in a stable order. */
export async function findFiles(root: string, suffix: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith(suffix))
    .map((e) => path.relative(root, path.join(e.parentPath ?? e.path, e.name)))
    .filter((p) => !p.split(path.sep).some((part) => part === 'node_modules' || part === '.git'))
    .sort();
}

/** SARIF wants URIs: relative to the working folder (they resolve against the checkout in CI), else file URLs. */
function uriFor(file: string): string {
  const relative = path.relative(process.cwd(), file);
  if (!relative || relative.startsWith('..') || path.isAbsolute(relative)) return pathToFileURL(file).href;
  return relative.split(path.sep).map(encodeURIComponent).join('/');
}

function suiteLines(suite: SuiteInput, s: Style): string[] {
  const lines = [s.bold(`${suite.name} (${suite.server})`)];
  for (const p of suite.result.problems) lines.push(s.red(`  ✗ ${suite.name}:${p.line}: ${p.message}`));
  for (const t of suite.result.tests) lines.push(...testLines(suite.name, t, s));
  return lines;
}

function testLines(file: string, t: TestResult, s: Style): string[] {
  const ms = s.dim(`${Math.round(t.durationMs)} ms`);
  if (t.status === 'passed')
    return [`  ${s.green('✓')} ${t.name} ${s.dim(`(${t.tool})`)} ${ms}${t.snapshotUpdated ? s.yellow(' snapshot updated') : ''}`];
  const lines = [`  ${s.red('✗')} ${t.name} ${s.dim(`(${t.tool})`)} ${ms} ${s.dim(`${file}:${t.line}`)}`];
  for (const f of t.failures) {
    lines.push(`      ${f.message}`);
    if (f.expected !== undefined && f.actual !== undefined && f.check !== 'text') {
      lines.push(s.dim('      expected:'), ...indent(f.expected, s.green), s.dim('      actual:'), ...indent(f.actual, s.red));
    }
  }
  return lines;
}

function indent(text: string, colour: (t: string) => string): string[] {
  return text.split('\n').map((l) => colour(`        ${l}`));
}

function jsonSuite(s: SuiteInput): Record<string, unknown> {
  return {
    file: s.name,
    server: s.server,
    problems: s.result.problems,
    tests: s.result.tests.map(({ name, tool, line, status, durationMs, failures, snapshotUpdated, diagnostics }) => ({
      name,
      tool,
      line,
      status,
      durationMs,
      failures,
      ...(snapshotUpdated ? { snapshotUpdated } : {}),
      diagnostics: diagnostics.map((d) => ({ rule: d.rule, severity: d.severity, message: d.message })),
    })),
    diagnostics: s.result.diagnostics.map(({ rule, severity, stage, message, evidence }) => ({ rule, severity, stage, message, evidence })),
  };
}
