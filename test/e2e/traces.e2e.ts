// A trace file as a person reads it: open a recorded session, see the faulty stage underlined
// at the message that proves it, hover the error code for its meaning in context.
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { root } from '../harness/paths';
import type { E2eTest } from './e2eTest';
import { UI_TIMEOUT } from './workbench';

const traces = join(root, 'test', 'fixtures', 'traces');

export const tests: E2eTest[] = [
  {
    name: 'trace file with squiggles and a hover',
    workspace: traces,
    async run(wb) {
      const page = wb.page;
      // Quick Open (F1 without ">") the recorded session.
      await page.keyboard.press('F1');
      const input = page.locator('.quick-input-widget input');
      await input.waitFor({ timeout: UI_TIMEOUT });
      await input.fill('domain-error-as-protocol-error.mcptrace.jsonl');
      await page.locator('.quick-input-list .monaco-list-row').filter({ hasText: 'domain-error-as-protocol-error' }).first().waitFor({ timeout: UI_TIMEOUT });
      await input.press('Enter');

      const editor = page.locator('.editor-instance .monaco-editor').first();
      await editor.locator('.squiggly-warning').first().waitFor({ timeout: UI_TIMEOUT });
      // Trace lines are long: wrap them so the whole exchange is on screen.
      await wb.runCommand('View: Toggle Word Wrap');
      await page.locator('.statusbar-item').filter({ hasText: 'MCP Trace' }).first().waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('trace-with-squiggle');

      // The squiggle's own hover: the rule, its stage, and the hint.
      // The text layer covers the decorations, so point at the squiggle's place as a mouse does.
      await pointAt(editor.locator('.squiggly-warning').first());
      const hover = page.locator('.monaco-hover').filter({ hasText: 'domain-error-as-protocol-error' }).first();
      await hover.waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('diagnostic-hover');

      // Hovering the error code of the response explains it in context.
      await page.mouse.move(0, 0);
      await pointAt(editor.locator('.view-lines span:text-is("-32603")').first());
      await page.locator('.monaco-hover').filter({ hasText: 'Internal error' }).filter({ hasText: 'isError: true' }).first().waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('error-code-hover');

      async function pointAt(target: Locator): Promise<void> {
        const box = await target.boundingBox();
        if (!box) throw new Error('the target is not on screen');
        await page.mouse.move(box.x + Math.min(20, box.width / 2), box.y + box.height / 2);
      }
    },
  },
];
