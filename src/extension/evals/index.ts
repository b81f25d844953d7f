/**
 * Evals in VS Code's Test Explorer (issue #29): each case of each `*.mcpeval.json` is a test,
 * run through a `vscode.lm` model against the real server, the transcript in the run's
 * output and each failure at the expectation it broke. Their own controller ("MCP Lens
 * Evals") beside the saved calls': a model run costs tokens, so "run the saved calls" never
 * starts one by accident.
 */
import * as vscode from 'vscode';
import type { Log } from '../log';
import type { ServerRegistry } from '../serverRegistry';
import { say, showInfo } from '../shown';
import { EvalRuns } from './evalRuns';
import { EvalTree } from './evalTree';
import { chooseModel } from './pickModel';

export const EVAL_COMMANDS = {
  /** Every case row and its newest outcome, as plain data (integration tests). */
  describe: 'mcpLens.evals.describe',
  chooseModel: 'mcpLens.evals.chooseModel',
} as const;

export function registerEvals(context: vscode.ExtensionContext, registry: ServerRegistry, log: Log, clientInfo: { name: string; version: string }): vscode.Disposable[] {
  const controller = vscode.tests.createTestController('mcpLens.evals', 'MCP Lens Evals');
  const tree = new EvalTree(controller);
  const runs = new EvalRuns(controller, tree, registry, context.workspaceState, clientInfo, log);
  const profile = controller.createRunProfile('Run Evals', vscode.TestRunProfileKind.Run, (request, token) => runs.run(request, token), true);
  controller.refreshHandler = () => tree.discover();
  controller.resolveHandler = (item) => (item ? undefined : tree.discover());
  void tree.discover();
  return [
    controller,
    tree,
    profile,
    vscode.commands.registerCommand(EVAL_COMMANDS.describe, () => ({
      cases: tree.allTests().map((t) => ({ id: t.id, label: t.label, line: (t.range?.start.line ?? -1) + 1, description: t.description, outcome: runs.outcomes.get(t.id) })),
    })),
    /** Resolves with the model chosen (`vendor:id`), for the tests. */
    vscode.commands.registerCommand(EVAL_COMMANDS.chooseModel, async () => {
      const chosen = await chooseModel(context.workspaceState, { ask: true });
      void showInfo(typeof chosen === 'string' ? say`MCP Lens: ${chosen}` : say`MCP Lens: evals run through ${chosen.name} (${chosen.vendor}:${chosen.id}).`);
      return typeof chosen === 'string' ? undefined : `${chosen.vendor}:${chosen.id}`;
    }),
  ];
}
