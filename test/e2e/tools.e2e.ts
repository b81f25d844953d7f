// Running a tool as a person does: open the server's source, click ▶ Run tool over the
// tool, fill the form, meet a validation error, fix it, run, read the result — and see at a
// glance a tool that failed (isError) apart from a request the tool never saw (-32602).
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { root } from '../harness/paths';
import type { E2eTest } from './e2eTest';
import { UI_TIMEOUT, webviewFrame, type Workbench } from './workbench';

const example = join(root, 'examples', 'workspace');
const hostile = join(root, 'test', 'e2e', 'workspaces', 'hostile');

/** Quick Open (Ctrl+P), the path, Enter: the file opens in an editor. */
async function openFile(wb: Workbench, path: string): Promise<void> {
  await wb.page.keyboard.press('Control+P');
  const input = wb.page.locator('.quick-input-widget input');
  await input.waitFor({ timeout: UI_TIMEOUT });
  await input.fill(path);
  const name = path.split('/').pop()!;
  await wb.page.locator('.quick-input-list .monaco-list-row').filter({ hasText: name }).first().waitFor({ timeout: UI_TIMEOUT });
  await input.press('Enter');
  await wb.page.locator('.monaco-editor .view-lines').first().waitFor({ timeout: UI_TIMEOUT });
}


