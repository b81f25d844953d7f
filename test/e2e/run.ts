// Runs every test/e2e/*.e2e.ts in a real VS Code (code-server with the packaged VSIX
// installed, fresh per window: its own user data, extensions dir and workspace copy, and a
// page of chromium with nothing stored but the cache) driven through chromium, saving a
// screenshot per step. A window is one test's, or that of the tests that name the same `window`
// (E2eTest.window), one after the other. The VSIX is installed once and chromium started once
// per run; each result line says what each phase took.
//
//   node --import tsx test/e2e/run.ts [--vsix FILE] [--dir DIR] [--grep TEXT] [--timeout MS] [--retries N] [--shard K/N [--queue DIR]]
//
// --shard K/N runs a Kth of the windows (1-based), so that N runs side by side share the tests:
// each has its own code-server run dirs and chromium; the first also checks the VSIX budget.
// With --queue DIR (the same for all N), each takes the next window no other has taken yet,
// so that a shard whose windows ran short takes more (a window is taken by creating its file).
//
// Under CI a failed test runs once more in a fresh VS Code, as Playwright's own CI default does:
// a 2-core runner under load can miss a UI deadline. A pass on retry is printed and counted as
// flaky, never hidden; processes that outlive VS Code are a product bug and are never retried.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { launchSharedBrowser, type SharedBrowser, type WindowPage } from '../harness/browser';
import { runCleanups } from '../harness/cleanup';
import { freePort, installExtensions, startCodeServer, type CodeServer, type CodeServerOptions } from '../harness/codeServer';
import { resultsDir, root, runsDir } from '../harness/paths';
import type { Page } from 'playwright-core';
import type { E2eTest } from './e2eTest';
import { vsixBudget } from './vsixBudget';
import { Workbench } from './workbench';

const { values } = parseArgs({
  options: {
    vsix: { type: 'string' },
    dir: { type: 'string', default: join(root, 'test', 'e2e') },
    grep: { type: 'string' },
    timeout: { type: 'string', default: process.env.MCP_LENS_E2E_TIMEOUT_MS ?? '240000' },
    // Where the counts go; run-all.sh passes a file of its own (the tree is shared).
    results: { type: 'string', default: join(root, 'test-results', 'e2e.json') },
    retries: { type: 'string', default: process.env.CI ? '1' : '0' },
    shard: { type: 'string', default: '1/1' },
    queue: { type: 'string' },
  },
});

/** `--shard K/N`: the Kth of N (1-based). */
function parseShard(text: string): { index: number; count: number } {
  const match = /^(\d+)\/(\d+)$/.exec(text);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) throw new Error(`--shard ${text}: expected K/N with 1 ≤ K ≤ N`);
  return { index, count };
}
const shard = parseShard(values.shard!);
const shardName = shard.count > 1 ? ` (shard ${shard.index}/${shard.count})` : '';

