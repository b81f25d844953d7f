// The stderr panel's level filter as a person uses it: a server's notifications/message
// entries at every level, interleaved with its stderr, then "log: warning and up" hides the
// debug, info and notice entries and never a stderr line; Open as Text shows them all in an editor.
import { join } from 'node:path';
import { root } from '../harness/paths';
import type { E2eTest } from './e2eTest';
import { UI_TIMEOUT, webviewFrame } from './workbench';

const workspace = join(root, 'test', 'e2e', 'workspaces', 'stdio-fixtures');
const LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

export const tests: E2eTest[] = [
  {
    name: 'stderr panel: notifications/message by level among stderr, the level filter hides the lower levels',
    workspace,
    window: 'stdio-fixtures',
    async run(wb) {
      await wb.openContainer('MCP Lens');
      const server = await wb.waitForRow(/log-levels/);
      await wb.clickInlineAction(server, 'Start Server');
      await wb.row(/log-levels.*legacy 2025-11-25/).waitFor({ timeout: UI_TIMEOUT });

      await wb.runCommand('MCP Lens: Show stderr and Diagnostics');
      const frame = await webviewFrame(wb.page, '.log .rows');
      // The last entry written: every line before it is in.
      await frame.locator('.row.log.level-emergency', { hasText: 'a emergency entry' }).waitFor({ timeout: UI_TIMEOUT });
      const texts = await frame.locator('.rows .row').allTextContents();
      // Interleaved in arrival order: stderr line, then its entry, level by level.
      const expected = LEVELS.flatMap((level, i) => [
        `stderr line ${i + 1} before the ${level} entry`,
        `[${level}] levels: a ${level} entry`,
      ]);
      const seen = texts.map((t) => t.replace(/^log/, '')).filter((t) => expected.includes(t));
      if (JSON.stringify(seen) !== JSON.stringify(expected))
        throw new Error(`the panel's order is not the order written:\n${texts.join('\n')}`);
      await wb.runCommand('View: Toggle Maximized Panel');
      await wb.shot('all-levels-with-stderr');

      await frame.locator('select.level-filter').selectOption('warning');
      for (const [i, level] of LEVELS.entries()) {
        const entry = frame.locator(`.row.log.level-${level}`);
        if (i < LEVELS.indexOf('warning')) await entry.waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
        else await entry.waitFor({ state: 'visible', timeout: UI_TIMEOUT });
      }
      // stderr is never filtered by level.
      const stderrShown = await frame.locator('.row.stderr:visible').count();
      if (stderrShown < LEVELS.length)
        throw new Error(`${stderrShown} stderr rows visible under the warning filter; expected all ${LEVELS.length}`);
      await wb.shot('warning-and-up');

      await frame.locator('select.level-filter').selectOption('debug');
      await frame.locator('.row.log.level-debug').waitFor({ state: 'visible', timeout: UI_TIMEOUT });
      await wb.shot('all-levels-again');
      await wb.runCommand('View: Toggle Maximized Panel');

      // The whole run as text: the panel's Open as Text link opens an editor with every line, in the panel's order.
      await frame.locator('.log-toolbar a', { hasText: 'Open as Text' }).click();
      await wb.page.locator('.tabs-container .tab').filter({ hasText: '.stderr.log' }).first().waitFor({ timeout: UI_TIMEOUT });
      const editorLines = wb.page.locator('.editor-instance .view-lines');
      await editorLines.filter({ hasText: 'a emergency entry' }).first().waitFor({ timeout: UI_TIMEOUT });
      const shown = (await editorLines.first().innerText()).replace(/\u00a0/g, ' ');
      const order = expected.map((line) => shown.indexOf(line));
      if (order.some((at, i) => at < 0 || (i > 0 && at < order[i - 1]!)))
        throw new Error(`the editor should hold every line in the panel's order:\n${shown}`);
      await wb.shot('stderr-as-text');
    },
  },
  {
    name: 'stderr panel: a flood of 100 000 lines draws the newest 2000, says how many are not drawn, and opens every line as text',
    workspace,
    window: 'stdio-fixtures',
    async run(wb) {
      await wb.openContainer('MCP Lens');
      const server = await wb.waitForRow(/stderr-flood/);
      await wb.clickInlineAction(server, 'Start Server');
      const running = wb.row(/stderr-flood.*legacy 2025-11-25/);
      await running.waitFor({ timeout: UI_TIMEOUT });
      // Selecting the row shows its server in the panel (another may still run in this window).
      await running.click();
      await wb.runCommand('MCP Lens: Show stderr and Diagnostics');
      const frame = await webviewFrame(wb.page, '.log .rows');
      await frame.locator('.row.stderr', { hasText: 'debug: flood line 100000 of 100000' }).waitFor({ timeout: UI_TIMEOUT });
      // Scrolled to the newest line, the toolbar is still in view, and says what is not drawn.
      await frame
        .locator('.log-toolbar .hidden-note', { hasText: '98,000 earlier lines not drawn' })
        .waitFor({ state: 'visible', timeout: UI_TIMEOUT });
      const drawn = await frame.locator('.rows .row').count();
      if (drawn !== 2000) throw new Error(`the panel should draw the newest 2000 lines, it draws ${drawn}`);
      await wb.shot('newest-lines-and-the-hidden-note');

      await frame.locator('.log-toolbar a', { hasText: 'Open as Text' }).click();
      await wb.page
        .locator('.tabs-container .tab')
        .filter({ hasText: /^stderr-flood-.*\.stderr\.log/ })
        .first()
        .waitFor({ timeout: UI_TIMEOUT });
      // The first line of the run, long gone from the panel, is the editor's first line.
      const first = wb.page.locator('.editor-instance .view-lines .view-line').first();
      await first.filter({ hasText: 'debug: flood line 1 of 100000' }).waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('every-line-as-text');
    },
  },
];
