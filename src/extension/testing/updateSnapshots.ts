import * as vscode from 'vscode';
import { writeSnapshots } from '../../core/testing/snapshots';
import { parseTestFile } from '../../core/testing/testFile';
import { say, showInfo } from '../shown';
import type { TestRuns } from './testRuns';
import type { TestTree } from './testTree';

/** What Update Snapshot works with: the Test Explorer's rows, its runs, and the Run profile. */
export interface SnapshotDeps {
  tree: TestTree;
  runs: TestRuns;
  runProfile: vscode.TestRunProfile;
}

/** Runs `tests` now with the Run profile, as a person pressing Run would. */
export function runNow({ runs, runProfile }: SnapshotDeps, tests: readonly vscode.TestItem[]): Promise<void> {
  return runs.run(new vscode.TestRunRequest(tests, undefined, runProfile), 'run', new vscode.CancellationTokenSource().token);
}

/** The test an Update Snapshot was run on: from a test's context menu (the item), a failure's (`{test, message}`), or by id. */
function itemOf(tree: TestTree, arg: vscode.TestItem | { test: vscode.TestItem } | string | undefined): vscode.TestItem | undefined {
  if (typeof arg === 'string') return tree.itemById(arg);
  return arg && 'test' in arg && !('id' in arg) ? arg.test : (arg as vscode.TestItem | undefined);
}

/**
 * Update Snapshot: writes each test's newest result as its snapshot, then runs them again to
 * show them green. Resolves with how many snapshots were written.
 */
export async function updateSnapshots(
  deps: SnapshotDeps,
  arg: vscode.TestItem | { test: vscode.TestItem } | string | undefined,
): Promise<number> {
  const { tree, runs } = deps;
  const item = itemOf(tree, arg);
  if (!item) return 0;
  const tests = tree.testsUnder(item);
  const missing = tests.filter((t) => !runs.lastResults.has(t.id));
  // A test not run in this window has no result to accept yet: run it first.
  if (missing.length) await runNow(deps, missing);
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
  if (written > 0) await runNow(deps, rerun);
  else void showInfo(say`MCP Lens: no result to write as a snapshot (the test could not run).`);
  return written;
}
