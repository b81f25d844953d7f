// Load Test Tool… as a person runs it: from the palette, on a server built with the official
// SDK whose wait tool answers after the milliseconds asked for. The run is drawn in a panel:
// the figures, the latency histogram, throughput per second, the server's CPU and memory.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../harness/paths';
import type { E2eTest } from './e2eTest';
import { UI_TIMEOUT, webviewFrame } from './workbench';

const fixture = join(root, 'test', 'fixtures', 'servers', 'fuzz', 'delay.mjs');

function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-lens-load-'));
  mkdirSync(join(dir, '.vscode'));
  writeFileSync(join(dir, '.vscode', 'mcp.json'), JSON.stringify({ servers: { 'fuzz-delay': { type: 'stdio', command: 'node', args: [fixture] } } }, null, 2));
  return dir;
}

export const tests: E2eTest[] = [
  {
    name: 'load: the latency histogram of a tool with a known delay',
    workspace: workspace(),
    async run(wb) {
      await wb.runCommand('MCP Lens: Load Test Tool…');
      const input = wb.page.locator('.quick-input-widget input');
      await input.waitFor({ timeout: UI_TIMEOUT });
      await input.fill('wait');
      await input.press('Enter');
      await wb.page.locator('.quick-input-widget').filter({ hasText: 'A JSON object' }).waitFor({ timeout: UI_TIMEOUT });
      await input.fill('{"ms": 30}');
      await input.press('Enter');
      await wb.page.locator('.quick-input-widget').filter({ hasText: 'in all' }).waitFor({ timeout: UI_TIMEOUT });
      await input.fill('160');
      await input.press('Enter');
      await wb.page.locator('.quick-input-widget').filter({ hasText: 'in flight at once' }).waitFor({ timeout: UI_TIMEOUT });
      await input.fill('4');
      await input.press('Enter');
      const panel = await webviewFrame(wb.page, '[data-chart="histogram"] svg', 120_000);
      await panel.locator('h1').filter({ hasText: 'Load test of wait' }).waitFor({ timeout: UI_TIMEOUT });
      await panel.locator('[data-figures="latency"] td[data-label="p99"]').filter({ hasText: / ms$/ }).waitFor({ timeout: UI_TIMEOUT });
      await panel.locator('[data-chart="throughput"] rect[data-bar="throughput"]').first().waitFor({ timeout: UI_TIMEOUT });
      await panel.locator('[data-chart="memory"] circle[data-point="memory"]').first().waitFor({ timeout: UI_TIMEOUT });
      await panel.locator('[data-figures="requests"] td[data-label="total"]').filter({ hasText: /^160$/ }).waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('load-histogram');
    },
  },
];
