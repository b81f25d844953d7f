// A server that publishes skills (the MCP Skills extension, SEP-2640), as a person meets it: start
// it, find its Skills group in the Servers view, open a skill and read its SKILL.md, read-only.
import { join } from 'node:path';
import { root } from '../harness/paths';
import type { E2eTest } from './e2eTest';
import { UI_TIMEOUT } from './workbench';

const workspace = join(root, 'test', 'e2e', 'workspaces', 'stdio-fixtures');

export const tests: E2eTest[] = [
  {
    name: 'open a skill from the Servers view',
    workspace,
    window: 'stdio-fixtures',
    async run(wb) {
      await wb.openContainer('MCP Lens');
      const server = await wb.waitForRow(/skills.*stopped/);
      await wb.clickInlineAction(server, 'Start Server');
      const running = wb.row(/skills.*modern \d{4}-\d\d-\d\d/);
      await running.waitFor({ timeout: UI_TIMEOUT });
      await wb.expand(running);
      await wb.expand(await wb.waitForRow(/^Skills/));
      // The skill's row (its lightbulb), not the resource row of the same SKILL.md above it.
      const skillRow = (name: string) => wb.page.locator('.part.sidebar .monaco-list-row').filter({ hasText: name, has: wb.page.locator('.codicon-lightbulb') }).first();
      const refunds = skillRow('refunds');
      await refunds.waitFor({ timeout: UI_TIMEOUT });
      await skillRow('pdf-processing').waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('skills-group');

      await refunds.click();
      // The SKILL.md opens as a plain-text editor tab, its text as the server wrote it.
      const editor = wb.page.locator('.editor-instance .view-lines').filter({ hasText: 'Check the order date first' });
      await editor.waitFor({ timeout: UI_TIMEOUT });
      await wb.page.locator('.tab').filter({ hasText: 'refunds SKILL.md' }).first().waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('skill-opened');
    },
  },
];
