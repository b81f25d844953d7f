// The suite entry VS Code loads from `extensionTestsPath` (both under code-server's smoke-test
// driver and under @vscode/test-electron): it runs every *.test.js bundled beside it.
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Mocha from 'mocha';
import * as vscode from 'vscode';

export async function run(): Promise<void> {
  // Under CI a failed test runs once more (a 2-core runner under load can miss a deadline); the
  // retry and its first failure are printed, and a pass on retry is listed as flaky, never hidden.
  const retries = process.env.CI ? 1 : 0;
  const mocha = new Mocha({ ui: 'tdd', color: false, reporter: 'spec', timeout: 60_000, slow: 10_000, retries });
  if (process.env.MCP_LENS_TEST_GREP) mocha.grep(process.env.MCP_LENS_TEST_GREP);
  const files = readdirSync(__dirname).filter((file) => file.endsWith('.test.js')).sort();
  for (const file of files) mocha.addFile(join(__dirname, file));
  await mocha.loadFilesAsync();
  // Each file's suite leaves the window as it found it, as the e2e runner's tidy step does between
  // tests: panels a suite opened stayed open for all the suites after it (nine editor groups of
  // tool panels by the Messages view's flood, whose every redraw laid them all out again).
  // Housekeeping gets a generous bound: right after the Messages view's 100 000-notification
  // flood a loaded 2-core runner took over 60 s to close them (ci56), which failed no assertion.
  for (const suite of mocha.suite.suites) {
    suite.afterAll('close the editors it opened', async function () {
      this.timeout(180_000);
      await vscode.commands.executeCommand('workbench.action.closeAllGroups');
    });
  }
  console.log(`integration-start ${files.length} file(s) in ${vscode.env.appName} ${vscode.version}`);

  const retried = new Set<string>();
  const flaky: string[] = [];
  const stats = await new Promise<Mocha.Stats>((resolve) => {
    const runner = mocha.run(() => resolve(runner.stats ?? { passes: 0, failures: 1 } as Mocha.Stats));
    runner.on(Mocha.Runner.constants.EVENT_TEST_RETRY, (test: Mocha.Test, error: Error) => {
      retried.add(test.fullTitle());
      console.log(`  ↻ ${test.fullTitle()} failed, running it once more: ${error?.message ?? error}`);
    });
    runner.on(Mocha.Runner.constants.EVENT_TEST_PASS, (test: Mocha.Test) => {
      if (retried.has(test.fullTitle())) flaky.push(test.fullTitle());
    });
  });
  if (flaky.length > 0) console.log(`integration flaky (passed on retry): ${flaky.join('; ')}`);
  // One line the runners parse for the totals; mocha's own summary is printed above it.
  // Pending (skipped) tests are counted too: a summary that drops them overstates what ran.
  const result = JSON.stringify({ passed: stats.passes, failed: stats.failures, skipped: stats.pending });
  console.log(`integration-result ${result}`);
  if (process.env.MCP_LENS_RESULTS_FILE) writeFileSync(process.env.MCP_LENS_RESULTS_FILE, result);
  if (stats.failures > 0) throw new Error(`${stats.failures} integration test(s) failed`);
  if (stats.passes === 0) throw new Error(`no integration test ran (files: ${files.join(', ') || 'none'})`);
}
