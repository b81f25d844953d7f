// An MCP App as its author debugs it: run the tool that links a ui:// app, see the app drawn
// under the result in the tool panel (its own sandboxed frame, fed the tool's input and result
// through the official ext-apps bridge), click in the app so it calls a server tool through
// the host, and find that call in the Messages view with the app's lane beside it.
import { join } from 'node:path';
import { root } from '../harness/paths';
import type { E2eTest } from './e2eTest';
import { UI_TIMEOUT, webviewFrame, type Workbench } from './workbench';

const workspace = join(root, 'test', 'e2e', 'workspaces', 'apps');
const faults = join(root, 'test', 'e2e', 'workspaces', 'apps-faults');
const example = join(root, 'test', 'e2e', 'workspaces', 'apps-example');

/** Run Tool… → a tool without arguments: it runs at once in its panel. */
async function runTool(wb: Workbench, tool: string): Promise<void> {
  await wb.pickAfterCommand('Run Tool…', tool);
}

/** Run Tool… → the tool → its one argument typed in the quick input: it runs in its panel. */
async function runWithName(wb: Workbench, tool: string, name: string): Promise<void> {
  await wb.pickAfterCommand('Run Tool…', tool);
  const input = wb.page.locator('.quick-input-widget input');
  await wb.page.locator('.quick-input-widget').filter({ hasText: `${tool} (1/1): name` }).waitFor({ timeout: UI_TIMEOUT });
  await input.fill(name);
  await input.press('Enter');
}

