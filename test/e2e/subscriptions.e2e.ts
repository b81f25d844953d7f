// 2026-07-28 as a person sees it: Watch on a modern server's resource opens a
// subscriptions/listen stream, a tool that changes the resource brings an update on the
// stream and the panel reads it again; the Messages view shows the stream. Then the Servers
// view of a server whose items carry titles, annotations and icons (described, never loaded).
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { root } from '../harness/paths';
import type { E2eTest } from './e2eTest';
import { typedRow, UI_TIMEOUT, type Workbench } from './workbench';

const workspace = join(root, 'test', 'e2e', 'workspaces', 'subscriptions');

/** The webview whose `selector` holds `text`: several panels are open at once. */
async function panelWith(wb: Workbench, selector: string, text: string | RegExp) {
  const deadline = Date.now() + UI_TIMEOUT;
  for (;;) {
    for (const frame of wb.page.frames()) if ((await frame.locator(selector).filter({ hasText: text }).count().catch(() => 0)) > 0) return frame;
    if (Date.now() > deadline) throw new Error(`no webview shows ${selector} with ${String(text)}`);
    await wb.page.waitForTimeout(200);
  }
}

async function hover(wb: Workbench, target: Locator): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error('the element to hover is not on screen');
  await wb.page.mouse.move(box.x + 5, box.y + box.height / 2);
  await wb.page.mouse.move(box.x + Math.min(30, box.width / 2), box.y + box.height / 2, { steps: 5 });
}

export const tests: E2eTest[] = [
  {
    name: 'a watched resource updating over subscriptions/listen; titles, annotations and icons in the Servers view',
    workspace,
    async run(wb) {
      await wb.openContainer('MCP Lens');
      await wb.clickInlineAction(await wb.waitForRow(/modern-subs/), 'Start Server');
      await wb.row(/modern-subs.*modern 2026-07-28/).waitFor({ timeout: UI_TIMEOUT });

      await wb.pickAfterCommand('Read Resource…', [typedRow('modern-subs'), typedRow('counter')]);
      let panel = await panelWith(wb, '.result-ok pre', 'count: 0');
      await panel.locator('.result-ok pre', { hasText: 'count: 0' }).waitFor({ timeout: UI_TIMEOUT });
      await panel.locator('label.watch-toggle', { hasText: 'Watch (subscriptions/listen)' }).waitFor({ timeout: UI_TIMEOUT });
      await panel.locator('#watch').check();
      await panel.locator('.watch-status', { hasText: 'Watching memo://counter · 0 updates' }).waitFor({ timeout: UI_TIMEOUT });

      // The resource panel just clicked may take the focus back and close the pick (ci42): the
      // command again, as a person would.
      await wb.pickAfterCommand('Run Tool…', 'bump', 'modern-subs');
      await panelWith(wb, '.result-ok', '1 stream(s) notified');
      await wb.page.locator('.tabs-container .tab').filter({ hasText: 'counter' }).first().click();
      panel = await panelWith(wb, '.watch-status', 'Watching memo://counter');
      await panel.locator('.watch-status', { hasText: /· 1 update · last: 1 line changed/ }).waitFor({ timeout: UI_TIMEOUT });
      await panel.locator('.result-ok pre', { hasText: 'count: 1' }).waitFor({ timeout: UI_TIMEOUT });
      const messages = wb.page.locator('.part.sidebar .pane').filter({ has: wb.page.locator('.pane-header', { hasText: /Messages/i }) });
      // The open stream's row counts its notifications instead of reading "pending…".
      await messages.locator('.monaco-list-row').filter({ hasText: /subscriptions\/listen #\d+.*listening · 1 notification/ }).first().waitFor({ timeout: UI_TIMEOUT });
      await messages.locator('.monaco-list-row').filter({ hasText: 'notifications/resources/updated' }).first().waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('watched-resource-updated-over-listen');

      // Servers view: display titles over names, annotation tags; the hover names the icon without loading it.
      await wb.clickInlineAction(await wb.waitForRow(/^metadata/), 'Start Server');
      await wb.row(/metadata.*modern 2026-07-28/).waitFor({ timeout: UI_TIMEOUT });
      const forecast = await wb.waitForRow(/Get Forecast.*get_forecast · read-only/);
      await wb.waitForRow(/Delete a City.*delete_city · destructive/);
      await wb.waitForRow(/Read Me First.*readme · audience: user · priority: 0.9/);
      await hover(wb, forecast.locator('.monaco-icon-label').first());
      await wb.page.locator('.monaco-hover, .workbench-hover').filter({ hasText: 'not loaded' }).filter({ visible: true }).first().waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('servers-view-titles-annotations-icon-hover');
    },
  },
];
