// Issue 4 as a person sees it: start the misbehaving "chatty" example server, read its
// conversation in the Messages view with the failed exchange expanded, and the stderr
// panel's stray-stdout card naming the source line that wrote the banner.
import { join } from 'node:path';
import type { Frame } from 'playwright-core';
import { root } from '../harness/paths';
import type { E2eTest } from './e2eTest';
import { UI_TIMEOUT, type Workbench } from './workbench';

const example = join(root, 'examples', 'workspace');

/** The webview frame whose document holds `selector` (webviews are nested iframes). */
async function frameWith(wb: Workbench, selector: string): Promise<Frame> {
  const deadline = Date.now() + UI_TIMEOUT;
  for (;;) {
    for (const frame of wb.page.frames()) {
      if (await frame.locator(selector).count().catch(() => 0)) return frame;
    }
    if (Date.now() > deadline) throw new Error(`no webview frame shows ${selector}`);
    await wb.page.waitForTimeout(250);
  }
}

export const tests: E2eTest[] = [
  {
    name: 'chatty: messages, stderr panel and the stray write',
    workspace: example,
    window: 'example',
    async run(wb) {
      await wb.openContainer('MCP Lens');
      const chatty = await wb.waitForRow(/chatty/);
      await wb.clickInlineAction(chatty, 'Start Server');
      await wb.row(/chatty.*(modern|legacy) \d{4}-\d\d-\d\d/).waitFor({ timeout: UI_TIMEOUT });

      // The Messages view follows the server that just started.
      const messages = wb.page.locator('.part.sidebar .pane').filter({ has: wb.page.locator('.pane-header', { hasText: /Messages/i }) });
      const discover = messages.locator('.monaco-list-row').filter({ hasText: 'server/discover #1' }).first();
      await discover.waitFor({ timeout: UI_TIMEOUT });
      await messages.locator('.monaco-list-row').filter({ hasText: 'tools/list #3' }).first().waitFor({ timeout: UI_TIMEOUT });
      // Collapse the Servers pane's tool rows out of the way (the conversation is the subject)
      // and widen the side bar so latencies and error codes read in full.
      await wb.page.locator('.part.sidebar .pane-header', { hasText: /Servers/i }).first().click();
      const sidebar = await wb.page.locator('.part.sidebar').boundingBox();
      if (sidebar) {
        const x = sidebar.x + sidebar.width;
        const y = sidebar.y + sidebar.height / 2;
        await wb.page.mouse.move(x + 1, y);
        await wb.page.mouse.down();
        await wb.page.mouse.move(x + 260, y, { steps: 8 });
        await wb.page.mouse.up();
      }
      await wb.expand(discover);
      const error = messages.locator('.monaco-list-row').filter({ hasText: /^error/ }).first();
      await error.waitFor({ timeout: UI_TIMEOUT });
      await wb.expand(error);
      await messages.locator('.monaco-list-row').filter({ hasText: '-32601' }).first().waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('messages-failed-exchange-expanded');

      await wb.runCommand('MCP Lens: Show stderr and Diagnostics');
      const frame = await frameWith(wb, '.card');
      await frame.locator('.card', { hasText: 'stray-stdout' }).first().waitFor({ timeout: UI_TIMEOUT });
      await frame.locator('.card .source a', { hasText: 'server.mjs:7' }).first().waitFor({ timeout: UI_TIMEOUT });
      await frame.locator('.row.stray', { hasText: 'Server ready' }).first().waitFor({ timeout: UI_TIMEOUT });
      // Evidence is cited by trace seq, in the words of the card's message; never "#N", which the
      // Messages view beside it uses for JSON-RPC ids ("initialize #2" is seq 9 here).
      const evidence = await frame.locator('.card .evidence a').allTextContents();
      if (evidence.length === 0 || !evidence.every((text) => /\(seq \d+\)$/.test(text))) throw new Error(`evidence links should end "(seq N)", got ${JSON.stringify(evidence)}`);
      await wb.runCommand('View: Toggle Maximized Panel');
      await frame.locator('.card', { hasText: 'stray-stdout' }).first().scrollIntoViewIfNeeded();
      await wb.shot('stderr-panel-stray-stdout-card');
      await wb.runCommand('View: Toggle Maximized Panel');

      // The card's source link opens the line that wrote the banner, squiggled.
      await frame.locator('.card .source a', { hasText: 'server.mjs:7' }).first().click();
      await wb.page.locator('.editor-group-container .tab', { hasText: 'server.mjs' }).first().waitFor({ timeout: UI_TIMEOUT });
      // stray stdout breaks a MUST NOT of the stdio transport: an error squiggle.
      await wb.page.locator('.monaco-editor .squiggly-error').first().waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('source-line-squiggle');
    },
  },
];
