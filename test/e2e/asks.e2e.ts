// A server that asks back during a tool call, answered as a person does: Run Tool… from the
// palette, the elicitation form appears in the tool panel running the call, fill it, Accept;
// then a URL elicitation (shown whole, opened only through a dialog), then a sampling request,
// read as the model would, typed reply, Send.
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { root } from '../harness/paths';
import type { E2eTest } from './e2eTest';
import { UI_TIMEOUT, webviewFrame, type Workbench } from './workbench';

const workspace = join(root, 'test', 'e2e', 'workspaces', 'stdio-fixtures');

export const tests: E2eTest[] = [
  {
    name: 'a tool call that asks back: elicitation form and sampling answered in the tool panel',
    workspace,
    window: 'stdio-fixtures',
    async run(wb) {
      await wb.openContainer('MCP Lens');
      await wb.waitForRow(/asks-v1/);

      await wb.pickAfterCommand('Run Tool…', 'signup', 'asks-v1');
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
      await wb.pickAfterCommand('Run Tool…', 'authorize', 'asks-v1');
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

      await wb.pickAfterCommand('Run Tool…', 'summarize', 'asks-v1');
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
