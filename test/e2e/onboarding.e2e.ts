// The first minute of a new user, in a folder with no MCP config: the walkthrough's first
// step adds a server through Add Server… (a command line), its second step starts it; and
// Add Server… from the empty Servers view's welcome adds an npm package run with npx.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'jsonc-parser';
import type { Locator } from 'playwright-core';
import { root } from '../harness/paths';
import type { E2eTest } from './e2eTest';
import { UI_TIMEOUT, type Workbench } from './workbench';

const empty = join(root, 'test', 'e2e', 'workspaces', 'empty');
// A real server on disk, named by its absolute path as a person pastes it into the prompt.
const weather = join(root, 'examples', 'workspace', 'servers', 'weather', 'server.mjs');

/** The quick input's row containing `text`, clicked. */
async function pick(wb: Workbench, text: string | RegExp): Promise<void> {
  const row = wb.page.locator('.quick-input-widget .quick-input-list .monaco-list-row').filter({ hasText: text }).first();
  await row.waitFor({ timeout: UI_TIMEOUT });
  await row.click();
}

/** Types into the open input box (replacing what it suggests) after checking its prompt, then Enter. */
async function answer(wb: Workbench, prompt: string | RegExp, value: string | undefined, shot?: string): Promise<void> {
  const widget = wb.page.locator('.quick-input-widget').filter({ hasText: prompt });
  await widget.waitFor({ timeout: UI_TIMEOUT });
  const input = widget.locator('input').first();
  if (value !== undefined) await input.fill(value);
  if (shot) await wb.shot(shot);
  await input.press('Enter');
  await widget.waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
}

/** The servers of the workspace-root `.mcp.json` (where Add Server writes, as VS Code does) as the file on disk has them. */
function serversOnDisk(wb: Workbench): Record<string, { command?: string; args?: string[] }> {
  const text = readFileSync(join(wb.workspace, '.mcp.json'), 'utf8');
  return (parse(text) as { mcpServers?: Record<string, { command?: string; args?: string[] }> }).mcpServers ?? {};
}

function expectServer(wb: Workbench, name: string, command: string, args: string[]): void {
  const servers = serversOnDisk(wb);
  const entry = servers[name];
  if (entry?.command !== command || JSON.stringify(entry.args) !== JSON.stringify(args)) throw new Error(`.mcp.json mcpServers: ${JSON.stringify(servers)}`);
}

/** A walkthrough step's title button, and its "done" check once its completion event ran. */
function step(wb: Workbench, title: string): { title: Locator; done: Locator } {
  const button = wb.page.locator('.getting-started-step').filter({ hasText: title }).first();
  return { title: button, done: button.locator('.codicon-pass-filled, .codicon-getting-started-step-checked').first() };
}

export const tests: E2eTest[] = [
  {
    name: 'walkthrough: add a server from its first step, start it from the second',
    workspace: empty,
    async run(wb) {
      await wb.pickAfterCommand('Welcome: Open Walkthrough...', 'Get started with MCP Lens');
      const add = step(wb, 'Add or detect a server');
      await add.title.waitFor({ timeout: UI_TIMEOUT });
      for (const title of ['Start it', 'Run a tool', 'Read a diagnostic', 'Record a session from another host']) await step(wb, title).title.waitFor({ timeout: UI_TIMEOUT });
      await add.title.click();
      const addButton = wb.page.locator('.getting-started-step.expanded .monaco-button, .getting-started-step.expanded a').filter({ hasText: 'Add Server…' }).first();
      await addButton.waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('walkthrough');

      await addButton.click();
      await pick(wb, 'Command (stdio)');
      await answer(wb, 'The command line', `node ${weather}`, 'add-server-command');
      await answer(wb, 'A name for the server', 'forecast', 'add-server-name');
      // The entry is written and the file opened; the Servers view lists it.
      await wb.page.locator('.tabs-container .tab').filter({ hasText: '.mcp.json' }).first().waitFor({ timeout: UI_TIMEOUT });
      expectServer(wb, 'forecast', 'node', [weather]);
      await wb.openContainer('MCP Lens');
      await wb.waitForRow(/forecast.*stopped/);
      await wb.shot('server-added');

      // Back in the walkthrough: the first step is done; the second starts the server.
      await wb.page.locator('.tabs-container .tab').filter({ hasText: /Walkthrough|Welcome|Get started/ }).first().click();
      await add.done.waitFor({ timeout: UI_TIMEOUT });
      const start = step(wb, 'Start it');
      await start.title.click();
      const startButton = wb.page.locator('.getting-started-step.expanded .monaco-button, .getting-started-step.expanded a').filter({ hasText: 'Start Server' }).first();
      await startButton.click();
      await wb.row(/forecast.*(modern|legacy) \d{4}-\d\d-\d\d/).waitFor({ timeout: UI_TIMEOUT });
      await start.done.waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('walkthrough-started');
    },
  },
  {
    name: 'Add Server from the empty Servers view: an npm package',
    workspace: empty,
    async run(wb) {
      await wb.openContainer('MCP Lens');
      const welcome = wb.page.locator('.part.sidebar .welcome-view-content');
      await welcome.filter({ hasText: 'No MCP servers found' }).waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('empty-servers-view');
      await welcome.locator('.monaco-button, a').filter({ hasText: 'Add Server…' }).first().click();
      await pick(wb, 'npm package');
      await answer(wb, 'The npm package name', '@modelcontextprotocol/server-memory', 'npm-package');
      // The name suggested from the package is kept.
      await answer(wb, 'A name for the server', undefined);
      await wb.waitForRow(/server-memory.*stopped/);
      expectServer(wb, 'server-memory', 'npx', ['-y', '@modelcontextprotocol/server-memory']);
      await wb.shot('npm-server-added');
    },
  },
];
