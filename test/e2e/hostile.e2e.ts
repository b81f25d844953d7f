// A hostile server (official SDK, payloads in every string it controls) through every
// native surface of a real VS Code: the Servers view and its hovers, the Run Tool, Get
// Prompt and Read Resource picks and input boxes, notifications, the tool panel, the
// stderr panel, the Messages view, Problems, and a trace file's hovers. Every payload, if
// it fired, would call the canary listener below or open a terminal or an editor.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { root } from '../harness/paths';
import { Canary } from './canary';
import type { E2eTest } from './e2eTest';
import { type PickStep, UI_TIMEOUT, type Workbench } from './workbench';

const fixture = join(root, 'test', 'fixtures', 'servers', 'hostile', 'payloads.mjs');
const canary = new Canary();

/** A fresh workspace naming the fixture twice (once failing its initialize) and a hostile trace file. */
function payloadsWorkspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-lens-payloads-'));
  mkdirSync(join(dir, '.vscode'));
  const server = (args: string[]) => ({ type: 'stdio', command: 'node', args: [fixture, ...args], env: { PAYLOAD_CANARY: canary.url } });
  writeFileSync(join(dir, '.vscode', 'mcp.json'), JSON.stringify({ servers: { payloads: server([]), 'payloads-init': server(['--fail-initialize']) } }, null, 2));
  const p = (where: string) => `![pixel](${canary.url}/md-image/${where}) [Fix it](command:workbench.action.terminal.new) <${canary.url}/autolink/${where}> ${canary.url}/bare/${where}`;
  const lines = [
    { seq: 1, t: 1, dir: 'c2s', raw: '', msg: { jsonrpc: '2.0', id: 1, method: p('trace-method'), params: { name: p('trace-name') } } },
    { seq: 2, t: 2, dir: 's2c', raw: '', msg: { jsonrpc: '2.0', id: 1, error: { code: -32022, message: p('trace-error'), data: { supported: [p('trace-supported')] } } } },
    { seq: 3, t: 3, dir: 's2c', raw: '', msg: { jsonrpc: '2.0', method: p('trace-notification') } },
  ].map((e) => JSON.stringify({ ...e, raw: JSON.stringify(e.msg) }));
  writeFileSync(join(dir, 'hostile.mcptrace.jsonl'), `${lines.join('\n')}\n`);
  return dir;
}

/** One for both tests, which share a window: the second also finds nothing fired by what the first showed. */
const workspace = payloadsWorkspace();

/** Elements built from a payload: a link or image to the canary or to a payload's command, or a codicon drawn from `$(…)`. */
async function payloadElements(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const frame of page.frames()) {
    const hits = await frame
      .evaluate((canaryUrl) => {
        const bad: string[] = [];
        for (const el of Array.from(document.querySelectorAll('[href], [src], [srcset]'))) {
          for (const attr of ['href', 'src', 'srcset']) {
            const value = el.getAttribute(attr) ?? '';
            if (value.includes(canaryUrl) || /^(command:workbench\.action\.(terminal|files\.newUntitledFile)|javascript:|file:\/\/\/etc)/i.test(value)) bad.push(`<${el.tagName.toLowerCase()} ${attr}="${value.slice(0, 120)}">`);
          }
        }
        const icons = ['alert', 'terminal'].map((i) => `.quick-input-widget .codicon-${i}, .monaco-hover .codicon-${i}, .workbench-hover .codicon-${i}, .notifications-toasts .codicon-${i}`).join(', ');
        for (const el of Array.from(document.querySelectorAll(icons))) bad.push(`a codicon drawn from server text: ${el.className}`);
        return bad;
      }, canary.url)
      .catch(() => [] as string[]);
    found.push(...hits);
  }
  return found;
}

/** Nothing fired: no element from a payload, no canary call, no terminal, no untitled editor. */
async function assertNothingFired(wb: Workbench, where: string): Promise<void> {
  const elements = await payloadElements(wb.page);
  if (elements.length > 0) throw new Error(`${where}: elements built from a payload:\n  ${elements.join('\n  ')}`);
  if (canary.hits.length > 0) throw new Error(`${where}: the canary was called: ${canary.hits.join(', ')}`);
  const terminals = await wb.page.locator('.terminal-wrapper, .xterm').count();
  if (terminals > 0) throw new Error(`${where}: a terminal opened`);
  const untitled = await wb.page.locator('.tabs-container .tab').filter({ hasText: /^Untitled/ }).count();
  if (untitled > 0) throw new Error(`${where}: an untitled editor opened`);
}

