/**
 * Saved calls in VS Code's Test Explorer (DESIGN.md §5.10): Run and Debug profiles, failures
 * as expected-vs-actual diffs at the test's line, Update Snapshot on a test or on its failure,
 * and the tests of a server run again after the dev loop restarts it on save.
 */
import * as vscode from 'vscode';
import type { Log } from '../log';
import type { ServerRegistry } from '../serverRegistry';
import { saveAsTest } from './saveAsTest';
import { TestRuns } from './testRuns';
import { TestTree } from './testTree';
import { runNow, updateSnapshots } from './updateSnapshots';

export const TESTING_COMMANDS = {
  updateSnapshot: 'mcpLens.tests.updateSnapshot',
  /** The rows and each test's newest outcome, as plain data (integration tests). */
  describe: 'mcpLens.tests.describe',
  /** `{server, tool, arguments, result}`: writes the call into the server's test file. */
  saveCall: 'mcpLens.tests.saveCall',
} as const;

export function registerTesting(registry: ServerRegistry, log: Log): vscode.Disposable[] {
  const controller = vscode.tests.createTestController('mcpLens.tests', 'MCP Lens');
  const tree = new TestTree(controller);
  const runs = new TestRuns(controller, tree, registry, log);
  const runProfile = controller.createRunProfile(
    'Run',
    vscode.TestRunProfileKind.Run,
    (request, token) => runs.run(request, 'run', token),
    true,
  );
  const debugProfile = controller.createRunProfile(
    'Debug',
    vscode.TestRunProfileKind.Debug,
    (request, token) => runs.run(request, 'debug', token),
    true,
  );
  controller.refreshHandler = () => tree.discover();
  // Opening the Test Explorer looks again: a file written before the watcher was listening
  // (right after start-up) is found then, not only after a manual refresh.
  controller.resolveHandler = (item) => (item ? undefined : tree.discover());
  void tree.discover();

  const snapshots = { tree, runs, runProfile };

  const onRestart = registry.onDidRestart((e) => {
    // Only restarts the dev loop made on save ("saving tools.json", restartOnSave.ts) that came up:
    // not the restart into the debugger, which a Debug run makes itself.
    if (
      !e.outcome.ok ||
      !e.reason?.startsWith('saving ') ||
      !vscode.workspace.getConfiguration('mcpLens').get<boolean>('tests.runAfterRestart', true)
    )
      return;
    // The affected tests: those of this server already run in this window (never a surprise run).
    const files = tree.filesOf(e.entry.name).filter((f) => tree.testsUnder(f).some((t) => runs.outcomes.has(t.id)));
    if (files.length) void runNow(snapshots, files);
  });

  return [
    controller,
    tree,
    runProfile,
    debugProfile,
    onRestart,
    vscode.commands.registerCommand(TESTING_COMMANDS.updateSnapshot, (arg?: Parameters<typeof updateSnapshots>[1]) =>
      updateSnapshots(snapshots, arg),
    ),
    vscode.commands.registerCommand(TESTING_COMMANDS.saveCall, async (call: Parameters<typeof saveAsTest>[1]) => {
      const saved = await saveAsTest(registry, call, tree.filesOf(call.server)[0]?.uri);
      if (saved) await tree.load(vscode.Uri.file(saved.file));
      return saved;
    }),
    vscode.commands.registerCommand(TESTING_COMMANDS.describe, () => ({
      tests: tree
        .allTests()
        .map((t) => ({ id: t.id, label: t.label, line: (t.range?.start.line ?? -1) + 1, outcome: runs.outcomes.get(t.id) })),
    })),
  ];
}
