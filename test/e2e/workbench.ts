// What a person does in the workbench, as playwright steps: open a view, click a row's
// inline action, run a palette command, read a notification — and a screenshot per step.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Locator, Page } from 'playwright-core';

/** Generous: a cold workbench on 2 cores takes 10–20 s before extensions are active. */
export const UI_TIMEOUT = 60_000;

/** Whether a step finished within its own timeout: false instead of the timeout's error, for a step a person would try again. */
export function succeeded(step: Promise<unknown>): Promise<boolean> {
  return step.then(
    () => true,
    () => false,
  );
}

/**
 * What a person does when a click or a command seems to have done nothing: `act`, look for its
 * `effect` for `within` ms, and act again, up to `attempts` times, while it has not shown and
 * `again()` says acting again still makes sense (the state has not moved on: a server that is
 * starting is not started twice, its effect is waited for). The last look waits UI_TIMEOUT. An
 * action that fails (its target gone because it did act, late) is looked past: the effect
 * decides, and the action's failure is thrown only if the effect never shows.
 */
export async function retried<T>(
  act: () => Promise<unknown>,
  effect: (timeout: number) => Promise<T>,
  { within, attempts, again = async () => true }: { within: number; attempts: number; again?: () => Promise<boolean> },
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const failed = await act().then(
      () => undefined,
      (error: unknown) => ({ error }),
    );
    const last = attempt === attempts;
    try {
      return await effect(last ? UI_TIMEOUT : within);
    } catch (error) {
      if (last) throw failed?.error ?? error;
      if (!(await again())) return effect(UI_TIMEOUT).catch((late: unknown) => Promise.reject(failed?.error ?? late));
    }
  }
}

/** A row of a quick pick to click: its text, or a text to type first and the row it leaves. */
export type PickStep = string | RegExp | { typed: string; row: string | RegExp };

/** A step's row, and the text to type before looking for it (none: the row is in view). */
function partsOf(step: PickStep): { typed?: string; row: string | RegExp } {
  return typeof step === 'object' && !(step instanceof RegExp) ? step : { row: step };
}

/** The row found by typing its own text into the pick. */
export const typedRow = (text: string): PickStep => ({ typed: text, row: text });

export class Workbench {
  private step = 0;

  constructor(
    readonly page: Page,
    private readonly shotsDir: string,
    /** The folder open in the workbench (the test's own copy of its workspace). */
    readonly workspace: string,
  ) {
    rmSync(shotsDir, { recursive: true, force: true });
    mkdirSync(shotsDir, { recursive: true });
  }

  /** Saves NN-<name>.png in the test's folder; the numbers keep the story in order. `page`: another tab of the browser (a sign-in page); `clip`: a part of the page. */
  async shot(name: string, page: Page = this.page, clip?: { x: number; y: number; width: number; height: number }): Promise<string> {
    this.step += 1;
    const file = join(this.shotsDir, `${String(this.step).padStart(2, '0')}-${name}.png`);
    await page.screenshot({ path: file, ...(clip ? { clip } : {}) });
    return file;
  }

  async waitForReady(): Promise<void> {
    await this.page.locator('.monaco-workbench .part.activitybar').waitFor({ timeout: UI_TIMEOUT });
    await this.page.locator('.monaco-workbench .part.statusbar').waitFor({ timeout: UI_TIMEOUT });
  }

  /**
   * Clicks the activity-bar entry whose label starts with `title` and waits for its pane; a pane
   * already showing is left as it is (a second click on its entry would hide the side bar).
   */
  async openContainer(title: string): Promise<void> {
    const item = this.page.locator(`.part.activitybar .action-item a[aria-label^="${title}"], .part.activitybar .action-item[aria-label^="${title}"]`).first();
    const pane = this.page.locator('.part.sidebar .composite.title').filter({ hasText: title.toUpperCase() }).or(
      this.page.locator('.part.sidebar .composite.title').filter({ hasText: title })).first();
    await item.waitFor({ timeout: UI_TIMEOUT });
    if (!(await pane.isVisible())) await item.click();
    await pane.waitFor({ timeout: UI_TIMEOUT });
  }

  /** A tree or list row in the side bar whose accessible label contains `label`. */
  row(label: string | RegExp): Locator {
    return this.page.locator('.part.sidebar .monaco-list-row').filter({ hasText: label }).first();
  }

  async waitForRow(label: string | RegExp, timeout = UI_TIMEOUT): Promise<Locator> {
    const row = this.row(label);
    await row.waitFor({ timeout });
    return row;
  }

