// Resources and prompts as a person uses them: Read Resource… on a template opens its form,
// typing in a variable brings the server's completions, a click takes one, Read shows the
// contents; Get Prompt… renders the messages as a conversation; Watch re-reads a resource
// on each notifications/resources/updated.
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { root } from '../harness/paths';
import type { E2eTest } from './e2eTest';
import { typedRow, UI_TIMEOUT, type Workbench } from './workbench';

const workspace = join(root, 'test', 'e2e', 'workspaces', 'resources');

/** The webview whose `selector` holds `text`: several panels are open at once. */
async function panelWith(page: Page, selector: string, text: string | RegExp): Promise<Frame> {
  const deadline = Date.now() + UI_TIMEOUT;
  for (;;) {
    for (const frame of page.frames()) if ((await frame.locator(selector).filter({ hasText: text }).count().catch(() => 0)) > 0) return frame;
    if (Date.now() > deadline) throw new Error(`no webview shows ${selector} with ${String(text)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function field(frame: Frame, name: string) {
  return frame.locator('.field').filter({ has: frame.locator('label', { hasText: new RegExp(`^${name}$`) }) }).first();
}

export const tests: E2eTest[] = [
  {
    name: 'a resource template form with completions, a prompt as a conversation, a watched resource updating',
    workspace,
    async run(wb) {
      await wb.openContainer('MCP Lens');
      await wb.waitForRow(/v2-resources/);

      // A 2026-07-28 template: weather://{city}/now{?units}.
      await wb.pickAfterCommand('Read Resource…', ['v2-resources', typedRow('weather')]);
      let panel = await panelWith(wb.page, 'h1', 'Weather now');
      await panel.locator('.server-badge').filter({ hasText: 'running' }).waitFor({ timeout: UI_TIMEOUT });
      await field(panel, 'city').locator('input').pressSequentially('O');
      const oslo = field(panel, 'city').locator('button.suggestion', { hasText: 'Oslo' });
      await oslo.waitFor({ timeout: UI_TIMEOUT });
      await field(panel, 'city').locator('button.suggestion', { hasText: 'Ottawa' }).waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('template-suggestions');
      await oslo.click();
      await field(panel, 'units').locator('input').pressSequentially('i');
      await field(panel, 'units').locator('button.suggestion', { hasText: 'imperial' }).click();
      await panel.locator('.expanded-uri', { hasText: 'weather://Oslo/now?units=imperial' }).waitFor({ timeout: UI_TIMEOUT });
      await panel.getByRole('button', { name: 'Read' }).click();
      await panel.locator('.result-ok pre', { hasText: '"units": "imperial"' }).waitFor({ timeout: UI_TIMEOUT });
      await panel.getByRole('button', { name: /Open in Editor \(json\)/ }).waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('template-read');

      // A prompt with a completable argument; the messages as a conversation.
      await wb.pickAfterCommand('Get Prompt…', ['v2-resources', typedRow('trip')]);
      panel = await panelWith(wb.page, 'h1', 'Plan a trip');
      await field(panel, 'city').locator('input').pressSequentially('P');
      await field(panel, 'city').locator('button.suggestion', { hasText: 'Porto' }).click();
      await field(panel, 'days').locator('input').focus();
      await field(panel, 'days').locator('button.suggestion', { hasText: '14' }).waitFor({ timeout: UI_TIMEOUT });
      await field(panel, 'days').locator('button.suggestion', { hasText: '14' }).click();
      await panel.getByRole('button', { name: 'Get Prompt' }).click();
      await panel.locator('.conversation .message.role-user', { hasText: 'Plan 14 days in Porto.' }).waitFor({ timeout: UI_TIMEOUT });
      await panel.locator('.conversation .message.role-assistant img').waitFor({ timeout: UI_TIMEOUT });
      await panel.locator('.conversation .block-resource', { hasText: 'weather://Porto/now' }).waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('prompt-conversation');

      // server-everything (2025-11-25): a dynamic text resource, watched.
      await wb.pickAfterCommand('Read Resource…', ['everything', typedRow('Dynamic Text Resource')]);
      panel = await panelWith(wb.page, 'code.template', 'demo://resource/dynamic/text/{resourceId}');
      await field(panel, 'resourceId').locator('input').fill('1');
      await panel.getByRole('button', { name: 'Read' }).click();
      await panel.locator('.result-ok pre', { hasText: 'Resource 1:' }).waitFor({ timeout: UI_TIMEOUT });
      await panel.locator('#watch').check();
      await panel.locator('.watch-status', { hasText: 'Watching demo://resource/dynamic/text/1 · 0 updates' }).waitFor({ timeout: UI_TIMEOUT });
      // The server sends updates every 5 s once this tool turns them on.
      await wb.pickAfterCommand('Run Tool…', ['everything', typedRow('toggle-subscriber-updates')]);
      // Back to the resource's tab: the tool's panel opened beside it.
      await wb.page.locator('.tabs-container .tab').filter({ hasText: 'Dynamic Text Resource' }).first().click();
      panel = await panelWith(wb.page, 'code.template', 'demo://resource/dynamic/text/{resourceId}');
      await panel.locator('.watch-status', { hasText: /· [2-9] updates/ }).waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('watched-resource-updating');
    },
  },
];
