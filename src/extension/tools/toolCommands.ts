import * as vscode from 'vscode';
import { getPrompt, type GetPromptArg } from '../resources/getPromptCommand';
import { readResource, watchResource, type ReadArg } from '../resources/readResourceCommand';
import { say, showStatus } from '../shown';
import { ItemCommands, type ItemCommandDeps, type ItemRow } from './itemCommands';
import { outcomeLabel, outcomeSentence } from './outcome';
import { sendRawMessage } from './rawMessageCommand';
import { runTool, type RunToolArg } from './runToolCommand';

export const TOOL_COMMANDS = {
  runTool: 'mcpLens.runTool',
  sendRawMessage: 'mcpLens.sendRawMessage',
  readResource: 'mcpLens.readResource',
  getPrompt: 'mcpLens.getPrompt',
  /** The tool panels running a call, with their task (for tests; hidden from the palette). */
  running: 'mcpLens.tools.running',
  /** Presses a running panel's Cancel (for tests; hidden from the palette). */
  cancel: 'mcpLens.tools.cancel',
  watchResource: 'mcpLens.watchResource',
} as const;

/** The commands on a server's tools, resources and prompts; each one's work is in a module of its own. */
export function registerToolCommands(deps: ItemCommandDeps): vscode.Disposable[] {
  const items = new ItemCommands(deps);
  const { panels } = deps;
  return [
    vscode.commands.registerCommand(TOOL_COMMANDS.runTool, async (arg?: RunToolArg) => {
      const outcome = await runTool(items, arg);
      // Run from a lens or a row with arguments already given: say how it went without opening anything new.
      if (outcome && outcome.kind !== 'notSent' && !(arg && 'args' in arg))
        showStatus(say`MCP Lens: ${outcomeLabel(outcome)} — ${outcomeSentence(outcome)}`, 5000);
      return outcome;
    }),
    vscode.commands.registerCommand(TOOL_COMMANDS.sendRawMessage, (arg?: { server?: string; line?: string }) => sendRawMessage(items, arg)),
    vscode.commands.registerCommand(TOOL_COMMANDS.running, () =>
      panels.all.filter((p) => p.isRunning).map((p) => ({ server: p.serverKey, tool: p.toolName, task: p.runningTask })),
    ),
    vscode.commands.registerCommand(TOOL_COMMANDS.cancel, (arg?: { server?: string; tool?: string }) => {
      for (const p of panels.all) if (p.isRunning && (arg?.tool === undefined || p.toolName === arg.tool)) p.cancel();
    }),
    vscode.commands.registerCommand(TOOL_COMMANDS.readResource, (arg?: ReadArg | ItemRow) => readResource(items, arg)),
    vscode.commands.registerCommand(TOOL_COMMANDS.watchResource, (arg?: Parameters<typeof watchResource>[1]) => watchResource(items, arg)),
    vscode.commands.registerCommand(TOOL_COMMANDS.getPrompt, (arg?: GetPromptArg | ItemRow) => getPrompt(items, arg)),
  ];
}