  /** Expands a collapsed tree row the way a person does: a click on its twistie, again if a
   * refresh re-rendered it collapsed. The row is followed by its locator, not an element
   * handle: the tree recycles row elements, so a handle can end up on another item. */
  async expand(row: Locator): Promise<void> {
    const deadline = Date.now() + UI_TIMEOUT;
    for (;;) {
      await row.waitFor({ timeout: UI_TIMEOUT });
      const expanded = await row.getAttribute('aria-expanded', { timeout: 5_000 }).catch(() => 'false');
      if (expanded !== 'false') return;
      await row.locator('.monaco-tl-twistie').click({ timeout: 5_000 }).catch(() => undefined);
      if (Date.now() > deadline) throw new Error(`the row never expanded (aria-expanded=${expanded})`);
      await this.page.waitForTimeout(500);
    }
  }

  /**
   * Hovers a row so its inline actions render, then clicks the one titled `action`. A tree that
   * re-renders (a server's children going as it stops) can move the row from under the mouse,
   * and its actions hide: the row is pointed at again, as a person would. A hover card left open
   * over it (another row's tooltip, ci34) takes the pointer: Escape and a move away close it.
   */
  async clickInlineAction(row: Locator, action: string): Promise<void> {
    const button = row.locator(`.actions .action-label[aria-label^="${action}"], .actions a[title^="${action}"]`).first();
    const deadline = Date.now() + UI_TIMEOUT;
    for (;;) {
      const pointed = await succeeded(row.hover({ timeout: 5_000 }));
      if (pointed && (await succeeded(button.click({ timeout: 5_000 })))) return;
      if (Date.now() > deadline) throw new Error(`the row never offered its "${action}" action`);
      if (!pointed) {
        await this.page.keyboard.press('Escape');
        await this.page.mouse.move(700, 400);
      }
    }
  }

  /** Ctrl+G to a 1-based line of the editor in front: the cursor lands at its start, the line in view. */
  async goToLine(line: number): Promise<void> {
    await this.page.locator('.part.editor .monaco-editor .view-lines').first().click();
    await this.page.keyboard.press('Control+G');
    const input = this.page.locator('.quick-input-widget input');
    await input.waitFor({ timeout: UI_TIMEOUT });
    await input.fill(`:${line}`);
    await input.press('Enter');
    await this.page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
  }

  /** F1, type the title, wait until the palette lists it, Enter. */
  async runCommand(title: string): Promise<void> {
    // The palette lists the commands enabled when it opens and does not refresh while open: a
    // command whose when-clause turns true a moment later needs it opened again, as a person would.
    const deadline = Date.now() + UI_TIMEOUT;
    for (;;) {
      await this.page.keyboard.press('F1');
      const input = this.page.locator('.quick-input-widget input');
      // A webview taking the focus closes the palette as it opens (seen in the tidy step under
      // load), or keeps the key (ci34): open it again.
      const filled = (await succeeded(input.waitFor({ timeout: 5_000 }))) && (await succeeded(input.fill(`>${title}`, { timeout: 5_000 })));
      if (!filled) {
        if (Date.now() > deadline) throw new Error(`the command palette did not stay open to type "${title}"`);
        continue;
      }
      const row = this.page.locator('.quick-input-list .monaco-list-row').filter({ hasText: title }).first();
      if (await succeeded(row.waitFor({ timeout: 5_000 }))) {
        await input.press('Enter');
        return;
      }
      await input.press('Escape');
      if (Date.now() > deadline) throw new Error(`the command palette never offered "${title}"`);
    }
  }

  /**
   * Runs a command and clicks its way through the picks it opens: each step a row (its text), or
   * `{ typed, row }` for a row to find by typing first (a long list renders only the rows in
   * view). A webview still loading may take the focus from a pick, which then closes with its rows
   * left hidden in the page (seen under load, on the first pick and on the later ones): the command
   * is run again from the start, as a person would. `via`: a row to pick first when the first pick
   * does not list its row yet (Run Tool… asks for the server when several run).
   */
  async pickAfterCommand(title: string, steps: PickStep | PickStep[], via?: string): Promise<void> {
    const path = Array.isArray(steps) ? steps : [steps];
    const deadline = Date.now() + UI_TIMEOUT;
    for (;;) {
      await this.runCommand(title);
      if (await this.pickPath(path, via)) return;
      if (Date.now() > deadline) throw new Error(`${title} never offered ${path.map((step) => String(partsOf(step).row)).join(' then ')}`);
      await this.page.keyboard.press('Escape');
    }
  }