function packageVsix(): string {
  console.log('[e2e] npm run package');
  const result = spawnSync('npm', ['run', '--silent', 'package'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run package failed (${result.status ?? result.signal})`);
  return join(root, 'dist', 'mcp-lens.vsix');
}

/** Tests run in one window: the tests that name the same window, in the order loaded, or one test. */
type WindowTests = E2eTest[];

function windowsOf(tests: readonly E2eTest[]): WindowTests[] {
  const windows: WindowTests[] = [];
  const named = new Map<string, WindowTests>();
  for (const test of tests) {
    const shared = test.window === undefined ? undefined : named.get(test.window);
    if (!shared) {
      windows.push([test]);
      if (test.window !== undefined) named.set(test.window, windows.at(-1)!);
      continue;
    }
    const first = shared[0];
    if (resolve(first.workspace) !== resolve(test.workspace) || first.developmentExtension !== test.developmentExtension) {
      throw new Error(
        `"${test.name}" names window ${test.window} but opens another workspace or development extension than "${first.name}"`,
      );
    }
    shared.push(test);
  }
  return windows;
}

/**
 * This shard's windows without --queue: each goes to the shard with the least work so far (the
 * first of them on a tie), so that every shard, computing the same, takes its own share. A
 * window's start counts like one test, each test after the first like half of one. Tests differ
 * tenfold in length, so shards dealt this way ended 70 s apart; run-all.sh passes --queue.
 */
function shardOf(windows: readonly WindowTests[]): WindowTests[] {
  const load = new Array<number>(shard.count).fill(0);
  return windows.filter((tests) => {
    const least = load.indexOf(Math.min(...load));
    load[least] += 1 + (tests.length - 1) / 2;
    return least === shard.index - 1;
  });
}

/** Every e2e test, those --grep selects (all without it), and the windows this shard may run (all of them with --queue). */
async function loadTests(dir: string): Promise<{ all: E2eTest[]; selected: E2eTest[]; mine: WindowTests[] }> {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.e2e.ts'))
    .sort();
  const tests: E2eTest[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(join(dir, file)).href)) as { tests?: E2eTest[]; default?: { tests?: E2eTest[] } };
    tests.push(...(module.tests ?? module.default?.tests ?? []));
  }
  const selected = tests.filter((t) => !values.grep || t.name.includes(values.grep));
  const windows = windowsOf(selected);
  return { all: tests, selected, mine: values.queue ? windows : shardOf(windows) };
}

/** A test's name as a folder name: its screenshots' and its code-server run's. */
function slugOf(test: E2eTest): string {
  return test.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
}

/** Where a test's screenshots go. */
function shotsDir(test: E2eTest): string {
  return join(resultsDir, 'e2e', slugOf(test));
}

/** Copies the window's MCP Lens output log (the newest) into `dir`; its path, or undefined when there is none. */
function keepExtensionLog(runDir: string, dir: string): string | undefined {
  const logs = join(runDir, 'user-data', 'logs');
  const found = existsSync(logs)
    ? readdirSync(logs, { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith(join('mcp-lens.mcp-lens', 'MCP Lens.log')))
        .sort()
        .at(-1)
    : undefined;
  if (!found) return undefined;
  mkdirSync(dir, { recursive: true });
  const kept = join(dir, 'mcp-lens.log');
  cpSync(join(logs, found), kept);
  return kept;
}

/** A failed attempt's screenshots, moved aside so that the retry does not overwrite them. */
function keepAttempt(test: E2eTest, attempt: number): string {
  const kept = `${shotsDir(test)}.attempt-${attempt + 1}`;
  rmSync(kept, { recursive: true, force: true });
  if (existsSync(shotsDir(test))) renameSync(shotsDir(test), kept);
  return kept;
}

/**
 * The built-in extensions each test's VS Code has: what is on screen (the languages of the
 * example servers and their configs, the default themes and icons), JSON's language features
 * (.vscode/mcp.json), the JavaScript debugger (the dev loop attaches it) and the image preview
 * (a tool result's Open Image). The others start
 * in every window though no test touches them: git, GitHub, emmet, npm, Copilot, notebooks, and
 * TypeScript's language service on the first JavaScript file a test opens. Measured per test:
 * the trace test 16.0 → 13.4 CPU-s, the code-lens test 28.3 → 22.2. The integration suite keeps
 * them all: there MCP Lens runs beside everything VS Code ships.
 */
const BUILTIN_EXTENSIONS = [
  'javascript',
  'typescript-basics',
  'python',
  'json',
  'json-language-features',
  'yaml',
  'markdown-basics',
  'shellscript',
  'log',
  'theme-defaults',
  'theme-seti',
  'ms-vscode.js-debug',
  'media-preview',
];

/** Whether this shard runs window `n`: its own share, or with --queue the first to take it. */
function taken(n: number): boolean {
  if (!values.queue) return true;
  try {
    writeFileSync(join(values.queue, String(n)), String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Server processes left running after VS Code closed: a product bug, never retried. */
class OrphanError extends Error {}

/** Seconds each phase of the last runOne took, printed beside its result. */
let phases: string[] = [];

/** What every window of this run shares: the installed VSIX, chromium, and the port code-server serves on. */
interface Run {
  extensions: string;
  chromium: SharedBrowser;
  /** One origin for every window, so that chromium's cache serves the workbench's scripts to the next. */
  port: number;
}

/** One VS Code: its code-server, the browser page showing it, and the workspace copy it opened. */
interface Window {
  server?: CodeServer;
  browser?: WindowPage;
  page?: Page;
  workspace?: string;
}

/** Starts code-server for `test`, copies its workspace and opens the workbench on it in a fresh browser context. */
async function openWindow(
  test: E2eTest,
  run: Run,
  window: Window,
  workbench: (page: Page, workspace: string) => Workbench,
  phase: (name: string) => void,
): Promise<Workbench> {
  // The tests read exact Messages rows and stderr cards: the probes after Start stay off (probes.test.ts in integration has them on).
  // A built workbench reads extensionDevelopmentPath from the payload only with the smoke-test driver on.
  const options: CodeServerOptions = {
    name: `e2e-${slugOf(test)}`,
    installedExtensions: run.extensions,
    settings: { 'mcpLens.probes.onStart': false },
    // The fixture workspaces' mcp.json find their servers through ${env:MCP_LENS_REPO_ROOT}.
    env: { MCP_LENS_REPO_ROOT: root },
    smokeTestDriver: test.developmentExtension !== undefined,
    builtinExtensions: BUILTIN_EXTENSIONS,
  };
  const server = (window.server = await startCodeServer({ ...options, port: run.port }).catch((error: Error) => {
    // The run's port taken by another process meanwhile: this window does without the cache.
    console.log(`  (code-server on port ${run.port} did not start: ${error.message.split('\n')[0]}; this window takes another port)`);
    return startCodeServer(options);
  }));
  phase('code-server');
  const workspace = (window.workspace = join(server.runDir, 'workspace'));
  // The example's installed dependencies are linked, not copied (tens of MB per test).
  const source = resolve(test.workspace);
  cpSync(source, workspace, { recursive: true, filter: (from) => from !== join(source, 'node_modules') });
  if (existsSync(join(source, 'node_modules'))) symlinkSync(join(source, 'node_modules'), join(workspace, 'node_modules'), 'dir');
  phase('workspace');
  window.browser = await run.chromium.newWindow(server.url);
  phase('browser');
  const page = (window.page = window.browser.page);
  page.setDefaultTimeout(60_000);
  const opened = workbench(page, workspace);
  const payload: [string, string][] = [['skipWelcome', 'true']];
  if (test.developmentExtension) payload.push(['extensionDevelopmentPath', server.remoteUri(test.developmentExtension)]);
  await page.goto(server.workbenchUrl(workspace, payload));
  await opened.waitForReady();
  phase('workbench');
  return opened;
}

/** Closes the window's browser context and stops its code-server; fails when a server process outlived it. */
async function closeWindow(window: Window, phase: (name: string) => void): Promise<void> {
  await window.browser?.close();
  phase('context close');
  const strays = (await window.server?.stop()) ?? [];
  phase('stop');
  // Closing VS Code must end every server the extension started (issue 3: no orphans).
  if (strays.length > 0) throw new OrphanError(`processes outlived VS Code:\n        ${strays.join('\n        ')}`);
}

/**
 * Runs `test` in `shared` (the window the test before it left open) or in a window of its own,
 * and returns the window when the next test is to go on in it (`keepOpen`, and this test passed).
 */
async function runOne(test: E2eTest, run: Run, shared: Window | undefined, keepOpen: boolean): Promise<Window | undefined> {
  phases = [];
  let mark = Date.now();
  const phase = (name: string) => {
    const now = Date.now();
    phases.push(`${name} ${((now - mark) / 1000).toFixed(1)}`);
    mark = now;
  };
  const window: Window = shared ?? {};
  const make = (page: Page, workspace: string) => new Workbench(page, shotsDir(test), workspace);
  let workbench: Workbench | undefined;
  let passed = false;
  try {
    if (shared) {
      workbench = make(shared.page!, shared.workspace!);
      await workbench.closeWhatIsOpen();
      phase('tidy');
    } else {
      workbench = await openWindow(test, run, window, make, phase);
    }
    const timeoutMs = Number(values.timeout);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      test.run(workbench),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`did not finish within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]).finally(() => clearTimeout(timer));
    phase('test');
    passed = true;
  } catch (error) {
    phase('until the failure');
    const shot = await workbench?.shot('failure').catch(() => undefined);
    // The retry reuses the run folder: the failed attempt's MCP Lens log goes beside its screenshots.
    const log = window.server && keepExtensionLog(window.server.runDir, shotsDir(test));
    const where = `${window.server ? `; code-server log ${window.server.logFile}` : ''}${log ? `; MCP Lens log ${log}` : ''}`;
    throw new Error(`${(error as Error).message}${shot ? `\n      screenshot ${shot}` : ''}${where}`, { cause: error });
  } finally {
    if (!passed || !keepOpen) await closeWindow(window, phase);
  }
  return window;
}

