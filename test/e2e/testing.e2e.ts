// Saved calls in the Test Explorer, on the example workspace (.mcp-lens/tests/weather.mcptest.json):
// run them all and see them pass; break a snapshot in the editor, run again: the failure is
// marked at the test's line and reads as expected vs actual in the Test Results panel.
import type { E2eTest } from './e2eTest';
import { UI_TIMEOUT, webviewFrame, type Workbench } from './workbench';

const TEST_FILE = 'weather.mcptest.json';
const SERVER_FILE = 'servers/weather/server.mjs';

async function openFile(wb: Workbench, file: string): Promise<void> {
  await wb.page.keyboard.press('Control+P');
  const input = wb.page.locator('.quick-input-widget input');
  await input.waitFor({ timeout: UI_TIMEOUT });
  await input.fill(file);
  await wb.page.locator('.quick-input-list .monaco-list-row').filter({ hasText: file.split('/').pop()! }).first().waitFor({ timeout: UI_TIMEOUT });
  await input.press('Enter');
  await wb.page.locator('.monaco-editor .view-lines').first().waitFor({ timeout: UI_TIMEOUT });
}

/** Opens each row (the file's, then each tool's) (selected, then → as on a keyboard) until the row named shows below it. */
async function expandTools(wb: Workbench, rows: [row: string, child: string][]): Promise<void> {
  for (const [row, test] of rows) {
    await wb.row(row).click();
    await wb.page.keyboard.press('ArrowRight');
    // Away from the row: its tooltip, shown where the pointer rests, covered the next row (ci46).
    await wb.page.mouse.move(700, 400);
    await wb.waitForRow(test);
  }
}

export const tests: E2eTest[] = [
  {
    name: 'tests: explorer and failure diff',
    workspace: new URL('../../examples/workspace', import.meta.url).pathname,
    async run(wb) {
      await wb.openContainer('Testing');
      await wb.waitForRow(/weather/);
      await expandTools(wb, [
        ['weather', 'convert_temperature'],
        ['convert_temperature', 'boiling point in fahrenheit'],
        ['get_air_quality', 'unknown city is a tool error'],
        ['get_forecast', 'three days in Lisbon'],
      ]);
      await wb.runCommand('Test: Run All Tests');
      // The file, three tools and three saved calls, each marked passed in the explorer.
      await wb.page.locator('.part.sidebar .monaco-list-row .codicon-testing-passed-icon').nth(6).waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('test-explorer-passed');

      // The snapshot says 211 now: the server still answers 212.
      await openFile(wb, TEST_FILE);
      await wb.goToLine(17);
      await wb.page.keyboard.press('End');
      for (let i = 0; i < 3; i++) await wb.page.keyboard.press('Backspace');
      await wb.page.keyboard.insertText('211');
      await wb.page.keyboard.press('Control+S');
      await wb.page.locator('.part.editor .monaco-editor .view-line').filter({ hasText: '"value": 211' }).first().waitFor({ timeout: UI_TIMEOUT });

      await wb.runCommand('Test: Run All Tests');
      await wb.page.locator('.part.sidebar .monaco-list-row .codicon-testing-failed-icon').first().waitFor({ timeout: UI_TIMEOUT });
      // In the Test Results panel: the failed call, then its message, shown as expected vs actual.
      const results = wb.page.locator('.part.panel');
      await results.locator('.monaco-list-row').filter({ hasText: 'boiling point in fahrenheit' }).first().click();
      await wb.page.keyboard.press('ArrowRight');
      await results.locator('.monaco-list-row').filter({ hasText: 'the result differs from the snapshot' }).first().click();
      const diff = results.locator('.monaco-diff-editor').first();
      await diff.waitFor({ timeout: UI_TIMEOUT });
      await diff.locator('.editor.modified .view-line').filter({ hasText: '"value": 212' }).first().waitFor({ timeout: UI_TIMEOUT });
      await diff.locator('.editor.original .view-line').filter({ hasText: '"value": 211' }).first().waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('failure-diff');
    },
  },
  {
    name: 'tests: save as test from the tool panel',
    workspace: new URL('../../examples/workspace', import.meta.url).pathname,
    async run(wb) {
      await wb.openContainer('MCP Lens');
      await wb.waitForRow(/weather/);
      await openFile(wb, SERVER_FILE);
      await wb.page.locator('.monaco-editor .codelens-decoration a').filter({ hasText: '▶ Run tool' }).first().click();
      const form = await webviewFrame(wb.page, '.tool-form');
      await form.locator('h1').filter({ hasText: 'get_forecast' }).waitFor({ timeout: UI_TIMEOUT });
      await form.locator('.field[data-path="/city"] input').first().fill('Berlin');
      await form.locator('button.primary').click();
      await form.locator('.result-ok').waitFor({ timeout: UI_TIMEOUT });
      await form.locator('button').filter({ hasText: 'Save as Test' }).click();
      await wb.waitForNotification(/saved the test "get_forecast" in \.mcp-lens\/tests\/weather\.mcptest\.json/);
      await wb.shot('saved-as-test');
      // It is a row of the Test Explorer now, under its tool.
      await wb.openContainer('Testing');
      await wb.row('weather').click();
      await wb.page.keyboard.press('ArrowRight');
      await wb.row('get_forecast').click();
      await wb.page.keyboard.press('ArrowRight');
      // Two rows read get_forecast now: the tool, and the saved call named after it.
      await wb.page.locator('.part.sidebar .monaco-list-row').filter({ hasText: /^get_forecast$/ }).nth(1).waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('saved-call-in-test-explorer');
    },
  },
];
