// Debian's chromium driven by playwright-core (never `playwright install`: no downloads here).
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { onAbort } from './cleanup';
import { chromiumPath } from './paths';

export interface Browser {
  readonly context: BrowserContext;
  close(): Promise<void>;
}

const VIEWPORT = { width: 1400, height: 900 };

const LAUNCH = {
  executablePath: chromiumPath,
  headless: true,
  // Playwright's own handlers would close the browser before ours stop code-server.
  handleSIGINT: false,
  handleSIGTERM: false,
  handleSIGHUP: false,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
  ],
};

/** Closes `context` once, on the caller's word or on Ctrl-C. */
function closing(context: BrowserContext): Browser {
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    unregister();
    await context.close().catch(() => undefined);
  };
  const unregister = onAbort(close);
  return { context, close };
}

/** A chromium with a profile of its own in `runDir`. */
export async function launchBrowser(runDir: string): Promise<Browser> {
  const profile = join(runDir, 'chromium-profile');
  rmSync(profile, { recursive: true, force: true });
  mkdirSync(profile, { recursive: true });
  return closing(await chromium.launchPersistentContext(profile, { ...LAUNCH, viewport: VIEWPORT }));
}

/** One chromium for many runs; each newContext() is a fresh profile (no storage, cookies or service workers of another). */
export interface SharedBrowser {
  newContext(): Promise<Browser>;
  close(): Promise<void>;
}

/** Starts chromium once (about half a second saved per context, against a launch each). */
export async function launchSharedBrowser(): Promise<SharedBrowser> {
  const browser = await chromium.launch(LAUNCH);
  const close = async (): Promise<void> => {
    unregister();
    await browser.close().catch(() => undefined);
  };
  const unregister = onAbort(close);
  return { newContext: async () => closing(await browser.newContext({ viewport: VIEWPORT })), close };
}
