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
import type { RerunAdvisor } from '../devloop/diffView';
import { EvalLensProvider, RUN_CASES_COMMAND } from './evalLenses';
import { LastScores } from './lastScores';
import { rerunAdvisor } from './rerunAdvisor';

export const EVAL_COMMANDS = {
  /** Every case row and its newest outcome, as plain data (integration tests). */
  describe: 'mcpLens.evals.describe',
  chooseModel: 'mcpLens.evals.chooseModel',
  runCases: RUN_CASES_COMMAND,
} as const;

export function registerEvals(
  context: vscode.ExtensionContext,
  registry: ServerRegistry,
  log: Log,
  clientInfo: { name: string; version: string },
): { disposables: vscode.Disposable[]; rerunAdvisor: RerunAdvisor } {
  const controller = vscode.tests.createTestController('mcpLens.evals', 'MCP Lens Evals');
  const tree = new EvalTree(controller);
  const scores = new LastScores(context.workspaceState);
  const runs = new EvalRuns(controller, tree, registry, context.workspaceState, clientInfo, log, scores);
  const profile = controller.createRunProfile(
    'Run Evals',
    vscode.TestRunProfileKind.Run,
    (request, token) => runs.run(request, token),
    true,
  );
  controller.refreshHandler = () => tree.discover();
  controller.resolveHandler = (item) => (item ? undefined : tree.discover());
  void tree.discover();
  const disposables = [
    controller,
    tree,
    profile,
    scores,
    new EvalLensProvider(registry, scores, tree),
    /** Runs these cases (Test Explorer ids) in the Test Explorer: the tool lens's click and the list diff's "Rerun Evals". */
    vscode.commands.registerCommand(RUN_CASES_COMMAND, async (ids: string[]) => {
      const wanted = new Set(Array.isArray(ids) ? ids : []);
      const items = tree.allTests().filter((t) => wanted.has(t.id));
      if (items.length === 0) {
        void showInfo(say`MCP Lens: those eval cases are no longer in the workspace's eval files.`);
        return;
      }
      const stop = new vscode.CancellationTokenSource();
      try {
        await runs.run(new vscode.TestRunRequest(items, undefined, profile), stop.token);
      } finally {
        stop.dispose();
      }
    }),
    vscode.commands.registerCommand(EVAL_COMMANDS.describe, () => ({
      cases: tree.allTests().map((t) => ({
        id: t.id,
        label: t.label,
        line: (t.range?.start.line ?? -1) + 1,
        description: t.description,
        outcome: runs.outcomes.get(t.id),
      })),
    })),
    /** Resolves with the model chosen (`vendor:id`), for the tests. */
    vscode.commands.registerCommand(EVAL_COMMANDS.chooseModel, async () => {
      const chosen = await chooseModel(context.workspaceState, { ask: true });
      void showInfo(
        typeof chosen === 'string'
          ? say`MCP Lens: ${chosen}`
          : say`MCP Lens: evals run through ${chosen.name} (${chosen.vendor}:${chosen.id}).`,
      );
      return typeof chosen === 'string' ? undefined : `${chosen.vendor}:${chosen.id}`;
    }),
  ];
  return { disposables, rerunAdvisor: rerunAdvisor(tree, registry) };
}