/** "A command answers within 1 s": the palette opens within that bound, or the test fails. */
async function assertResponsive(wb: Workbench, after: string): Promise<void> {
  await wb.page.keyboard.press('Escape');
  await wb.page.keyboard.press('F1');
  await wb.page
    .locator('.quick-input-widget input')
    .waitFor({ state: 'visible', timeout: 1000 })
    .catch(() => {
      throw new Error(`the command palette did not open within 1 s after ${after}`);
    });
  await wb.page.keyboard.press('Escape');
}

const quickRow = (wb: Workbench, text: string | RegExp) => wb.page.locator('.quick-input-list .monaco-list-row').filter({ hasText: text }).first();

/**
 * Palette command, then the server pick when there is one. A panel the step before opened may
 * take the focus and close the pick before the click lands (ci41): the command is run again.
 */
async function runOn(wb: Workbench, command: string, server: string, ...then: PickStep[]): Promise<void> {
  await wb.pickAfterCommand(command, [new RegExp(`^${server}(?!-)`), ...then]);
}

/** Points at an element the way a mouse does, so VS Code shows its hover. */
async function hoverOver(wb: Workbench, selector: ReturnType<Page['locator']>): Promise<void> {
  const box = await selector.boundingBox();
  if (!box) throw new Error('the element to hover is not on screen');
  // Several small moves, as a hand makes: one jump may not count as hovering.
  await wb.page.mouse.move(box.x + 5, box.y + box.height / 2);
  await wb.page.mouse.move(box.x + Math.min(30, box.width / 2), box.y + box.height / 2, { steps: 5 });
}

/** A visible hover holding `text` (another one, such as an action's tooltip, may be showing too). */
const hoverBox = (wb: Workbench, text?: string) => {
  const hovers = wb.page.locator('.monaco-hover, .workbench-hover');
  return (text === undefined ? hovers : hovers.filter({ hasText: text })).filter({ visible: true }).first();
};

export const tests: E2eTest[] = [
  {
    name: 'hostile server: look-alike names and payloads on every surface',
    workspace,
    window: 'hostile',
    async run(wb) {
      await canary.listen();
      try {
        await surfaces(wb);
      } finally {
        await canary.close();
      }
    },
  },
  {
    name: 'hostile server: initialize error and a hostile trace file',
    workspace,
    window: 'hostile',
    async run(wb) {
      await canary.listen();
      try {
        await startFailureAndTrace(wb);
      } finally {
        await canary.close();
      }
    },
  },
];