  /** The picks' rows clicked in order; false as soon as one does not show or its click does not land. */
  private async pickPath(path: PickStep[], via: string | undefined): Promise<boolean> {
    const rows = this.page.locator('.quick-input-list .monaco-list-row');
    const shown = (target: Locator) => succeeded(target.waitFor({ timeout: 15_000 }));
    // A clicked row's pick gives way to the next one: typing before it has would filter the old pick.
    const clicked = async (target: Locator) => {
      if (!(await succeeded(target.click({ timeout: 5_000 })))) return false;
      await succeeded(target.waitFor({ state: 'hidden', timeout: 5_000 }));
      return true;
    };
    for (const [index, step] of path.entries()) {
      const { typed, row: item } = partsOf(step);
      const row = rows.filter({ hasText: item }).first();
      if (index === 0 && via !== undefined) {
        const first = rows.filter({ hasText: via }).first();
        if ((await shown(row.or(first).first())) && (await row.count()) === 0 && !(await clicked(first))) return false;
      }
      if (typed !== undefined && !(await succeeded(this.page.locator('.quick-input-widget input').fill(typed, { timeout: 5_000 })))) return false;
      if (!((await shown(row)) && (await clicked(row)))) return false;
    }
    return true;
  }

  /**
   * What a person closes before the next task in the same window: a quick input or hover
   * (Escape), every editor (tool panels, files), the panel (stderr, log), the notifications, the
   * editor history and the servers left running, their rows collapsed, so that the next test
   * finds its own webviews, toasts, files and rows.
   */
  async closeWhatIsOpen(): Promise<void> {
    // Back on VS Code's tab: the last test may have left the person on a sign-in page.
    await this.page.bringToFront();
    await this.page.keyboard.press('Escape');
    await this.runCommand('View: Close All Editors');
    // Hide Panel is in the palette only while the panel shows.
    if (await this.page.locator('.part.panel').isVisible()) await this.runCommand('View: Hide Panel');
    await this.runCommand('Notifications: Clear All Notifications');
    // Quick Open ranks the files opened before first: the next test's file is to be found by its path.
    await this.runCommand('Clear Editor History');
    const confirm = this.page.locator('.monaco-dialog-box .monaco-button').filter({ hasText: /^Clear$/ }).first();
    if (await succeeded(confirm.waitFor({ timeout: 5_000 }))) await confirm.click();
    await this.stopRunningServers();
  }

  /**
   * Stops, from their rows, the servers that run (a row that names its protocol era and
   * revision): in a fresh window none runs, and a server started while another runs does not
   * take the Messages view from it.
   */
  private async stopRunningServers(): Promise<void> {
    await this.openContainer('MCP Lens');
    const servers = this.page.locator('.part.sidebar .pane').filter({ has: this.page.locator('.pane-header', { hasText: /Servers/i }) }).first();
    const header = servers.locator('.pane-header').first();
    if ((await header.getAttribute('aria-expanded')) === 'false') await header.click();
    const running = servers.locator('.monaco-list-row').filter({ hasText: /(modern|legacy) \d{4}-\d\d-\d\d/ });
    for (let count = await running.count(); count > 0; count = await running.count()) {
      await this.clickInlineAction(running.first(), 'Stop Server');
      const deadline = Date.now() + UI_TIMEOUT;
      while ((await running.count()) >= count) {
        if (Date.now() > deadline) throw new Error(`Stop Server left ${count} server(s) running`);
        await this.page.waitForTimeout(100);
      }
    }
    // Its rows collapsed, as in a fresh window: a stopped server keeps its last rows (tools,
    // probes), which would push the next server's below the fold.
    await header.hover();
    const collapse = header.locator('.action-label[aria-label^="Collapse All"]').first();
    if (await collapse.isEnabled().catch(() => false)) await collapse.click({ timeout: 5_000 }).catch(() => undefined);
    // Away from the rows, so that no tooltip of a stopped server covers the next test's steps.
    await this.page.mouse.move(700, 400);
  }

  /** A notification toast containing `text`. */
  async waitForNotification(text: string | RegExp, timeout = UI_TIMEOUT): Promise<Locator> {
    const toast = this.page.locator('.notifications-toasts .notification-toast').filter({ hasText: text }).first();
    await toast.waitFor({ timeout });
    return toast;
  }
}

/** The webview frame (tool panel, stderr panel) that shows `selector`: webviews are iframes. */
export async function webviewFrame(page: Page, selector: string, timeout = UI_TIMEOUT): Promise<Frame> {
  const deadline = Date.now() + timeout;
  for (;;) {
    for (const frame of page.frames()) if ((await frame.locator(selector).count().catch(() => 0)) > 0) return frame;
    if (Date.now() > deadline) throw new Error(`no webview shows ${selector} after ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
