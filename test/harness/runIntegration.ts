// Runs the mocha suite in test/integration inside a real VS Code extension host, offline:
// code-server with VS Code's smoke-test driver, opened by chromium with a test payload —
// the method VS Code uses for its own browser integration tests (VSCODE-TESTING.md).
//
//   node --import tsx test/harness/runIntegration.ts [--workspace DIR] [--extension DIR]
//        [--suite FILE.js] [--grep TEXT] [--timeout MS]
import { cpSync, createWriteStream, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { format, parseArgs } from 'node:util';
import { launchBrowser, type Browser } from './browser';
import { runCleanups } from './cleanup';
import { startCodeServer, type CodeServer } from './codeServer';
import { playSignInPerson } from './signInPerson';
import { resultsDir, root, SCRIPTED_MODEL_EXTENSION } from './paths';
// @ts-expect-error plain .mjs shared with runElectron and npm scripts
import { buildIntegration } from './buildIntegration.mjs';

const { values } = parseArgs({
  options: {
    workspace: { type: 'string', default: join(root, 'test', 'integration', 'workspaces', 'servers') },
    extension: { type: 'string', default: root },
    suite: { type: 'string' },
    grep: { type: 'string' },
    timeout: { type: 'string', default: process.env.MCP_LENS_INTEGRATION_TIMEOUT_MS ?? '1500000' },
    name: { type: 'string', default: 'integration' },
    // Where the counts go; run-all.sh passes a file of its own (the tree is shared).
    results: { type: 'string', default: join(root, 'test-results', 'integration.json') },
  },
});

const WORKBENCH_NOISE = /^\[(AgentHost[^\]]*|ChatModelSelection|AccountPolicyGate|Service Worker)\]|open-vsx\.org|^\s+at .*workbench\.js/;

/**
 * MCP Lens and, beside it, a language model registered through the chat-provider API
 * (evals.test.ts), as one development folder: code-server loads a single
 * extensionDevelopmentPath (a second one in the payload replaces the first), and a folder
 * without a package.json is scanned for the extensions in it.
 */
function developmentExtensions(runDir: string, extension: string): string {
  const dir = join(runDir, 'development-extensions');
  mkdirSync(dir, { recursive: true });
  symlinkSync(extension, join(dir, 'mcp-lens'), 'dir');
  symlinkSync(SCRIPTED_MODEL_EXTENSION, join(dir, 'scripted-model'), 'dir');
  return dir;
}

interface Outcome { code: number; passed: number; failed: number; skipped: number; reason?: string }

async function main(): Promise<Outcome> {
  const started = Date.now();
  const suite = values.suite ? resolve(values.suite) : ((await buildIntegration()) as string);
  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  let counts = { passed: 0, failed: 0, skipped: 0 };
  try {
    server = await startCodeServer({
      name: values.name!,
      smokeTestDriver: true,
      // The suites read exact traces and Problems; probes.test.ts turns the probes after Start on for itself.
      settings: { 'mcpLens.probes.onStart': false },
      env: {
        // Tests find fixture servers and the repo through these, wherever the workspace lives.
        MCP_LENS_REPO_ROOT: root,
        ...(values.grep ? { MCP_LENS_TEST_GREP: values.grep } : {}),
        ...(process.env.CI ? { CI: process.env.CI } : {}),
      },
    });
    // Tests edit config files, so they get a copy; the fixture in git stays as it is.
    const workspace = join(server.runDir, 'workspace');
    cpSync(resolve(values.workspace!), workspace, { recursive: true });

    browser = await launchBrowser(server.runDir);
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    let resolveExit!: (code: number) => void;
    const exited = new Promise<number>((r) => (resolveExit = r));
    // Everything the workbench logs goes to a file; the terminal shows the suite's own output
    // (from its start marker on) without the workbench's chatter about sign-in and chat.
    const workbenchLog = createWriteStream(join(server.runDir, 'workbench.log'));
    let suiteStarted = false;
    await page.exposeFunction('codeAutomationLog', (type: string, args: unknown[]) => {
      const text = format(...(Array.isArray(args) ? args : [args]));
      workbenchLog.write(`[${type}] ${text}\n`);
      if (text.startsWith('integration-start')) suiteStarted = true;
      const marker = /^integration-result (\{.*\})$/m.exec(text);
      if (marker) counts = { ...counts, ...(JSON.parse(marker[1]) as Partial<typeof counts>) };
      else if (suiteStarted && !WORKBENCH_NOISE.test(text)) (type === 'error' ? process.stderr : process.stdout).write(`${text}\n`);
    });
    await page.exposeFunction('codeAutomationExit', (code: number) => resolveExit(code));
    page.on('pageerror', (error) => console.error(`[workbench] ${error.message}`));
    // Pages the extension opens in the browser (sign-in): the person plays their part there.
    playSignInPerson(browser.context, page, (line) => console.log(line));

    const payload: [string, string][] = [
      ['extensionDevelopmentPath', server.remoteUri(developmentExtensions(server.runDir, resolve(values.extension!)))],
      ['extensionTestsPath', server.remoteUri(suite.replace(/\.js$/, ''))],
      ['skipWelcome', 'true'],
    ];
    await page.goto(server.workbenchUrl(workspace, payload));
    console.log(`[harness] workbench opened on ${workspace} (${Date.now() - started} ms)`);

    const timeoutMs = Number(values.timeout);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the suite did not finish within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      const code = await Promise.race([exited, deadline]);
      return { code, ...counts };
    } catch (error) {
      const shot = join(resultsDir, 'integration', 'timeout.png');
      mkdirSync(join(resultsDir, 'integration'), { recursive: true });
      await page.screenshot({ path: shot }).catch(() => undefined);
      const why = `${(error as Error).message}; screenshot ${shot}, workbench log ${join(server.runDir, 'workbench.log')}`;
      return { code: 1, ...counts, failed: Math.max(1, counts.failed), reason: why };
    } finally {
      clearTimeout(timer);
    }
  } finally {
    await browser?.close();
    const strays = (await server?.stop()) ?? [];
    console.log(`[harness] integration run took ${((Date.now() - started) / 1000).toFixed(1)} s`);
    outlived = strays;
  }
}

/** Processes that outlived code-server; closing VS Code must end every server it started. */
let outlived: string[] = [];

main()
  .catch((error: Error): Outcome => ({ code: 1, passed: 0, failed: 1, skipped: 0, reason: error.stack ?? error.message }))
  .then(async (outcome) => {
    await runCleanups();
    if (outlived.length > 0) {
      outcome.code = 1;
      outcome.failed += 1;
      console.error(`[harness] processes outlived VS Code (orphans):\n    ${outlived.join('\n    ')}`);
    }
    if (outcome.reason) console.error(`[harness] integration failed: ${outcome.reason}`);
    // A suite that exits non-zero without reporting counts still counts as a failure.
    if (outcome.code !== 0 && outcome.failed === 0) outcome.failed = 1;
    mkdirSync(dirname(values.results!), { recursive: true });
    writeFileSync(values.results!, JSON.stringify({ passed: outcome.passed, failed: outcome.failed, skipped: outcome.skipped }));
    console.log(`[harness] integration: ${outcome.passed} passed, ${outcome.failed} failed, ${outcome.skipped} skipped (exit ${outcome.code})`);
    process.exit(outcome.code === 0 ? 0 : 1);
  });