/** Servers view, hovers, picks, input boxes, notifications, tool panel, stderr panel, Messages, Problems. */
async function surfaces(wb: Workbench): Promise<void> {
  const page = wb.page;
  await wb.openContainer('MCP Lens');
  const server = await wb.waitForRow(/^payloads(?!-)/);
  await wb.clickInlineAction(server, 'Start Server');
  await wb.row(/payloads.*(modern|legacy) \d{4}-\d\d-\d\d/).waitFor({ timeout: UI_TIMEOUT });

  // Servers view: every look-alike name is distinguishable from the real one.
  for (const name of ['delete_all⟨U+200B⟩', 'run⟨U+200D⟩cmd', 'read_f⟨U+0456⟩le', 'safe⟨U+202E⟩txt.exe']) await wb.waitForRow(name);
  await wb.waitForRow(/^delete_all(?!⟨)/);
  await wb.shot('servers-view-look-alike-names');
  await hoverOver(wb, wb.row('run⟨U+200D⟩cmd').locator('.monaco-icon-label').first());
  await hoverBox(wb, 'Fix it').waitFor({ timeout: UI_TIMEOUT });
  await wb.shot('servers-view-tool-hover');
  await assertNothingFired(wb, 'Servers view and its hover');
  await page.mouse.move(0, 0);

  // Run Tool: the pick flags the look-alikes; its detail hover shows the payload as text.
  await runOn(wb, 'MCP Lens: Run Tool…', 'payloads');
  await quickRow(wb, /^delete_all⟨U\+200B⟩/).filter({ hasText: '⚠ looks like' }).waitFor({ timeout: UI_TIMEOUT });
  await quickRow(wb, /^read_f⟨U\+0456⟩le/).filter({ hasText: '⚠ looks like' }).waitFor({ timeout: UI_TIMEOUT });
  await hoverOver(wb, quickRow(wb, /^delete_all⟨U\+200B⟩/).locator('.quick-input-list-rows .monaco-icon-label').last());
  await hoverBox(wb, 'Fix it').waitFor({ timeout: UI_TIMEOUT });
  await wb.shot('run-tool-pick-flagged-look-alikes');
  await assertNothingFired(wb, 'Run Tool pick and its detail hover');
  await assertResponsive(wb, 'a pick holding a 1 MB description');

  // The schema's description is the input prompt, its pattern the validation message.
  await runOn(wb, 'MCP Lens: Run Tool…', 'payloads', { typed: 'ask', row: /^ask/ });
  await page.locator('.quick-input-widget').filter({ hasText: 'Fix it' }).waitFor({ timeout: UI_TIMEOUT });
  await page.locator('.quick-input-widget input').fill('not the pattern');
  await page.locator('.quick-input-message').filter({ hasText: 'Must match' }).filter({ hasText: '[Fix it] (command:' }).waitFor({ timeout: UI_TIMEOUT });
  await wb.shot('input-box-prompt-and-validation');
  await assertNothingFired(wb, 'Run Tool input box');
  await page.keyboard.press('Escape');

  // Get Prompt: a look-alike prompt; its panel shows the argument's description as text.
  await runOn(wb, 'MCP Lens: Get Prompt…', 'payloads', /^summar⟨U\+0456⟩se[\s\S]*⚠ looks like/);
  const promptPanel = await frameWith(page, '.field-description:has-text("[Fix it](command:")');
  if ((await promptPanel.locator('a[href]').count()) > 0) throw new Error('the prompt panel holds a link');
  await wb.shot('prompt-panel-argument-description-as-text');
  await assertNothingFired(wb, 'Get Prompt panel');
  await page.locator('.part.sidebar .composite.title').first().click();

  // Read Resource: the server's error message in the resource panel, as text.
  await runOn(wb, 'MCP Lens: Read Resource…', 'payloads', /^broken/);
  // The prompt panel shows the same payload: the resource panel is the one with the read's result.
  const resourcePanel = await frameWith(page, '.result:has-text("[Open a terminal](command:")');
  await resourcePanel.locator('.result', { hasText: '[Open a terminal](command:' }).first().waitFor({ state: 'visible', timeout: UI_TIMEOUT });
  if ((await resourcePanel.locator('a[href]').count()) > 0) throw new Error('the resource panel holds a link');
  await wb.shot('escaped-error-in-resource-panel');
  await assertNothingFired(wb, 'resource read error');
  await page.locator('.part.sidebar .composite.title').first().click();

  // Tool panel: payload results shown as text; a web link opens only after a modal shows it whole.
  await runOn(wb, 'MCP Lens: Run Tool…', 'payloads', { typed: 'results', row: /^results/ });
  const panel = await frameWith(page, '.block-link');
  await panel.locator('button', { hasText: 'Open link…' }).first().click();
  const dialog = page.locator('.monaco-dialog-box').filter({ hasText: `${canary.url}/resource-link` });
  await dialog.waitFor({ timeout: UI_TIMEOUT });
  await wb.shot('open-link-modal-shows-the-whole-url');
  await dialog.locator('.monaco-button', { hasText: 'Cancel' }).click();
  await dialog.waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
  await page.locator('.part.sidebar .composite.title').first().click();
  if ((await panel.locator('.block-link').nth(1).locator('button', { hasText: 'Open link…' }).count()) > 0) throw new Error('a command: resource_link has an Open link button');
  await assertNothingFired(wb, 'tool panel');

  // Progress and log messages, a payload stderr line and a 5 MB one.
  await runOn(wb, 'MCP Lens: Run Tool…', 'payloads', { typed: 'noisy', row: /^noisy/ });
  await frameWith(page, 'text=noisy done');
  // The tool panel has the focus, and a webview keeps its keys: the workbench takes them back.
  await page.locator('.part.sidebar .composite.title').first().click();
  await wb.runCommand('MCP Lens: Show stderr and Diagnostics');
  const stderr = await frameWith(page, '.row .more');
  const longest = await stderr.evaluate(() => Math.max(...Array.from(document.querySelectorAll('.row .text')).map((e) => e.textContent?.length ?? 0)));
  if (longest > 10_000) throw new Error(`a stderr row holds ${longest} characters`);
  await wb.shot('stderr-panel-clipped-line');
  await assertResponsive(wb, 'a 5 MB stderr line');
  await assertNothingFired(wb, 'stderr panel');

  // Messages view and Problems.
  await wb.page.locator('.part.sidebar .pane').filter({ has: page.locator('.pane-header', { hasText: /Messages/i }) }).locator('.monaco-list-row').filter({ hasText: 'notifications/message' }).first().waitFor({ timeout: UI_TIMEOUT });
  await wb.runCommand('View: Focus Problems');
  await page.locator('.markers-panel .monaco-list-row').filter({ hasText: 'look the same' }).first().waitFor({ timeout: UI_TIMEOUT });
  await page.locator('.markers-panel .monaco-list-row').filter({ hasText: 'delete_all⟨U+200B⟩' }).first().waitFor({ timeout: UI_TIMEOUT });
  await wb.shot('problems-look-alike-names');
  await assertNothingFired(wb, 'Messages view and Problems');
}

