/**
 * The eval cases a server's tool change touches, for the dev loop's list diff: the cases of
 * the workspace's eval files that name that server and expect or forbid a tool whose offer
 * to a model (description, title, annotations, inputSchema, or the tool itself) changed.
 */
import * as vscode from 'vscode';
import type { KindDiff } from '../../core/devloop/listDiff';
import { casesTouching, toolsOfferedDifferently } from '../../core/eval/evalsToRerun';
import type { RerunAdvisor } from '../devloop/diffView';
import type { ServerRegistry } from '../serverRegistry';
import { RUN_CASES_COMMAND } from './evalLenses';
import type { EvalTree } from './evalTree';

export function rerunAdvisor(tree: EvalTree, registry: ServerRegistry): RerunAdvisor {
  return (serverKey: string, tools: KindDiff) => {
    const changed = toolsOfferedDifferently(tools);
    if (changed.length === 0) return undefined;
    const cases = tree.allTests().flatMap((item) => {
      const row = tree.rowOf(item);
      if (row?.kind !== 'case' || !row.file.server || !('name' in row.file.server)) return [];
      if (registry.get(row.file.server.name)?.key !== serverKey) return [];
      return [{ case: row.case, ref: { id: item.id, label: `${vscode.workspace.asRelativePath(row.uri)} › ${row.case.name}` } }];
    });
    const touched = casesTouching(cases, changed);
    if (touched.length === 0) return undefined;
    const ids = touched.map((t) => t.ref.id);
    return { ids, cases: touched.map((t) => t.ref.label), run: () => vscode.commands.executeCommand(RUN_CASES_COMMAND, ids) };
  };
}
