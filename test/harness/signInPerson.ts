// The person in the browser during a sign-in: when the workbench opens a page of its own (the
// extension's vscode.env.openExternal becomes a new tab in code-server), the person reads it and,
// where it is an authorization server's consent page, clicks its Allow button (#approve), as the
// test fixture test/fixtures/servers/http/sdk-oauth.mjs --consent draws it.
import type { BrowserContext, Page } from 'playwright-core';

const CONSENT_BUTTON = '#approve';

export function playSignInPerson(context: BrowserContext, workbench: Page, log: (line: string) => void): void {
  context.on('page', (page) => {
    if (page === workbench) return;
    void approve(page, log);
  });
}

async function approve(page: Page, log: (line: string) => void): Promise<void> {
  try {
    await page.waitForLoadState('domcontentloaded');
    const button = page.locator(CONSENT_BUTTON);
    await button.waitFor({ state: 'visible', timeout: 30_000 });
    log(`[harness] the person allows the sign-in on ${new URL(page.url()).origin}`);
    await Promise.all([page.waitForURL(/^http:\/\/127\.0\.0\.1:\d+\/callback\?/, { timeout: 30_000 }), button.click()]);
    log('[harness] the browser came back to the editor\'s loopback listener');
  } catch (error) {
    log(`[harness] a page the workbench opened was not a consent page (${page.url()}): ${(error as Error).message.split('\n')[0]}`);
  } finally {
    await page.close().catch(() => undefined);
  }
}
