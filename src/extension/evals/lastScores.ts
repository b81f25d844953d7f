/**
 * Each case's newest scored run per server, in the workspace state so a reload keeps it: the
 * code lens over a tool's definition adds up the cases that name the tool.
 */
import * as vscode from 'vscode';
import type { CaseResult } from '../../core/eval/toolScores';

const KEY = 'mcpLens.evals.lastScores';

/** Server key → case id → its newest result. */
type Stored = Record<string, Record<string, CaseResult>>;

export class LastScores implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly state: vscode.Memento) {}

  results(serverKey: string): CaseResult[] {
    return Object.values(this.stored()[serverKey] ?? {});
  }

  async record(serverKey: string, result: CaseResult): Promise<void> {
    const stored = this.stored();
    await this.state.update(KEY, { ...stored, [serverKey]: { ...stored[serverKey], [result.id]: result } });
    this.changed.fire();
  }

  dispose(): void {
    this.changed.dispose();
  }

  private stored(): Stored {
    return this.state.get<Stored>(KEY) ?? {};
  }
}