/** The initialize error and stderr in the start-failure notification; a trace file's hovers. */
async function startFailureAndTrace(wb: Workbench): Promise<void> {
  const page = wb.page;
  await wb.openContainer('MCP Lens');
  const server = await wb.waitForRow(/payloads-init/);
  await wb.clickInlineAction(server, 'Start Server');
  const toast = await wb.waitForNotification('payloads-init');
  await toast.filter({ hasText: '[Fix it] (command:' }).waitFor({ timeout: UI_TIMEOUT });
  if ((await toast.locator('.notification-list-item-message a').count()) > 0) throw new Error('the start-failure notification holds a link');
  await wb.shot('escaped-initialize-error-notification');
  await assertNothingFired(wb, 'start failure');

  // Someone else's trace file: hovers on its method, error and notification.
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.fill('hostile.mcptrace.jsonl');
  await quickRow(wb, 'hostile.mcptrace.jsonl').waitFor({ timeout: UI_TIMEOUT });
  await input.press('Enter');
  const editor = page.locator('.editor-instance .monaco-editor').first();
  await editor.locator('.view-line').first().waitFor({ timeout: UI_TIMEOUT });
  // The hover at the start of each line (Go to Line, then Show Hover, as from the keyboard).
  for (const line of [1, 2, 3]) {
    await page.keyboard.press('Control+G');
    await page.locator('.quick-input-widget input').fill(`:${line}`);
    await page.locator('.quick-input-widget input').press('Enter');
    await showHoverUntil(wb, `seq ${line}`);
    await assertNothingFired(wb, `trace hover on line ${line}`);
    if (line === 1) await wb.shot('trace-hover-payload-as-text');
    await page.keyboard.press('Escape');
  }
}

/** Show Hover (Ctrl+K Ctrl+I) until a hover holding `text` appears: the language server may still be starting. */
async function showHoverUntil(wb: Workbench, text: string): Promise<void> {
  const deadline = Date.now() + UI_TIMEOUT;
  for (;;) {
    await wb.page.keyboard.press('Control+K');
    await wb.page.keyboard.press('Control+I');
    const shown = await hoverBox(wb, text)
      .waitFor({ timeout: 2000 })
      .then(() => true)
      .catch(() => false);
    if (shown) return;
    if (Date.now() > deadline) throw new Error(`no hover with "${text}" within ${UI_TIMEOUT} ms`);
  }
}

/** The webview frame holding `selector`, polled until it is there. */
async function frameWith(page: Page, selector: string) {
  const deadline = Date.now() + UI_TIMEOUT;
  for (;;) {
    for (const frame of page.frames()) if ((await frame.locator(selector).count().catch(() => 0)) > 0) return frame;
    if (Date.now() > deadline) throw new Error(`no webview shows ${selector}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