export const tests: E2eTest[] = [
  {
    name: 'mcp app: an app-only tool is offered in Run Tool marked app-only, and runs',
    workspace,
    window: 'apps',
    async run(wb) {
      await wb.openContainer('MCP Lens');
      await wb.waitForRow(/greeter-app/);
      await wb.runCommand('Run Tool…');
      const rows = wb.page.locator('.quick-input-list .monaco-list-row');
      const appOnly = rows.filter({ hasText: 'reset_greeting' }).first();
      await appOnly.waitFor({ timeout: UI_TIMEOUT });
      const shown = (await appOnly.innerText()).replace(/\s+/g, ' ');
      if (!/^reset_greeting\s*app-only \(hidden from models\) Clears the greeting/.test(shown)) throw new Error(`the app-only tool's row should say so, got ${JSON.stringify(shown)}`);
      const add = (await rows.filter({ hasText: 'Adds two numbers' }).first().innerText()).replace(/\s+/g, ' ');
      if (add.includes('app-only')) throw new Error(`a tool models see is not marked, got ${JSON.stringify(add)}`);
      await wb.shot('app-only-tool-in-run-tool');
      await appOnly.click();
      const form = await webviewFrame(wb.page, '.tool-form', 90_000);
      await form.locator('.result-area').filter({ hasText: 'Greeting cleared.' }).waitFor({ timeout: UI_TIMEOUT });
    },
  },
  {
    name: 'mcp app: rendered in the tool panel, calls a tool through the host',
    workspace,
    window: 'apps',
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
      // A style element the app added at run time applies, as the MCP Apps default policy has it.
      const color = await app.locator('#styled').evaluate((e) => getComputedStyle(e).color);
      if (color !== 'rgb(0, 128, 0)') throw new Error(`the app's run-time style should colour #styled green, got ${color}`);
      const panel = await webviewFrame(wb.page, '.app-frame');
      await panel.locator('.app-frame').scrollIntoViewIfNeeded();
      await wb.shot('app-rendered-in-tool-panel');

      // The app calls `add` on the same server through the bridge.
      await app.locator('#add').click();
      await app.locator('#sum').filter({ hasText: 'add(2, 3) via the host: 5' }).waitFor({ timeout: UI_TIMEOUT });
      await panel.locator('.app-frame').scrollIntoViewIfNeeded();
      await wb.shot('app-called-a-tool-through-the-host');

      // The Messages view: the app lane (app → host tools/call add) and the tools/call it caused.
      // The Servers pane is collapsed so the whole conversation has room (the list draws only visible rows).
      await wb.page.locator('.part.sidebar .pane-header', { hasText: /Servers/i }).first().click();
      const messages = wb.page.locator('.part.sidebar .pane').filter({ has: wb.page.locator('.pane-header', { hasText: /Messages/i }) });
      await messages.locator('.monaco-list-row').filter({ hasText: /tools\/call add #\d+.*app → host/ }).first().waitFor({ timeout: UI_TIMEOUT });
      await messages.locator('.monaco-list-row').filter({ hasText: /^tools\/call add #\d+\s*\d+ ms/ }).first().waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('app-lane-in-messages-view');
    },
  },
  {
    name: 'mcp app example: the published server-basic-vanillajs app in the tool panel, its Get Server Time through the host, and its preview',
    workspace: example,
    async run(wb) {
      await wb.openContainer('MCP Lens');
      await wb.waitForRow(/basic-vanillajs/);
      await runTool(wb, 'get-time');
      // The example app, built with the official App class, as the tool panel draws it.
      const app = await webviewFrame(wb.page, '#get-time-btn', 90_000);
      const time = app.locator('#server-time');
      await time.filter({ hasText: /\d{4}-\d\d-\d\dT/ }).waitFor({ timeout: UI_TIMEOUT });
      const before = await time.textContent();
      const panel = await webviewFrame(wb.page, '.app-frame');
      await panel.locator('.app-frame').scrollIntoViewIfNeeded();
      await wb.shot('example-app-rendered-in-tool-panel');

      // Get Server Time: the app calls get-time on the server through the host bridge.
      await app.locator('#get-time-btn').click();
      await time.filter({ hasNotText: before ?? '' }).filter({ hasText: /\d{4}-\d\d-\d\dT/ }).waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('example-app-called-get-time');

      // Open App Preview on the ui:// resource's row: the app again, in its own panel, no tool run.
      const server = await wb.waitForRow(/basic-vanillajs/);
      await wb.expand(server);
      const resources = await wb.waitForRow(/^Resources/);
      await wb.expand(resources);
      const resource = await wb.waitForRow(/ui:\/\/get-time\/mcp-app\.html/);
      await wb.clickInlineAction(resource, 'Open App Preview');
      const preview = await webviewFrame(wb.page, '.app-preview', 90_000);
      await preview.locator('.app-preview').filter({ hasText: 'Preview: no tool ran' }).waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('example-app-preview');

      // The Messages view: the app's tools/call get-time (app lane) beside the call it caused.
      await wb.page.locator('.part.sidebar .pane-header', { hasText: /Servers/i }).first().click();
      const messages = wb.page.locator('.part.sidebar .pane').filter({ has: wb.page.locator('.pane-header', { hasText: /Messages/i }) });
      await messages.locator('.monaco-list-row').filter({ hasText: /tools\/call get-time #\d+.*app → host/ }).first().waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('example-app-call-in-messages-view');
    },
  },
  {
    name: 'mcp app faults: a CSP violation, an unknown tool and a missing resource as diagnostics',
    workspace: faults,
    async run(wb) {
      await wb.openContainer('MCP Lens');
      await wb.waitForRow(/misbehaving-app/);
      await runTool(wb, 'leaky');
      // The app's fetch to an undeclared origin is blocked by the CSP; its call to a missing tool is answered by the server.
      const app = await webviewFrame(wb.page, '#fetch', 90_000);
      await app.locator('#fetch').filter({ hasText: 'blocked' }).waitFor({ timeout: UI_TIMEOUT });
      await app.locator('#inline').filter({ hasText: 'inline script: refused' }).waitFor({ timeout: UI_TIMEOUT });
      await app.locator('#call').filter({ hasText: /no_such_tool: (answered|refused)/ }).waitFor({ timeout: UI_TIMEOUT });
      const panel = await webviewFrame(wb.page, '.app-frame');
      await panel.locator('.app-frame').scrollIntoViewIfNeeded();
      await wb.shot('leaky-app-blocked-by-its-csp');

      await runTool(wb, 'lost');
      const lost = await webviewFrame(wb.page, '.app-problem');
      await lost.locator('.app-problem').filter({ hasText: 'The app is not shown' }).waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('missing-app-resource-in-the-tool-panel');

      // An app that never initialises (its panel stays in view meanwhile: a hidden panel's app is not waited for),
      // and one that posts messages the bridge refuses.
      await runTool(wb, 'silent');
      await webviewFrame(wb.page, '#status:has-text("starting")', UI_TIMEOUT);
      await wb.runCommand('View: Focus Problems');
      await wb.page.locator('.markers-panel .monaco-list-row').filter({ hasText: 'never sent ui/initialize' }).filter({ hasText: 'silent.html' }).first().waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('app-never-initialised-in-problems');
      await runTool(wb, 'rude');
      const rude = await webviewFrame(wb.page, '#status:has-text("rude messages")', UI_TIMEOUT);
      await rude.locator('#status').filter({ hasText: 'posted 4 rude messages' }).waitFor({ timeout: UI_TIMEOUT });

      await wb.runCommand('View: Focus Problems');
      const problems = wb.page.locator('.markers-panel .monaco-list-row');
      await problems.filter({ hasText: 'was blocked by its CSP' }).filter({ hasText: 'tracker.example.com' }).first().waitFor({ timeout: UI_TIMEOUT });
      await problems.filter({ hasText: 'which the server does not list' }).filter({ hasText: 'no_such_tool' }).first().waitFor({ timeout: UI_TIMEOUT });
      await problems.filter({ hasText: 'cannot be shown' }).filter({ hasText: 'missing.html' }).first().waitFor({ timeout: UI_TIMEOUT });
      await problems.filter({ hasText: 'ui/make-coffee' }).filter({ hasText: '-32601' }).first().waitFor({ timeout: UI_TIMEOUT });
      await problems.filter({ hasText: 'never sent ui/initialize' }).filter({ hasText: 'silent.html' }).first().waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('app-faults-in-problems');

      // The script the leaky app added at run time is a note below the warnings: the filter finds it, as a person would.
      const filter = wb.page.locator('.part.panel').getByPlaceholder(/^Filter \(e\.g\. text/);
      await filter.fill('inline script');
      await problems.filter({ hasText: 'MCP Lens refused an inline script of the app "ui://misbehaving/leaky.html"' }).first().waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('inline-script-note-in-problems');
      await filter.fill('');
    },
  },
];
