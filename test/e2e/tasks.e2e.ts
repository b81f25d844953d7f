// A 2026-07-28 tool run as a task, as a person does it: the server advertises the tasks
// extension (io.modelcontextprotocol/tasks), the tool panel offers "Run as a task", its status
// line follows the task while tasks/get polls it, the inlined result shows when it completes,
// and the Messages view keeps the polls under the call; a task that asks for input is answered
// in the panel.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../harness/paths';
import type { E2eTest } from './e2eTest';
import { UI_TIMEOUT, webviewFrame } from './workbench';

const fixture = join(root, 'test', 'fixtures', 'servers', 'corpus', 'tasks.mjs');

function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-lens-tasks-'));
  mkdirSync(join(dir, '.vscode'));
  writeFileSync(join(dir, '.vscode', 'mcp.json'), JSON.stringify({ servers: { 'task-server': { type: 'stdio', command: 'node', args: [fixture, '--stdio'] } } }, null, 2));
  return dir;
}

export const tests: E2eTest[] = [
  {
    name: 'tasks: a 2026-07-28 tool runs as a task in the tool panel, its polls under the call',
    workspace: workspace(),
    async run(wb) {
      await wb.openContainer('MCP Lens');
      await wb.clickInlineAction(await wb.waitForRow(/task-server/), 'Start Server');
      await wb.waitForRow(/task-server.*modern 2026-07-28/);
      // The tool row's ▶ opens its panel (Run Tool… would ask two scalar arguments in the quick input).
      await wb.clickInlineAction(await wb.waitForRow(/slow_compute/), 'Run Tool');

      const form = await webviewFrame(wb.page, '.tool-form');
      await form.locator('h1').filter({ hasText: 'slow_compute' }).waitFor({ timeout: UI_TIMEOUT });
      await form.locator('.server-badge').filter({ hasText: 'running' }).waitFor({ timeout: UI_TIMEOUT });
      await form.locator('.field[data-path="/seconds"] input').fill('3');
      await form.locator('.field[data-path="/label"] input').fill('lens');
      // Offered because the server advertises the extension (a 2026-07-28 tool has no taskSupport of its own).
      await form.locator('#run-as-task').check();
      await wb.shot('run-as-task-ticked');
      await form.locator('button.primary').click();

      const status = form.locator('.result-running .task-status');
      await status.filter({ hasText: /^Task [0-9a-f-]{36} · working$/ }).waitFor({ timeout: UI_TIMEOUT });
      // Cancel now means tasks/cancel: the tools/call was answered with the task long ago.
      await form.locator('.result-running button[title="Send tasks/cancel"]').waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('task-working');

      const result = form.locator('.result-ok');
      await result.waitFor({ timeout: UI_TIMEOUT });
      const text = await result.locator('.text-content').first().textContent();
      if (text !== 'computed lens after 3s') throw new Error(`the inlined result should show, got ${JSON.stringify(text)}`);
      await form.locator('.task-status').filter({ hasText: /^Task [0-9a-f-]{36} · completed$/ }).waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('task-completed');

      // The Messages view: the call's row says how its task ended; expanded, its polls.
      const messages = wb.page.locator('.part.sidebar .pane').filter({ has: wb.page.locator('.pane-header', { hasText: /Messages/i }) });
      const call = messages.locator('.monaco-list-row').filter({ hasText: /tools\/call slow_compute #\d+/ }).filter({ hasText: 'task completed' }).first();
      await call.waitFor({ timeout: UI_TIMEOUT });
      await call.click();
      await wb.page.keyboard.press('ArrowRight');
      const polls = messages.locator('.monaco-list-row').filter({ hasText: /tasks\/get #\d+/ });
      await polls.first().waitFor({ timeout: UI_TIMEOUT });
      if ((await polls.count()) < 2) throw new Error(`the call should hold its polls (at least 2 tasks/get), found ${await polls.count()}`);
      await wb.shot('task-lane-in-messages');
      // Folded again, so the next call's row is in view.
      await call.click();
      await wb.page.keyboard.press('ArrowLeft');
      await polls.first().waitFor({ state: 'detached', timeout: UI_TIMEOUT });

      // Input inside a task: the task asks (input_required with an elicitation), the question is
      // answered in the panel, and the answer goes back with tasks/update.
      await wb.clickInlineAction(await wb.waitForRow(/confirm_delete/), 'Run Tool');
      const confirm = await webviewFrame(wb.page, '.field[data-path="/filename"]');
      await confirm.locator('.field[data-path="/filename"] input').fill('notes.txt');
      await confirm.locator('#run-as-task').check();
      await confirm.locator('button.primary').click();
      const ask = confirm.locator('.ask-form');
      await ask.locator('.ask-message').filter({ hasText: 'Delete notes.txt?' }).waitFor({ timeout: UI_TIMEOUT });
      await confirm.locator('.task-status').filter({ hasText: /· input_required$/ }).waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('task-asks-for-input');
      await ask.locator('button', { hasText: 'Accept' }).click();
      await confirm.locator('.result-ok .text-content').filter({ hasText: 'deleted notes.txt' }).waitFor({ timeout: UI_TIMEOUT });
      await confirm.locator('.task-status').filter({ hasText: /· completed$/ }).waitFor({ timeout: UI_TIMEOUT });
      await messages.locator('.monaco-list-row').filter({ hasText: /tools\/call confirm_delete #\d+/ }).filter({ hasText: 'task completed' }).first().waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('task-input-answered');
    },
  },
];
