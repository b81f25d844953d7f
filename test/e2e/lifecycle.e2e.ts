// Issue 10 as a person sees it: a server that dies at once tells one story in the Servers
// row, its tooltip, the error notification, the Messages view and the stderr card (exit code and stderr
// reason, the probe lost with the exit, no EPIPE), and so does one that crashes while
// running, with the request it lost; a modern server that is silent for 4 s
// (a cold npx/uvx) runs as modern; a list_changed during the first listing ends with the
// newest list shown.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../harness/paths';
import type { Frame } from 'playwright-core';
import type { E2eTest } from './e2eTest';
import { UI_TIMEOUT, type Workbench } from './workbench';

const fixtures = join(root, 'test', 'fixtures', 'servers', 'lifecycle');

/** A workspace whose .vscode/mcp.json runs the lifecycle fixtures from this checkout. */
function lifecycleWorkspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-lens-e2e-lifecycle-'));
  mkdirSync(join(dir, '.vscode'));
  const server = (file: string, env: Record<string, string> = {}) => ({ type: 'stdio', command: 'node', args: [join(fixtures, file)], env });
  const servers = {
    'enoent-at-once': server('exits-enoent.mjs'),
    'cold-modern': server('slow-modern-start.mjs', { SLOW_START_MS: '4000' }),
    'overlapping': server('overlapping-listings.mjs'),
    'crashes-while-listing': server('crashes-on-prompts-list.mjs'),
  };
  writeFileSync(join(dir, '.vscode', 'mcp.json'), JSON.stringify({ servers }, null, 2));
  return dir;
}

const workspace = lifecycleWorkspace();
const ENOENT = "Error: ENOENT: no such file or directory, scandir '/nonexistent/mcp-lens-fixture-dir'";

function messagesPane(wb: Workbench) {
  return wb.page.locator('.part.sidebar .pane').filter({ has: wb.page.locator('.pane-header', { hasText: /Messages/i }) });
}

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

async function startFromRow(wb: Workbench, name: string): Promise<void> {
  await wb.openContainer('MCP Lens');
  const row = await wb.waitForRow(new RegExp(`${name}.*stopped`));
  await wb.clickInlineAction(row, 'Start Server');
}