interface Counts {
  passed: number;
  failed: number;
  /** Tests that exist but did not run (left out by --grep). */
  skipped: number;
  /** Tests that failed once and passed on retry (counted in `passed` too). */
  flaky: string[];
}

async function main(): Promise<Counts> {
  const { all, selected, mine: windows } = await loadTests(resolve(values.dir!));
  if (values.queue) mkdirSync(values.queue, { recursive: true });
  if (selected.length === 0)
    throw new Error(`no e2e tests in ${values.dir}${values.grep ? ` matching ${JSON.stringify(values.grep)}` : ''}`);
  const vsix = values.vsix ? resolve(values.vsix) : packageVsix();
  const retries = Number(values.retries);
  let passed = 0;
  let failed = 0;
  // The VSIX is one: the first shard checks its budget, and counts what --grep left out.
  const first = shard.index === 1;
  if (first) {
    const budget = vsixBudget(vsix);
    console.log(`  ${budget.line}`);
    if (budget.ok) passed += 1;
    else failed += 1;
  }
  const flaky: string[] = [];
  // Set up once for the whole run: the VSIX installed (each window's VS Code gets a copy of the
  // extensions dir), chromium (each window a page of it, nothing stored kept but the cache) and
  // the port every window's code-server serves on (one origin, so the cache serves them all).
  const extensions = installExtensions('e2e-extensions', [vsix]);
  const profile = join(runsDir, `e2e-chromium.${process.pid}`);
  const chromium = await launchSharedBrowser(profile);
  const run: Run = { extensions, chromium, port: await freePort() };
  for (const [n, windowTests] of windows.entries()) {
    if (!taken(n)) continue;
    // The window the test before left open for the next one; a failure closes it.
    let open: Window | undefined;
    for (const [i, test] of windowTests.entries()) {
      const keepOpen = i < windowTests.length - 1;
      for (let attempt = 0; ; attempt += 1) {
        const started = Date.now();
        const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
        const shared = open;
        open = undefined;
        try {
          open = await runOne(test, run, shared, keepOpen);
          passed += 1;
          if (attempt > 0) flaky.push(test.name);
          console.log(
            `  ✔ ${test.name} (${seconds()} s: ${phases.join(', ')})${attempt > 0 ? ` — flaky: passed on attempt ${attempt + 1}` : ''}`,
          );
          break;
        } catch (error) {
          const retry = attempt < retries && !(error instanceof OrphanError);
          const kept = retry ? `\n      this attempt's screenshots: ${keepAttempt(test, attempt)}` : '';
          console.log(
            `  ✘ ${test.name} (${seconds()} s: ${phases.join(', ')})${retry ? ' — running it once more' : ''}\n      ${(error as Error).message}${kept}`,
          );
          if (!retry) {
            failed += 1;
            break;
          }
        }
      }
    }
  }
  await chromium.close();
  rmSync(profile, { recursive: true, force: true });
  return { passed, failed, skipped: first ? all.length - selected.length : 0, flaky };
}

main()
  .catch((error: Error) => {
    console.error(`[e2e] ${error.stack ?? error.message}`);
    return { passed: 0, failed: 1, skipped: 0, flaky: [] };
  })
  .then(async ({ passed, failed, skipped, flaky }: Counts) => {
    await runCleanups();
    mkdirSync(dirname(values.results!), { recursive: true });
    writeFileSync(values.results!, JSON.stringify({ passed, failed, skipped }));
    if (flaky.length > 0) console.log(`[e2e] flaky (passed on retry): ${flaky.join('; ')}`);
    console.log(
      `[e2e${shardName}] ${passed} passed, ${failed} failed, ${skipped} skipped${flaky.length > 0 ? ` (${flaky.length} flaky)` : ''}; screenshots in ${join(resultsDir, 'e2e')}`,
    );
    process.exit(failed === 0 ? 0 : 1);
  });
