/**
 * Which model runs the evals: the `mcpLens.evals.model` selector when set, the only model VS
 * Code has, or the person's pick among several (remembered for the workspace until they
 * choose again with "MCP Lens: Choose Eval Model").
 */
import * as vscode from 'vscode';
import { pickOne, say } from '../shown';

export const MODEL_SETTING = 'evals.model';
const REMEMBERED = 'mcpLens.evals.model';

/** The `mcpLens.evals.model` setting: a vscode.lm selector (vendor, family, id, version). */
function selector(): vscode.LanguageModelChatSelector {
  const value = vscode.workspace.getConfiguration('mcpLens').get<unknown>(MODEL_SETTING);
  if (typeof value !== 'object' || value === null) return {};
  const out: Record<string, string> = {};
  for (const key of ['vendor', 'family', 'id', 'version'] as const) {
    const v = (value as Record<string, unknown>)[key];
    if (typeof v === 'string' && v !== '') out[key] = v;
  }
  return out;
}

const label = (m: vscode.LanguageModelChat) => `${m.vendor}:${m.id}`;

/** A model, or one sentence saying how to get one. */
export async function chooseModel(state: vscode.Memento, options: { ask: boolean }): Promise<vscode.LanguageModelChat | string> {
  const wanted = selector();
  const models = await vscode.lm.selectChatModels(wanted);
  if (Object.keys(wanted).length > 0) {
    if (models.length > 0) return models[0];
    const all = await vscode.lm.selectChatModels();
    return `No language model matches the setting mcpLens.evals.model ${JSON.stringify(wanted)}; ${all.length ? `the models VS Code has are ${all.map(label).join(', ')}` : 'VS Code has none: install GitHub Copilot (and sign in) or an extension that provides a language model'}.`;
  }
  if (models.length === 0)
    return 'No language model is available to run evals: install GitHub Copilot (and sign in) or an extension that provides a language model, then run again.';
  if (models.length === 1) return models[0];
  const remembered = state.get<string>(REMEMBERED);
  const known = models.find((m) => label(m) === remembered);
  if (known && !options.ask) return known;
  const picked = await pickOne(
    models.map((m) => ({ label: say`${m.name}`, description: say`${label(m)}`, value: m })),
    {
      title: say`MCP Lens: Choose Eval Model`,
      placeHolder: say`The model the eval cases run through (set mcpLens.evals.model to skip this)`,
      matchOnDescription: true,
    },
  );
  if (!picked) return 'No model was chosen: the evals did not run.';
  await state.update(REMEMBERED, label(picked));
  return picked;
}
