// Fuzz Tool… as a person runs it: from the palette, on a server built with the official SDK
// whose divide tool crashes the process when b is 0. The finding arrives as a notification
// naming the crash and its smallest input; one click saves it as a regression test.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../harness/paths';
import type { E2eTest } from './e2eTest';
import { UI_TIMEOUT } from './workbench';

const fixture = join(root, 'test', 'fixtures', 'servers', 'fuzz', 'faults.mjs');

function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-lens-fuzz-'));
  mkdirSync(join(dir, '.vscode'));
  writeFileSync(join(dir, '.vscode', 'mcp.json'), JSON.stringify({ servers: { 'fuzz-faults': { type: 'stdio', command: 'node', args: [fixture] } } }, null, 2));
  return dir;
}

export const tests: E2eTest[] = [
  {
    name: 'fuzz: a crash found, shrunk and saved as a test',
    workspace: workspace(),
    async run(wb) {
      await wb.runCommand('MCP Lens: Fuzz Tool…');
      const input = wb.page.locator('.quick-input-widget input');
      await wb.page.locator('.quick-input-list .monaco-list-row').filter({ hasText: 'divide' }).first().waitFor({ timeout: UI_TIMEOUT });
      await input.fill('divide');
      await wb.shot('fuzz-pick-tool');
      await input.press('Enter');
      const toast = await wb.waitForNotification(/fuzzing "divide" found 1 fault/, 180_000);
      await toast.filter({ hasText: 'crashed' }).filter({ hasText: '"a":0,"b":0' }).waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('fuzz-finding');
      await toast.locator('a.monaco-button, .monaco-button').filter({ hasText: 'Save as Tests' }).first().click();
      await wb.waitForNotification(/saved 1 regression test\(s\) in \.mcp-lens\/tests\/fuzz-faults\.mcptest\.json/);
      await wb.shot('fuzz-saved');
    },
  },
];