/** Waits until no frame shows `selector`: a hidden webview (no retainContextWhenHidden) is torn down. */
async function noWebviewShows(page: Page, selector: string, timeout = UI_TIMEOUT): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    let shown = false;
    for (const frame of page.frames()) if ((await frame.locator(selector).count().catch(() => 0)) > 0) shown = true;
    if (!shown) return;
    if (Date.now() > deadline) throw new Error(`a webview still shows ${selector} after ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Starting weather attaches a debugger (its config has `dev.debug`), which opens the Debug
 * Console in the bottom panel; hiding it keeps the form and the source in the screenshots.
 */
async function shotWithoutPanel(wb: Workbench, name: string): Promise<void> {
  const hide = wb.page.locator('.part.panel .action-label[aria-label^="Hide Panel"], .part.panel .action-label[aria-label^="Close Panel"]').first();
  if (await hide.isVisible().catch(() => false)) {
    await hide.click();
    await wb.page.locator('.part.panel').waitFor({ state: 'hidden', timeout: UI_TIMEOUT }).catch(() => undefined);
  }
  await wb.shot(name);
}

/** Where the weather example's three tool objects open (`{`): a lens is drawn over each. */
const WEATHER_TOOL_LINES = [25, 54, 73];

/** Brings `line` into view and waits for a ▶ Run tool lens drawn right over it. */
async function lensOver(wb: Workbench, line: number): Promise<void> {
  await wb.goToLine(line);
  const deadline = Date.now() + UI_TIMEOUT;
  for (;;) {
    const gap = await wb.page.evaluate((n) => {
      const number = Array.from(document.querySelectorAll('.part.editor .line-numbers')).find((e) => e.textContent?.trim() === String(n));
      if (!number) return undefined;
      const top = number.getBoundingClientRect().top;
      const gaps = Array.from(document.querySelectorAll('.part.editor .codelens-decoration a'))
        .filter((a) => a.textContent?.includes('Run tool'))
        .map((a) => top - a.getBoundingClientRect().bottom)
        .filter((gap) => gap >= -2);
      return gaps.length ? Math.min(...gaps) : undefined;
    }, line);
    if (gap !== undefined && gap <= 16) return;
    if (Date.now() > deadline) throw new Error(`no ▶ Run tool lens drawn over line ${line} (nearest lens ends ${gap ?? 'nowhere'} px above it)`);
    await wb.page.waitForTimeout(200);
  }
}

function codeLens(page: Page, text: string | RegExp) {
  return page.locator('.monaco-editor .codelens-decoration a').filter({ hasText: text });
}

export const tests: E2eTest[] = [
  {
    name: 'run a tool from its code lens',
    workspace: example,
    window: 'example',
    async run(wb) {
      await wb.openContainer('MCP Lens');
      await wb.waitForRow(/weather/);
      await openFile(wb, 'servers/weather/server.mjs');
      // Three tool objects in the source, a lens over each. The editor draws the lenses of the
      // lines in view only (one run saw two of them not drawn): each tool is brought into view.
      const lens = codeLens(wb.page, '▶ Run tool');
      await lens.first().waitFor({ timeout: UI_TIMEOUT });
      for (const line of WEATHER_TOOL_LINES) await lensOver(wb, line);
      // Back to the top, where the first lens, over get_forecast, is the one in view.
      await wb.goToLine(1);
      await wb.shot('lenses-in-source');

      // The server is stopped: the lens starts it, then opens the form.
      await lens.first().click();
      let form = await webviewFrame(wb.page, '.tool-form');
      await form.locator('h1').filter({ hasText: 'get_forecast' }).waitFor({ timeout: UI_TIMEOUT });
      await form.locator('.server-badge').filter({ hasText: 'running' }).waitFor({ timeout: UI_TIMEOUT });
      await wb.row(/weather.*(modern|legacy) \d{4}-\d\d-\d\d/).waitFor({ timeout: UI_TIMEOUT });
      await shotWithoutPanel(wb, 'form-opened');

      const field = (path: string) => form.locator(`.field[data-path="${path}"]`).first();
      await field('/city').locator('input').fill('Lisbon');
      await field('/days').locator('input').fill('9'); // maximum is 7
      await field('/units').locator('select').selectOption({ label: 'fahrenheit' });
      const include = field('/include');
      await include.locator('button.add').click();
      await include.locator('button.add').click();
      await field('/include/0').locator('select').selectOption({ label: 'wind' });
      await field('/include/1').locator('select').selectOption({ label: 'uv' });
      await field('/alert/above_c').locator('input').fill('18');
      await shotWithoutPanel(wb, 'form-filled');

      // The source's group is maximized and restored: the hidden panel is rebuilt from its kept draft.
      await wb.page.locator('.monaco-editor .view-lines').first().click();
      await wb.runCommand('View: Toggle Maximize Editor Group');
      await noWebviewShows(wb.page, '.tool-form');
      await wb.runCommand('View: Toggle Maximize Editor Group');
      const again = await webviewFrame(wb.page, '.field[data-path="/include/1"]');
      const kept = await again.evaluate(() => ({
        city: document.querySelector<HTMLInputElement>('.field[data-path="/city"] input')?.value,
        days: document.querySelector<HTMLInputElement>('.field[data-path="/days"] input')?.value,
        above: document.querySelector<HTMLInputElement>('.field[data-path="/alert/above_c"] input')?.value,
      }));
      if (JSON.stringify(kept) !== JSON.stringify({ city: 'Lisbon', days: '9', above: '18' })) throw new Error(`the draft should survive the panel being hidden, got ${JSON.stringify(kept)}`);
      form = again;
      // Maximizing scrolled the source; back to its top, where the lens over get_forecast is.
      await wb.page.locator('.monaco-editor .view-lines').first().click();
      await wb.page.keyboard.press('Control+Home');
      await codeLens(wb.page, '▶ Run tool').first().waitFor({ timeout: UI_TIMEOUT });
      await shotWithoutPanel(wb, 'draft-kept-after-hide');

      await form.locator('button.primary').click();
      const daysError = field('/days').locator('.error-text');
      await daysError.waitFor({ timeout: UI_TIMEOUT });
      const message = await daysError.textContent();
      if (!/7/.test(message ?? '')) throw new Error(`the days error should name the bound 7, got "${message}"`);
      await form.locator('.error-summary').filter({ hasText: 'not sent' }).waitFor({ timeout: UI_TIMEOUT });
      await shotWithoutPanel(wb, 'validation-error-at-days');

      // Fixing the value clears the error as it is typed; Enter runs.
      await field('/days').locator('input').fill('5');
      await daysError.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
      await field('/days').locator('input').press('Enter');
      const result = form.locator('.result-ok');
      await result.waitFor({ timeout: UI_TIMEOUT });
      const text = await result.locator('.text-content').first().textContent();
      for (const expected of ['Lisbon, 5 day(s)', 'fahrenheit', 'wind', 'UV', 'warmer than 18°C']) {
        if (!text?.includes(expected)) throw new Error(`the result should include "${expected}", got: ${text}`);
      }
      await codeLens(wb.page, /^✓ \d+ ms$/).first().waitFor({ timeout: UI_TIMEOUT });
      await shotWithoutPanel(wb, 'result-and-lens');

      // A tool that ran and failed: isError, told apart from a protocol error.
      await field('/city').locator('input').fill('Atlantis');
      await form.locator('button.primary').click();
      await form.locator('.result-tool-error .banner-title').filter({ hasText: 'The tool ran and failed' }).waitFor({ timeout: UI_TIMEOUT });
      await codeLens(wb.page, /^isError \d+ ms$/).first().waitFor({ timeout: UI_TIMEOUT });
      await shotWithoutPanel(wb, 'tool-error');

      // Escape closes the panel.
      await field('/city').locator('input').press('Escape');
      await wb.page.locator('.tab').filter({ hasText: 'get_forecast' }).waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    },
  },
  {
    name: 'tool text is never HTML; a protocol error is not a tool error',
    workspace: hostile,
    async run(wb) {
      const dialogs: string[] = [];
      wb.page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await wb.openContainer('MCP Lens');
      await wb.waitForRow(/markup/);
      await wb.runCommand('MCP Lens: Run Tool…');
      // One server: it starts and its tools are offered.
      const pick = wb.page.locator('.quick-input-list .monaco-list-row').filter({ hasText: 'render_markup' }).first();
      await pick.waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('pick-tool');
      await pick.click();

      const form = await webviewFrame(wb.page, '.tool-form');
      const description = form.locator('.tool-description');
      await description.waitFor({ timeout: UI_TIMEOUT });
      const shown = await description.textContent();
      if (shown !== '<img src=x onerror=alert(1)> Shows what a client does with HTML in tool text.') throw new Error(`the description should show as text, got ${JSON.stringify(shown)}`);
      const title = await form.locator('h1').textContent();
      if (title !== 'Render <b>markup</b>') throw new Error(`the title should show as text, got ${JSON.stringify(title)}`);
      await form.locator('.field[data-path="/snippets"] button.add').click();
      await form.locator('.field[data-path="/snippets/0"] input').fill('<b>bold</b>');

      // The raw-JSON view shows the same arguments; edited JSON comes back as fields.
      await form.locator('button', { hasText: '{ } JSON' }).click();
      const rawJson = form.locator('textarea.raw-json');
      const shownJson = JSON.parse(await rawJson.inputValue());
      if (JSON.stringify(shownJson) !== JSON.stringify({ snippets: ['<b>bold</b>'] })) throw new Error(`raw JSON out of sync: ${JSON.stringify(shownJson)}`);
      await rawJson.fill('{ "snippets": ["<b>bold</b>", "<i>two</i>"] }');
      await wb.shot('raw-json');
      await form.locator('button', { hasText: 'Form' }).click();
      const second = await form.locator('.field[data-path="/snippets/1"] input').inputValue();
      if (second !== '<i>two</i>') throw new Error(`the fields should follow the JSON, got ${JSON.stringify(second)}`);
      await form.locator('button.primary').click();
      const result = form.locator('.result-ok');
      await result.waitFor({ timeout: UI_TIMEOUT });
      const text = await result.locator('.text-content').first().textContent();
      if (!text?.startsWith('<script>alert(2)</script> echoed 2 snippet(s): <b>bold</b> | <i>two</i>')) throw new Error(`the result text should show as text, got ${JSON.stringify(text)}`);
      await result.locator('.block-image img').waitFor({ timeout: UI_TIMEOUT });
      await result.locator('.block-audio audio').waitFor({ state: 'attached', timeout: UI_TIMEOUT });
      await result.locator('.block-link .link-name').filter({ hasText: '<i>ORD-123</i>' }).waitFor({ timeout: UI_TIMEOUT });
      // VS Code injects its own inline script into the webview; a script holding alert( would be the server's.
      const injected = await form.evaluate(() =>
        Array.from(document.querySelectorAll('img[src="x"], b, i, script')).filter((e) => e.tagName !== 'SCRIPT' || (e.textContent ?? '').includes('alert(')).map((e) => e.outerHTML),
      );
      if (injected.length > 0) throw new Error(`elements were created from server text: ${injected.join(', ')}`);
      const loaded = await result.locator('.block-image img').evaluate((img: HTMLImageElement) => img.naturalWidth);
      if (loaded !== 16) throw new Error(`the returned PNG should load (16 px wide), got ${loaded}`);
      await wb.shot('markup-as-text-image-audio-link');

      // One plain string argument: the palette asks for it in an input box, then shows the outcome.
      await wb.pickAfterCommand('MCP Lens: Run Tool…', 'lookup_order');
      const box = wb.page.locator('.quick-input-widget input');
      await wb.page.locator('.quick-input-widget').filter({ hasText: 'lookup_order (1/1): id' }).waitFor({ timeout: UI_TIMEOUT });
      await box.fill('123');
      await wb.shot('quick-input-argument');
      await box.press('Enter');
      const orderForm = await webviewFrame(wb.page, '.result-protocol-error');
      const banner = orderForm.locator('.result-protocol-error .banner-title');
      await banner.filter({ hasText: 'The request never reached the tool: JSON-RPC -32602 Invalid params' }).waitFor({ timeout: UI_TIMEOUT });
      await orderForm.locator('.result-protocol-error .json-tree').filter({ hasText: 'ORD-<digits>' }).waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('protocol-error');

      // Optional picks: Enter keeps what a text box keeps, nothing for an enum without a default
      // and the schema's default for the flag, as a person hurrying through expects.
      await wb.pickAfterCommand('MCP Lens: Run Tool…', 'list_orders');
      const focused = wb.page.locator('.quick-input-list .monaco-list-row.focused');
      await wb.page.locator('.quick-input-widget').filter({ hasText: 'list_orders (1/2): status' }).waitFor({ timeout: UI_TIMEOUT });
      await focused.filter({ hasText: 'Leave out' }).waitFor({ timeout: UI_TIMEOUT });
      await box.press('Enter');
      await wb.page.locator('.quick-input-widget').filter({ hasText: 'list_orders (2/2): archived' }).waitFor({ timeout: UI_TIMEOUT });
      await focused.filter({ hasText: 'false' }).filter({ hasText: 'default' }).waitFor({ timeout: UI_TIMEOUT });
      // The argument's description is still the pick's placeholder.
      const hint = await box.getAttribute('placeholder');
      if (hint !== 'archived ones only') throw new Error(`the flag's description should be the placeholder, got ${JSON.stringify(hint)}`);
      await wb.shot('optional-flag-starts-on-its-default');
      await box.press('Enter');
      const listed = await webviewFrame(wb.page, '.result-area:has-text("Listed orders")');
      const said = await listed.locator('.result-area').innerText();
      if (!said.includes('Listed orders with {"archived":false}.')) throw new Error(`list_orders should run with {"archived":false} only, got ${JSON.stringify(said)}`);

      // The inline ▶ on a tool row of the Servers view brings its panel back (one panel per tool).
      await wb.clickInlineAction(await wb.waitForRow('render_markup'), 'Run Tool');
      await wb.page.locator('.tab.active').filter({ hasText: 'render_markup' }).waitFor({ timeout: UI_TIMEOUT });
      const tabs = await wb.page.locator('.tab').filter({ hasText: 'render_markup' }).count();
      if (tabs !== 1) throw new Error(`one render_markup panel expected, found ${tabs}`);
      await wb.shot('row-action-reveals-panel');

      // A slow tool: progress while it runs, and Cancel stops it (notifications/cancelled).
      await wb.pickAfterCommand('MCP Lens: Run Tool…', 'slow_export');
      const slow = await webviewFrame(wb.page, '.result-running');
      await slow.locator('.result-running .banner-detail').filter({ hasText: / \/ 50 — order \d+ of 50/ }).waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('progress-while-running');
      await slow.locator('.result-running button', { hasText: 'Cancel' }).click();
      await slow.locator('.banner-title').filter({ hasText: 'Cancelled' }).waitFor({ timeout: UI_TIMEOUT });
      await wb.shot('cancelled');

      // Open Image: the returned PNG at full size in VS Code's image preview, beside the panel.
      const markup = await webviewFrame(wb.page, '.block-image img');
      await markup.locator('.block-image button', { hasText: 'Open Image' }).click();
      await wb.page.locator('.tab').filter({ hasText: 'markup-render_markup-2.png' }).waitFor({ timeout: UI_TIMEOUT });
      const preview = await webviewFrame(wb.page, 'img[src*="markup-render_markup-2.png"]');
      const width = await preview.locator('img[src*="markup-render_markup-2.png"]').evaluate((img: HTMLImageElement) => img.naturalWidth);
      if (width !== 16) throw new Error(`the opened image should be the 16 px PNG, got ${width} px`);
      await wb.shot('image-opened-full-size');
      if (dialogs.length > 0) throw new Error(`dialogs opened: ${dialogs.join(', ')}`);
    },
  },
];
