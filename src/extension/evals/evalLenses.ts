/**
 * `evals: 3/4 cases · 11/12 runs (92%)` over a tool's definition, beside its Run lens: the
 * last eval score of the cases that name the tool; a click runs those cases again in the
 * Test Explorer. A tool no case has named gets no lens.
 */
import * as vscode from 'vscode';
import { describeToolScore, toolScore } from '../../core/eval/toolScores';
import type { ServerRegistry } from '../serverRegistry';
import { codeLens, name, say } from '../shown';
import { SourceLensProvider, toolSites } from '../tools/toolLenses';
import type { EvalTree } from './evalTree';
import type { LastScores } from './lastScores';

export const RUN_CASES_COMMAND = 'mcpLens.evals.runCases';

export class EvalLensProvider extends SourceLensProvider {
  constructor(
    registry: ServerRegistry,
    private readonly scores: LastScores,
    private readonly tree: EvalTree,
  ) {
    super(registry);
    this.register(scores.onDidChange(() => this.refresh()));
    this.register(tree.onDidChangeRows(() => this.refresh()));
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    // Only cases still in the workspace's eval files count: one deleted or renamed since its run does not.
    const live = new Set(this.tree.allTests().map((t) => t.id));
    return toolSites(document, this.registry).flatMap((site) => {
      const score = toolScore(
        this.scores.results(site.entry.key).filter((r) => live.has(r.id)),
        site.tool,
      );
      if (!score) return [];
      const suffix = site.nameServer ? ` (${site.entry.name})` : '';
      const when = new Date(score.at).toLocaleString();
      return [
        codeLens(
          site.range,
          say`${describeToolScore(score)}${suffix}`,
          say`The eval cases that name "${name(site.tool)}" on "${site.entry.name}", last run ${when}: ${score.casesPassed} of ${score.cases} cases and ${score.passes} of ${score.runs} repetitions passed. Click to run those cases again.`,
          RUN_CASES_COMMAND,
          [score.ids],
        ),
      ];
    });
  }
}
