// An MCP App as its author debugs it: run the tool that links a ui:// app, see the app drawn
// under the result in the tool panel (its own sandboxed frame, fed the tool's input and result
// through the official ext-apps bridge), click in the app so it calls a server tool through
// the host, and find that call in the Messages view with the app's lane beside it.
import { join } from 'node:path';
import { root } from '../harness/paths';
import type { E2eTest } from './e2eTest';
import { UI_TIMEOUT, webviewFrame, type Workbench } from './workbench';

process.env.MCP_LENS_REPO_ROOT ??= root;
const workspace = join(root, 'test', 'e2e', 'workspaces', 'apps');

/** Run Tool… → the tool → its one argument typed in the quick input: it runs in its panel. */
async function runWithName(wb: Workbench, tool: string, name: string): Promise<void> {
  await wb.runCommand('Run Tool…');
  const row = wb.page.locator('.quick-input-list .monaco-list-row').filter({ hasText: tool }).first();
  await row.waitFor({ timeout: UI_TIMEOUT });
  await row.click();
  const input = wb.page.locator('.quick-input-widget input');
  await wb.page.locator('.quick-input-widget').filter({ hasText: `${tool} (1/1): name` }).waitFor({ timeout: UI_TIMEOUT });
  await input.fill(name);
  await input.press('Enter');
}

export const tests: E2eTest[] = [
  {
    name: 'mcp app: rendered in the tool panel, calls a tool through the host',
    workspace,
    async run(wb) {
      await wb.openContainer('MCP Lens');
      await wb.waitForRow(/greeter-app/);
      await runWithName(wb, 'greet', 'Ada');
      const form = await webviewFrame(wb.page, '.tool-form', 90_000);
      await form.locator('.result-area').filter({ hasText: 'Hello, Ada!' }).waitFor({ timeout: UI_TIMEOUT });

      // The app's own frame (inside the sandbox proxy frame): connected to MCP Lens, given input and result.
      const app = await webviewFrame(wb.page, '#add', UI_TIMEOUT);
      await app.locator('#status').filter({ hasText: 'connected to MCP Lens' }).waitFor({ timeout: UI_TIMEOUT });
      await app.locator('#input').filter({ hasText: '"name":"Ada"' }).waitFor({ timeout: UI_TIMEOUT });
      await app.locator('#result').filter({ hasText: 'Hello, Ada!' }).waitFor({ timeout: UI_TIMEOUT });
      const panel = await webviewFrame(wb.page, '.app-frame');
      await panel.locator('.app-frame').scrollIntoViewIfNeeded();
      await wb.shot('app-rendered-in-tool-panel');

      // The app calls `add` on the same server through the bridge.
      await app.locator('#add').click();
      await app.locator('#sum').filter({ hasText: 'add(2, 3) via the host: 5' }).waitFor({ timeout: UI_TIMEOUT });
      await panel.locator('.app-frame').scrollIntoViewIfNeeded();
      await wb.shot('app-called-a-tool-through-the-host');

      // The Messages view: the app lane (app → host tools/call add) and the tools/call it caused.
      const messages = wb.page.locator('.part.sidebar .pane').filter({ has: wb.page.locator('.pane-header', { hasText: /Messages/i }) });
      await messages.locator('.monaco-list-row').filter({ hasText: /tools\/call add #\d+.*app → host/ }).first().waitFor({ timeout: UI_TIMEOUT });
      await messages.locator('.monaco-list-row').filter({ hasText: /^tools\/call/ }).filter({ hasText: 'add' }).first().waitFor({ timeout: UI_TIMEOUT });
      await wb.page.locator('.part.sidebar .pane-header', { hasText: /Servers/i }).first().click();
      await wb.shot('app-lane-in-messages-view');
    },
  },
];