export const tests: E2eTest[] = [
  {
    name: 'lifecycle: a server that exits at once: row, tooltip, notification, Messages view and stderr card agree',
    workspace,
    window: 'lifecycle',
    async run(wb) {
      await startFromRow(wb, 'enoent-at-once');
      // The row: the exit code and the stderr reason, not a pipe error.
      const row = wb.row(/enoent-at-once/);
      await wb.page.locator('.part.sidebar .monaco-list-row').filter({ hasText: `exited (code 1): ${ENOENT}` }).first().waitFor({ timeout: UI_TIMEOUT });
      // The notification says the same.
      const toast = await wb.waitForNotification(`"enoent-at-once" failed to start: exited (code 1): ${ENOENT}`);
      if (/EPIPE/.test(await toast.innerText())) throw new Error(`the notification blames the pipe: ${await toast.innerText()}`);
      await wb.shot('enoent-row-and-notification');
      // The tooltip: the same sentence, and the stderr tail.
      // Away and back onto the label (not the inline actions), as a person points at it.
      await wb.page.mouse.move(700, 400);
      await row.locator('.label-name, .monaco-icon-label').first().hover();
      const hover = wb.page.locator('.monaco-hover, .workbench-hover').filter({ hasText: `exited (code 1): ${ENOENT}` }).first();
      await hover.waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('enoent-tooltip');
      // The Messages view: the probe ended, lost with the exit; nothing is "pending…".
      const messages = messagesPane(wb);
      await messages.locator('.monaco-list-row').filter({ hasText: 'server/discover #1' }).filter({ hasText: 'lost: the server exited (code 1) before answering' }).first().waitFor({ timeout: UI_TIMEOUT });
      await messages.locator('.monaco-list-row').filter({ hasText: /exited\s*code 1/ }).first().waitFor({ timeout: UI_TIMEOUT });
      const pending = await messages.locator('.monaco-list-row').filter({ hasText: 'pending…' }).count();
      if (pending > 0) throw new Error(`${pending} Messages row(s) still say pending… after the exit`);
      await wb.shot('enoent-messages-lost');
      // The stderr card: the same exit and reason, and no promise that a retry helps a missing directory.
      await wb.runCommand('MCP Lens: Show stderr and Diagnostics');
      const frame = await frameWith(wb, '.card');
      const card = frame.locator('.card', { hasText: 'exited-early' }).first();
      await card.waitFor({ timeout: UI_TIMEOUT });
      const text = await card.innerText();
      for (const expected of ['exited (code 1)', 'ENOENT: no such file or directory', 'Retrying will not help.']) {
        if (!text.includes(expected)) throw new Error(`the exited-early card lacks "${expected}": ${text}`);
      }
      await wb.shot('enoent-stderr-card');
    },
  },
  {
    name: 'lifecycle: a crash while running: row, notification and Messages view name the exit and the lost request',
    workspace,
    window: 'lifecycle',
    async run(wb) {
      await startFromRow(wb, 'crashes-while-listing');
      const reason = "TypeError: Cannot read properties of undefined (reading 'prompts')";
      await wb.page.locator('.part.sidebar .monaco-list-row').filter({ hasText: `${reason} · exited (code 1)` }).first().waitFor({ timeout: UI_TIMEOUT });
      await wb.waitForNotification(`"crashes-while-listing" exited (code 1): ${reason}`);
      const messages = messagesPane(wb);
      await messages.locator('.monaco-list-row').filter({ hasText: 'prompts/list #' }).filter({ hasText: 'lost: the server exited (code 1) before answering' }).first().waitFor({ timeout: UI_TIMEOUT });
      const pending = await messages.locator('.monaco-list-row').filter({ hasText: 'pending…' }).count();
      if (pending > 0) throw new Error(`${pending} Messages row(s) still say pending… after the crash`);
      await wb.shot('crash-while-running');
    },
  },
  {
    name: 'lifecycle: a modern server silent for 4 s (a cold start) runs as modern with its tools',
    workspace,
    window: 'lifecycle',
    async run(wb) {
      await startFromRow(wb, 'cold-modern');
      const running = wb.row(/cold-modern.*modern 2026-07-28/);
      await running.waitFor({ timeout: UI_TIMEOUT });
      await wb.expand(running);
      await wb.waitForRow('warmed_up');
      const messages = messagesPane(wb);
      await messages.locator('.monaco-list-row').filter({ hasText: 'server/discover #1' }).first().waitFor({ timeout: UI_TIMEOUT });
      await messages.locator('.monaco-list-row').filter({ hasText: 'era: modern' }).first().waitFor({ timeout: UI_TIMEOUT });
      // Taken for legacy, it would have sent initialize (and got -32601).
      const initialize = await messages.locator('.monaco-list-row').filter({ hasText: 'initialize #' }).count();
      if (initialize > 0) throw new Error('the cold modern server was sent initialize');
      await wb.shot('cold-modern-running');
    },
  },
  {
    name: 'lifecycle: a list_changed during the first paginated listing: the newest list is shown',
    workspace,
    window: 'lifecycle',
    async run(wb) {
      await startFromRow(wb, 'overlapping');
      const running = wb.row(/overlapping.*(modern|legacy) \d{4}-\d\d-\d\d/);
      await running.waitFor({ timeout: UI_TIMEOUT });
      // Two listings of three pages each: wait until all six pages are answered.
      const messages = messagesPane(wb);
      await messages.locator('.monaco-list-row').filter({ hasText: 'notifications/tools/list_changed' }).first().waitFor({ timeout: UI_TIMEOUT });
      for (let id = 3; id <= 8; id++) {
        await messages.locator('.monaco-list-row').filter({ hasText: `tools/list #${id}` }).filter({ hasText: / ms/ }).first().waitFor({ timeout: UI_TIMEOUT });
      }
      await wb.expand(running);
      for (const tool of ['alpha_v2', 'beta_v2', 'gamma_v2']) await wb.waitForRow(tool);
      if ((await wb.page.locator('.part.sidebar .monaco-list-row').filter({ hasText: 'alpha_v1' }).count()) > 0) {
        throw new Error('the older listing (alpha_v1) overwrote the newer one');
      }
      await wb.shot('overlapping-newest-list');
    },
  },
];
