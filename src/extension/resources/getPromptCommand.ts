import { itemName } from '../serverEntry';
import { pickOne, say, showInfo } from '../shown';
import { isRow, type ItemCommands, type ItemRow } from '../tools/itemCommands';
import { promptPickItems } from '../tools/pickItems';

export type GetPromptArg = { server?: string; prompt?: string; args?: Record<string, string> };

/**
 * Get Prompt: the prompt's panel (its arguments as a form, with completions); a prompt without
 * arguments, or with them given, is rendered at once and the outcome returned.
 */
export async function getPrompt(items: ItemCommands, given?: GetPromptArg | ItemRow): Promise<unknown> {
  const arg = isRow(given) ? { server: given.key, prompt: itemName(given.item), args: undefined } : given;
  const entry = await items.pickServer(arg?.server, say`Get a prompt of which MCP server?`);
  if (!entry || !(await items.running(entry)) || !entry.client) return undefined;
  const prompts = items.listed(entry, 'prompts');
  let promptName = arg?.prompt;
  if (promptName === undefined) {
    if (prompts.length === 0) {
      void showInfo(say`MCP Lens: "${entry.name}" lists no prompts.`);
      return undefined;
    }
    const choice = await pickOne(promptPickItems(prompts), { placeHolder: say`Get which prompt of "${entry.name}"?` });
    if (choice === undefined) return undefined;
    promptName = choice;
  }
  const prompt = prompts.find((p) => p.name === promptName);
  const panel = items.deps.resources.open(
    entry,
    {
      kind: 'prompt',
      name: promptName,
      ...(typeof prompt?.title === 'string' ? { title: prompt.title } : {}),
      ...(typeof prompt?.description === 'string' ? { description: prompt.description } : {}),
    },
    prompt,
  );
  // A prompt without arguments, or with them given, is rendered at once; otherwise the form waits.
  const declared = Array.isArray(prompt?.arguments) ? prompt.arguments : [];
  return arg?.args || declared.length === 0 ? panel.submit(arg?.args ?? {}) : undefined;
}
