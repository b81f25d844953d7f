// Load Test Tool… as a person runs it: from the palette, on a server built with the official
// SDK whose wait tool answers after the milliseconds asked for. The run is drawn in a panel:
// the figures, the latency histogram, throughput per second, the server's CPU and memory.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../harness/paths';
import type { E2eTest } from './e2eTest';
import { UI_TIMEOUT, webviewFrame, type Workbench } from './workbench';

const fixture = join(root, 'test', 'fixtures', 'servers', 'fuzz', 'delay.mjs');
const leaking = join(root, 'test', 'fixtures', 'servers', 'fuzz', 'leaks.mjs');

/** A workspace running both fixtures; the two tests share it and their window. */
function loadWorkspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-lens-load-'));
  mkdirSync(join(dir, '.vscode'));
  writeFileSync(join(dir, '.vscode', 'mcp.json'), JSON.stringify({ servers: { 'fuzz-delay': { type: 'stdio', command: 'node', args: [fixture] }, 'load-leaks': { type: 'stdio', command: 'node', args: [leaking] } } }, null, 2));
  return dir;
}

const workspace = loadWorkspace();

/** Load Test Tool… from the palette, answering each of its questions as a person types them. */
async function loadFromPalette(wb: Workbench, server: string, tool: string, args: string, calls: string, atOnce: string): Promise<void> {
  await wb.runCommand('MCP Lens: Load Test Tool…');
  const input = wb.page.locator('.quick-input-widget input');
  await wb.page.locator('.quick-input-list .monaco-list-row').filter({ hasText: server }).first().waitFor({ timeout: UI_TIMEOUT });
  await input.fill(server);
  await wb.page.locator('.quick-input-list .monaco-list-row').filter({ hasText: server }).first().waitFor({ timeout: UI_TIMEOUT });
  await input.press('Enter');
  for (const [prompt, value] of [['Load test which tool', tool], ['A JSON object', args], ['in all', calls], ['in flight at once', atOnce]]) {
    await wb.page.locator('.quick-input-widget').filter({ hasText: prompt }).waitFor({ timeout: UI_TIMEOUT });
    await input.fill(value);
    await input.press('Enter');
  }
}

export const tests: E2eTest[] = [
  {
    name: 'load: the latency histogram of a tool with a known delay',
    workspace,
    window: 'load',
    async run(wb) {
      await loadFromPalette(wb, 'fuzz-delay', 'wait', '{"ms": 30}', '160', '4');
      const panel = await webviewFrame(wb.page, '[data-chart="histogram"] svg', 120_000);
      await panel.locator('h1').filter({ hasText: 'Load test of wait' }).waitFor({ timeout: UI_TIMEOUT });
      await panel.locator('[data-figures="latency"] td[data-label="p99"]').filter({ hasText: / ms$/ }).waitFor({ timeout: UI_TIMEOUT });
      await panel.locator('[data-chart="throughput"] rect[data-bar="throughput"]').first().waitFor({ timeout: UI_TIMEOUT });
      await panel.locator('[data-chart="memory"] circle[data-point="memory"]').first().waitFor({ timeout: UI_TIMEOUT });
      await panel.locator('[data-figures="requests"] td[data-label="total"]').filter({ hasText: /^160$/ }).waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('load-histogram');
    },
  },
  {
    name: 'load: a server that keeps 3 MiB per call is shown with memory-growth',
    workspace,
    window: 'load',
    async run(wb) {
      await loadFromPalette(wb, 'load-leaks', 'remember', '{"note": "x"}', '40', '1');
      const panel = await webviewFrame(wb.page, '.finding[data-rule="memory-growth"]', 120_000);
      await panel.locator('.finding').filter({ hasText: /grew from [\d.]+ MiB to [\d.]+ MiB/ }).waitFor({ timeout: UI_TIMEOUT });
      await panel.locator('[data-chart="memory"] circle[data-point="memory"]').nth(5).waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('load-memory-growth');
    },
  },
];
