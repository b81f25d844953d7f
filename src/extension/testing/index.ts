/**
 * Saved calls in VS Code's Test Explorer (DESIGN.md §5.10): Run and Debug profiles, failures
 * as expected-vs-actual diffs at the test's line, Update Snapshot on a test or on its failure,
 * and the tests of a server run again after the dev loop restarts it on save.
 */
import * as vscode from 'vscode';
import { writeSnapshots } from '../../core/testing/snapshots';
import { parseTestFile } from '../../core/testing/testFile';
import type { Log } from '../log';
import type { ServerRegistry } from '../serverRegistry';
import { say, showInfo } from '../shown';
import { saveAsTest } from './saveAsTest';
import { TestRuns } from './testRuns';
import { TestTree } from './testTree';

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

  /** Writes each test's newest result as its snapshot, then runs them again to show them green. */
  /** From a test's context menu (the item), a failure's (`{test, message}`), or by id. */
  async function updateSnapshots(arg: vscode.TestItem | { test: vscode.TestItem } | string | undefined): Promise<number> {
    const item =
      typeof arg === 'string'
        ? tree.itemById(arg)
        : arg && 'test' in arg && !('id' in arg)
          ? arg.test
          : (arg as vscode.TestItem | undefined);
    if (!item) return 0;
    const tests = tree.testsUnder(item);
    const missing = tests.filter((t) => !runs.lastResults.has(t.id));
    // A test not run in this window has no result to accept yet: run it first.
    if (missing.length)
      await runs.run(new vscode.TestRunRequest(missing, undefined, runProfile), 'run', new vscode.CancellationTokenSource().token);
    const byFile = new Map<string, { uri: vscode.Uri; names: Map<string, Record<string, unknown>> }>();
    for (const t of tests) {
      const row = tree.rowOf(t);
      const result = runs.lastResults.get(t.id);
      if (row?.kind !== 'test' || !result) continue;
      const entry = byFile.get(row.uri.toString()) ?? { uri: row.uri, names: new Map() };
      entry.names.set(row.call.name, result);
      byFile.set(row.uri.toString(), entry);
    }
    let written = 0;
    for (const { uri, names } of byFile.values()) {
      const doc = await vscode.workspace.openTextDocument(uri);
      // Parsed again from the document as it is now: the user may have edited it since the run.
      const calls = parseTestFile(uri.fsPath, doc.getText()).tests.filter((c) => names.has(c.name));
      const text = writeSnapshots(
        doc.getText(),
        calls.map((call) => ({ call, result: names.get(call.name)! })),
      );
      const edit = new vscode.WorkspaceEdit();
      edit.replace(uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), text);
      if (!(await vscode.workspace.applyEdit(edit)) || !(await doc.save())) continue;
      written += calls.length;
      await tree.load(uri);
    }
    // The file was read again: its rows are new objects with the same ids.
    const rerun = tests.map((t) => tree.itemById(t.id)).filter((t): t is vscode.TestItem => t !== undefined);
    if (written > 0)
      await runs.run(new vscode.TestRunRequest(rerun, undefined, runProfile), 'run', new vscode.CancellationTokenSource().token);
    else void showInfo(say`MCP Lens: no result to write as a snapshot (the test could not run).`);
    return written;
  }

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
    if (files.length)
      void runs.run(new vscode.TestRunRequest(files, undefined, runProfile), 'run', new vscode.CancellationTokenSource().token);
  });

  return [
    controller,
    tree,
    runProfile,
    debugProfile,
    onRestart,
    vscode.commands.registerCommand(TESTING_COMMANDS.updateSnapshot, updateSnapshots),
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
