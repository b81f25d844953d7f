import { buildFormModel } from '../../core/schema/formModel';
import { itemName } from '../serverEntry';
import { name, pickOne, say, showInfo, showWarning } from '../shown';
import { isRow, type ItemCommands, type ItemRow } from './itemCommands';
import type { CallOutcome } from './protocol';
import { askArguments } from './quickArgs';
import { simpleFields } from './scalarFields';
import { toolPickItems } from './pickItems';

/** `{server, tool, args}` from a lens, a test or a keybinding; a Servers view tool row; nothing (palette). */
export type RunToolArg =
  | { server?: string; tool?: string; args?: Record<string, unknown>; /** Run as a task when the tool allows it. */ asTask?: boolean }
  | ItemRow
  | undefined;

/**
 * Run Tool: the tool's panel, or with arguments given the call itself. The server and tool are
 * picked when not given; from the palette, a tool with a few plain arguments is asked for in
 * quick inputs and run at once.
 */
export async function runTool(items: ItemCommands, arg: RunToolArg): Promise<CallOutcome | undefined> {
  const { runner, panels } = items.deps;
  const wanted = isRow(arg) ? { server: arg.key, tool: itemName(arg.item), args: undefined, asTask: undefined } : (arg ?? {});
  const entry = await items.pickServer(wanted.server, say`Run a tool of which MCP server?`);
  if (!entry || !(await items.running(entry))) return undefined;
  let toolName = wanted.tool;
  const picked = toolName === undefined;
  if (toolName === undefined) {
    const tools = items.listed(entry, 'tools');
    if (tools.length === 0) {
      void showInfo(say`MCP Lens: "${entry.name}" lists no tools.`);
      return undefined;
    }
    const choice = await pickOne(toolPickItems(tools), {
      placeHolder: say`Run which tool of "${entry.name}"?`,
      matchOnDescription: true,
      matchOnDetail: true,
    });
    if (choice === undefined) return undefined;
    toolName = choice;
  }
  const tool = runner.tool(entry, toolName);
  if (!tool) {
    void showWarning(
      say`MCP Lens: "${entry.name}" does not list a tool called "${name(toolName)}". If it is defined in the source, its registration failed or the server runs older code: restart it.`,
    );
    return undefined;
  }
  if (wanted.args) return panels.open(entry, toolName).run(wanted.args, true, wanted.asTask === true);
  if (picked) {
    const fields = simpleFields(buildFormModel(tool.inputSchema ?? { type: 'object' }));
    if (fields) {
      const args = await askArguments(toolName, fields, runner.lastArgs.get(entry.name, toolName));
      if (!args) return undefined;
      const outcome = await panels.open(entry, toolName).run(args, true);
      if (outcome.kind === 'notSent') void showWarning(say`MCP Lens: ${outcome.message}`);
      return outcome;
    }
  }
  panels.open(entry, toolName);
  return undefined;
}
