// The probes after Start as a person meets them: start a server, see its Probes row (which
// probes ran, which were skipped and why), and the ping-failed card in the stderr panel.
import { join } from 'node:path';
import { root } from '../harness/paths';
import type { E2eTest } from './e2eTest';
import { UI_TIMEOUT, webviewFrame } from './workbench';

const workspace = join(root, 'test', 'e2e', 'workspaces', 'probes');

export const tests: E2eTest[] = [
  {
    name: 'probes after Start: the Probes row lists each probe, the stderr panel has the ping-failed card',
    workspace,
    window: 'probes',
    async run(wb) {
      await wb.openContainer('MCP Lens');
      const server = await wb.waitForRow(/ping-error/);
      await wb.clickInlineAction(server, 'Start Server');
      await wb.row(/ping-error.*legacy 2025-11-25/).waitFor({ timeout: UI_TIMEOUT });
      const probes = await wb.waitForRow(/Probes.*\d+ ran · \d+ skipped/);
      await wb.expand(probes);
      // Anchored: the Messages view below has a row "probe ping ran" too, and when the Servers
      // tree re-rendered as the probes ended, the click and End went there (ci64).
      const ping = await wb.waitForRow(/^ping\s*ran/);
      // The last row of the tree: End scrolls the list to it, as a person scrolls.
      await ping.click();
      await wb.page.keyboard.press('End');
      await wb.waitForRow(/legacy-era\s*skipped: the session is 2025-era already/);
      await wb.shot('probes-row');

      await wb.runCommand('MCP Lens: Show stderr and Diagnostics');
      const frame = await webviewFrame(wb.page, '.card');
      const card = frame.locator('.card', { hasText: 'ping-failed' }).first();
      await card.waitFor({ timeout: UI_TIMEOUT });
      const text = await card.innerText();
      if (!text.includes('ping was answered with error -32603')) throw new Error(`the ping-failed card does not name the error: ${text}`);
      await wb.shot('ping-failed-card');
    },
  },
  {
    name: 'a probe that kills the server: it is started again, the Probes row says ping failed and the rest ran, the probe-failed card cites the exit',
    workspace,
    window: 'probes',
    async run(wb) {
      await wb.openContainer('MCP Lens');
      const server = await wb.waitForRow(/crash-on-ping/);
      await wb.clickInlineAction(server, 'Start Server');
      // Started once more after the crash, without probes: running, its lists shown again.
      const probes = await wb.waitForRow(/Probes.*1 failed/);
      await wb.row(/crash-on-ping.*legacy 2025-11-25/).waitFor({ timeout: UI_TIMEOUT });
      await wb.expand(probes);
      await wb.waitForRow(/ping\s*failed: the server exited during the probe/);
      await wb.waitForRow(/logging\s*(ran|skipped)/);
      await wb.shot('crash-probe-row');

      await wb.runCommand('MCP Lens: Show stderr and Diagnostics');
      const frame = await webviewFrame(wb.page, '.card');
      const card = frame.locator('.card', { hasText: 'probe-failed' }).first();
      await card.waitFor({ timeout: UI_TIMEOUT });
      const text = await card.innerText();
      if (!text.includes('the server exited during the probe')) throw new Error(`the probe-failed card does not say the server died: ${text}`);
      await wb.shot('crash-probe-card');
    },
  },
];
