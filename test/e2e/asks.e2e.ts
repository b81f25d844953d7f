// A server that asks back during a tool call, answered as a person does: Run Tool… from the
// palette, the elicitation form appears in the tool panel running the call, fill it, Accept;
// then a URL elicitation (shown whole, opened only through a dialog), then a sampling request,
// read as the model would, typed reply, Send.
import { join } from 'node:path';
import type { Frame, Locator, Page } from 'playwright-core';
import { root } from '../harness/paths';
import type { E2eTest } from './e2eTest';
import { UI_TIMEOUT, webviewFrame, type Workbench } from './workbench';

// The workspace's mcp.json finds the fixture through ${env:MCP_LENS_REPO_ROOT}; code-server inherits it.
process.env.MCP_LENS_REPO_ROOT ??= root;
const workspace = join(root, 'test', 'e2e', 'workspaces', 'asks');


/**
 * Run Tool… → the server (asked only when several are configured) → the tool: one without
 * arguments runs at once in its panel. A quick pick that closed with its rows hidden (a webview
 * still loading took the focus, as in Workbench.pickAfterCommand) is opened again.
 */
async function runFromPalette(wb: Workbench, server: string, tool: string): Promise<void> {
  const rows = wb.page.locator('.quick-input-list .monaco-list-row');
  const toolRow = rows.filter({ hasText: tool }).first();
  const serverRow = rows.filter({ hasText: server }).first();
  const shown = (row: Locator) => row.waitFor({ timeout: 15_000 }).then(() => true, () => false);
  const deadline = Date.now() + UI_TIMEOUT;
  for (;;) {
    await wb.runCommand('Run Tool…');
    if (await shown(toolRow.or(serverRow).first())) {
      if ((await toolRow.count()) === 0) await serverRow.click();
      if (await shown(toolRow)) return toolRow.click();
    }
    if (Date.now() > deadline) throw new Error(`Run Tool… never offered "${tool}" of ${server}`);
    await wb.page.keyboard.press('Escape');
  }
}

export const tests: E2eTest[] = [
  {
    name: 'a tool call that asks back: elicitation form and sampling answered in the tool panel',
    workspace,
    async run(wb) {
      await wb.openContainer('MCP Lens');
      await wb.waitForRow(/asks-v1/);

      await runFromPalette(wb, 'asks-v1', 'signup');
      let frame = await webviewFrame(wb.page, '.ask-form', 60_000);
      const form = frame.locator('.ask-form');
      await form.locator('.ask-message').filter({ hasText: 'Your details' }).waitFor({ timeout: UI_TIMEOUT });
      await form.locator('.field[data-path="/name"] input').fill('Grace');
      await form.locator('.field[data-path="/seats"] input').fill('3');
      await wb.shot('elicitation-form-in-tool-call');
      await form.locator('button', { hasText: 'Accept' }).click();
      await form.locator('.ask-outcome').filter({ hasText: 'accepted' }).waitFor({ timeout: UI_TIMEOUT });
      await frame.locator('.result-area').filter({ hasText: 'Grace' }).waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('elicitation-accepted-result');

      // URL mode: the domain and the whole URL; Open… shows it again in a dialog and opens nothing by itself.
      await runFromPalette(wb, 'asks-v1', 'authorize');
      frame = await webviewFrame(wb.page, '.ask-url', 60_000);
      const url = frame.locator('.ask.ask-url');
      await url.locator('.ask-domain').filter({ hasText: 'auth.example.com' }).waitFor({ timeout: UI_TIMEOUT });
      await url.locator('button', { hasText: 'Open…' }).click();
      const dialog = wb.page.locator('.monaco-dialog-box').filter({ hasText: 'https://auth.example.com/approve?x=1' });
      await dialog.waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('url-elicitation-open-asks-first');
      await dialog.locator('.monaco-button', { hasText: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
      await url.locator('button', { hasText: 'I went there' }).click();
      await url.locator('.ask-outcome').filter({ hasText: 'accepted' }).waitFor({ timeout: UI_TIMEOUT });
      await frame.locator('.result-area').filter({ hasText: 'accept' }).waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('url-elicitation-completed');

      await runFromPalette(wb, 'asks-v1', 'summarize');
      frame = await webviewFrame(wb.page, '.ask-sample', 60_000);
      const sample = frame.locator('.ask-sample');
      await sample.locator('.ask-system').filter({ hasText: 'You summarize.' }).waitFor({ timeout: UI_TIMEOUT });
      await sample.locator('textarea.ask-reply').fill('MCP Lens lets you debug MCP servers.');
      await wb.shot('sampling-request-answered-by-hand');
      await sample.locator('button', { hasText: 'Send reply' }).click();
      await sample.locator('.ask-outcome').filter({ hasText: 'answered by hand' }).waitFor({ timeout: UI_TIMEOUT });
      await frame.locator('.result-area').filter({ hasText: 'MCP Lens lets you debug' }).waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('sampling-answer-result');
    },
  },
];
