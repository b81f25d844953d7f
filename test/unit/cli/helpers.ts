import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleForNode } from '../bundle';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const CLI = `${ROOT}dist/cli.js`;
/** The bundle the command runs (src/cli/bin.ts). */
export const CLI_MAIN = `${ROOT}dist/cli-main.js`;
export const FIXTURES = `${ROOT}test/fixtures/servers/`;
export const NODE = process.execPath;

/** The bundles buildCli makes: entry (from the repository root), outfile, banner, minified. */
const CLI_BUNDLES: [string, string, string?, boolean?][] = [
  ['src/cli/bin.ts', CLI, '#!/usr/bin/env node'],
  ['src/cli/main.ts', CLI_MAIN],
  ['src/cli/record/worker.ts', `${ROOT}dist/recorder.js`],
  ['src/core/tokens/toolTokens.ts', `${ROOT}dist/tokenizer.js`],
  ['src/cli/eval/aiSdkModel.ts', `${ROOT}dist/eval-models.js`, undefined, true],
  ['src/core/preload/node-preload.ts', `${ROOT}dist/preload/node-preload.js`],
];

/**
 * What the last build was made from and what it wrote, each file with its mtime: a later
 * buildCli whose files all still carry those mtimes has nothing to rebuild. About sixty test
 * files call buildCli; bundling again in each cost seconds of CPU per file.
 */
const CLI_STAMP = `${ROOT}dist/.unit-cli-stamp.json`;

let building: Promise<void> | undefined;

/**
 * Builds dist/cli.js (the command) and dist/cli-main.js (the bundle it runs), the record proxy's recorder thread (dist/recorder.js), the tokenizer
 * the CLI requires beside it (dist/tokenizer.js), the AI SDK bundle `eval` requires (dist/eval-models.js) and the Node preload it gives servers (their
 * stray writes' source lines) exactly as esbuild.config.mjs does (those
 * entries alone, so another bundle's build error cannot fail these tests). Written then renamed: test files build in parallel and a reader must never
 * see half a file. Once per test process, and not at all while no source or output changed
 * since the last build (CLI_STAMP): a stage of test files builds once.
 */
export function buildCli(): Promise<void> {
  building ??= upToDate(CLI_STAMP) ? Promise.resolve() : rebuildCli();
  return building;
}

async function rebuildCli(): Promise<void> {
  const built = async ([entry, outfile, banner, minify]: [string, string, string?, boolean?]) => {
    const tmp = `${outfile}.${process.pid}.tmp`;
    const inputs = await bundleForNode(entry, tmp, banner, minify);
    renameSync(tmp, outfile);
    return inputs.map((input) => resolve(input));
  };
  const inputs = (await Promise.all(CLI_BUNDLES.map(built))).flat();
  writeStamp(CLI_STAMP, [...new Set(inputs), ...CLI_BUNDLES.map(([, outfile]) => outfile)]);
}

/** Records each file's mtime (written then renamed, as the bundles are). */
function writeStamp(stamp: string, files: string[]): void {
  const tmp = `${stamp}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(Object.fromEntries(files.map((file) => [file, statSync(file).mtimeMs]))));
  renameSync(tmp, stamp);
}

/** Whether every file the stamp names still has the mtime it recorded (a missing file or stamp: no). */
function upToDate(stamp: string): boolean {
  try {
    const files = JSON.parse(readFileSync(stamp, 'utf8')) as Record<string, number>;
    return Object.entries(files).every(([file, mtimeMs]) => statSync(file, { throwIfNoEntry: false })?.mtimeMs === mtimeMs);
  } catch {
    return false;
  }
}

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI to completion (killed after `deadlineMs`, which fails the test loudly). */
export function runCli(args: string[], options: { input?: string | Buffer; env?: Record<string, string>; deadlineMs?: number } = {}): Promise<CliRun> {
  const child = startCli(args, options.env);
  return finish(child, options.input, options.deadlineMs ?? 60_000);
}

/** Each run gets a token cache of its own (a test that shares one says so with MCP_LENS_CACHE_DIR): never the user's. */
let caches: string | undefined;
let runs = 0;
function freshCacheDir(): string {
  if (!caches) {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-lens-cli-cache-'));
    caches = dir;
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  return join(caches, String(++runs));
}

export function startCli(args: string[], env: Record<string, string> = {}): ChildProcessWithoutNullStreams {
  return spawn(NODE, [CLI, ...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1', MCP_LENS_CACHE_DIR: freshCacheDir(), ...env }, stdio: 'pipe' });
}

export function finish(child: ChildProcessWithoutNullStreams, input: string | Buffer | undefined, deadlineMs: number): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`mcp-lens did not finish within ${deadlineMs} ms; stderr: ${Buffer.concat(err).toString()}`));
    }, deadlineMs);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') });
    });
    if (input !== undefined) child.stdin.end(input);
  });
}

/** Whether a process of that pid runs (signal 0 only asks). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Polls `check` until it holds or the deadline passes (never a fixed sleep). */
export async function waitFor(check: () => boolean, what: string, deadlineMs = 15_000): Promise<void> {
  const until = Date.now() + deadlineMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The JSON report of `--json`: exactly one object on stdout. */
export function report(run: CliRun): Record<string, any> {
  return JSON.parse(run.stdout) as Record<string, any>;
}

/**
 * Plays a well-behaved host through `mcp-lens record`: the first line (initialize), then,
 * once its answer is back, the rest; then closes stdin.
 */
export async function hostThroughRecord(args: string[], lines: string[]): Promise<CliRun> {
  const child = startCli(args);
  let seen = '';
  child.stdout.on('data', (c: Buffer) => (seen += c.toString('utf8')));
  const done = finish(child, undefined, 30_000);
  child.stdin.write(lines[0] + '\n');
  await waitFor(() => seen.includes('\n'), 'the answer to the first line');
  child.stdin.end(lines.slice(1).map((l) => l + '\n').join(''));
  return done;
}
