/**
 * The model chooses the calls, so a tool that may change things runs only when the person
 * says so: a modal per call, or once for the rest of the run. Which tools ask is the
 * `mcpLens.evals.confirmTools` setting: those annotated `destructiveHint: true`, or every tool
 * not annotated `readOnlyHint: true`. A declined call is answered to the model as refused.
 */
import * as vscode from 'vscode';
import type { ModelToolCall, OfferedTool } from '../../core/eval/model';
import { askModal, name, say } from '../shown';

export type ConfirmPolicy = 'destructive' | 'notReadOnly';

export function confirmPolicy(): ConfirmPolicy {
  return vscode.workspace.getConfiguration('mcpLens').get<string>('evals.confirmTools') === 'notReadOnly' ? 'notReadOnly' : 'destructive';
}

export function needsConfirmation(tool: OfferedTool, policy: ConfirmPolicy): boolean {
  if (tool.annotations?.destructiveHint === true) return true;
  return policy === 'notReadOnly' && tool.annotations?.readOnlyHint !== true;
}

const RUN = 'Run';
const RUN_ALL = 'Run for the Rest of This Run';

/** One run's approver: what the person allowed for the whole run is not asked again. */
export function approver(policy: ConfirmPolicy): (call: ModelToolCall, tool: OfferedTool) => Promise<boolean> {
  const allowed = new Set<string>();
  return async (call, tool) => {
    if (!needsConfirmation(tool, policy) || allowed.has(tool.name)) return true;
    const why =
      tool.annotations?.destructiveHint === true
        ? 'is annotated destructiveHint: it may delete or overwrite data'
        : 'is not annotated readOnlyHint: it may change things';
    const args = typeof call.args === 'string' ? call.args : JSON.stringify(call.args);
    const choice = await askModal(
      say`An eval model wants to call ${name(tool.name)} on your server.`,
      say`${name(tool.name)} ${why}. Arguments: ${args}\n\nCancel answers the model that the call was refused; the case reports it.`,
      RUN,
      RUN_ALL,
    );
    if (choice === RUN_ALL) allowed.add(tool.name);
    return choice === RUN || choice === RUN_ALL;
  };
}
