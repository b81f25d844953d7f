// Eval cases in the Test Explorer, as a person runs them: the weather example's server, the
// cases of test/fixtures/evals/weather.mcpeval.json, and a language model registered by the
// scripted-model test extension (the chat-provider API) that plays the script in each prompt.
// Run All Tests: four cases pass, two fail; the gutter of the eval file shows each outcome at
// the case's name, and the failure reads at the expectation it broke.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, SCRIPTED_MODEL_EXTENSION } from '../harness/paths';
import type { E2eTest } from './e2eTest';
import { succeeded, UI_TIMEOUT, type Workbench } from './workbench';

/**
 * A fresh folder: one server in .vscode/mcp.json, the scripted model chosen, and the cases of
 * one of test/fixtures/evals/ naming that server.
 */
function workspace(name: string, serverSource: string, cases: string, options: { copyServer?: boolean } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-lens-evals-'));
  mkdirSync(join(dir, '.vscode'));
  // A self-contained server's source copied into the folder, where Quick Open finds it (its tool lenses).
  // The run copies the folder: the configuration names the copy's file through ${workspaceFolder}.
  if (options.copyServer) copyFileSync(serverSource, join(dir, `${name}-server.mjs`));
  const server = options.copyServer ? `\${workspaceFolder}/${name}-server.mjs` : serverSource;
  mkdirSync(join(dir, 'evals'));
  writeFileSync(join(dir, '.vscode', 'mcp.json'), JSON.stringify({ servers: { [name]: { type: 'stdio', command: 'node', args: [server] } } }, null, 2));
  writeFileSync(join(dir, '.vscode', 'settings.json'), JSON.stringify({ 'mcpLens.evals.model': { vendor: 'mcp-lens-scripted', id: 'scripted-1' } }, null, 2));
  const text = readFileSync(join(root, 'test', 'fixtures', 'evals', cases), 'utf8');
  writeFileSync(join(dir, 'evals', cases), text.replace(/^\s*"\$schema".*\n/m, '').replace(/"server": \{ "command": \[[^\]]*\] \}/, `"server": "${name}"`));
  return dir;
}

async function openFile(wb: Workbench, file: string): Promise<void> {
  await wb.page.keyboard.press('Control+P');
  const input = wb.page.locator('.quick-input-widget input');
  await input.waitFor({ timeout: UI_TIMEOUT });
  await input.fill(file);
  await wb.page.locator('.quick-input-list .monaco-list-row').filter({ hasText: file }).first().waitFor({ timeout: UI_TIMEOUT });
  await input.press('Enter');
  await wb.page.locator('.monaco-editor .view-lines').first().waitFor({ timeout: UI_TIMEOUT });
}

export const tests: E2eTest[] = [
  {
    name: 'evals: Test Explorer with a scripted model',
    workspace: workspace('weather', join(root, 'examples', 'workspace', 'servers', 'weather', 'server.mjs'), 'weather.mcpeval.json', { copyServer: true }),
    developmentExtension: SCRIPTED_MODEL_EXTENSION,
    async run(wb) {
      await wb.openContainer('Testing');
      const file = await wb.waitForRow(/weather/);
      await file.click();
      await wb.page.keyboard.press('ArrowRight');
      await wb.waitForRow('right pick');
      // The eval file beside the explorer: the gutter marks each case at its name.
      await openFile(wb, 'weather.mcpeval.json');

      await wb.runCommand('Test: Run All Tests');
      const sidebar = wb.page.locator('.part.sidebar');
      // Two cases fail (and so their file); four pass, each with its pass count beside it.
      await sidebar.locator('.monaco-list-row .codicon-testing-failed-icon').nth(2).waitFor({ timeout: UI_TIMEOUT });
      await sidebar.locator('.monaco-list-row .codicon-testing-passed-icon').nth(3).waitFor({ timeout: UI_TIMEOUT });
      await sidebar.locator('.monaco-list-row').filter({ hasText: 'right pick' }).filter({ hasText: '2/2 · 100%' }).first().waitFor({ timeout: UI_TIMEOUT });
      await sidebar.locator('.monaco-list-row').filter({ hasText: 'wrong tool' }).filter({ hasText: '0/2 · 0%' }).first().waitFor({ timeout: UI_TIMEOUT });
      await wb.page.locator('.part.editor .codicon-testing-failed-icon').first().waitFor({ timeout: UI_TIMEOUT });
      // The picture for docs/evals.md (the VSIX carries it, so it is kept small): the explorer and
      // the editor down to the fourth case, a pass below the two failures.
      const fourth = await wb.page.locator('.part.editor .view-line').filter({ hasText: '"name": "schema-breaking arguments"' }).first().boundingBox();
      const viewport = wb.page.viewportSize();
      await wb.shot('eval-explorer', wb.page, fourth && viewport ? { x: 0, y: 0, width: viewport.width, height: Math.round(fourth.y + fourth.height + 6) } : undefined);

      // The server's source: over each tool named by a case, the last score of those cases beside ▶ Run tool.
      await openFile(wb, 'weather-server.mjs');
      // get_forecast's definition (line 25) to the middle of the editor, where its lenses are drawn.
      await wb.goToLine(30);
      const lenses = wb.page.locator('.part.editor .codelens-decoration');
      await lenses.filter({ hasText: 'evals: 3/5 cases · 5/9 runs (56%)' }).first().waitFor({ timeout: UI_TIMEOUT });
      await lenses.filter({ hasText: 'Run tool' }).filter({ hasText: 'evals: 3/5 cases' }).first().waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('eval-tool-lens');
    },
  },
  {
    // modern-metadata's delete_city is annotated destructiveHint: the model's call waits for the person, who says no.
    name: 'evals: a destructive call asks first',
    workspace: workspace('metadata', join(root, 'test', 'fixtures', 'servers', 'modern-metadata.mjs'), 'destructive.mcpeval.json'),
    developmentExtension: SCRIPTED_MODEL_EXTENSION,
    async run(wb) {
      await wb.openContainer('Testing');
      await wb.waitForRow(/metadata/);
      await openFile(wb, 'destructive.mcpeval.json');
      await wb.runCommand('Test: Run All Tests');
      const dialog = wb.page.locator('.monaco-dialog-box').filter({ hasText: 'An eval model wants to call delete_city on your server.' });
      await dialog.waitFor({ timeout: UI_TIMEOUT });
      await dialog.filter({ hasText: 'delete_city is annotated destructiveHint' }).waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('confirm-destructive-call');
      await dialog.locator('.monaco-button', { hasText: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
      // Declined: the call was not run, and the case fails saying so, at its name.
      await wb.page.locator('.part.sidebar .monaco-list-row .codicon-testing-failed-icon').first().waitFor({ timeout: UI_TIMEOUT });
      // VS Code opens the Test Results panel as the run starts; once (locally) it stayed closed: a
      // person then opens it from the Testing view (Show Output).
      const declined = wb.page.locator('.part.panel .monaco-list-row').filter({ hasText: 'called delete_city, which you declined to run' }).first();
      if (!(await succeeded(declined.waitFor({ timeout: 15_000 })))) await wb.runCommand('Test: Show Output');
      await declined.waitFor({ timeout: UI_TIMEOUT });
      await wb.page.locator('.part.panel').getByText('delete_city (error): The user declined to run delete_city; it was not run.').first().waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('declined-call-fails-the-case');
    },
  },
];
